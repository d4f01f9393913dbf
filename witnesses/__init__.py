"""The witness layer (docs/guide/witnesses.md).

Event timelines, the phase grammar, pivot-conditioned solvers, compression
strategies, the Exp58 witness and the rate layer.
"""

# ``witnesses.rates`` is the module (its function: ``witnesses.rates.rates``);
# calling the module is deprecated (docs/guide/contract.md, "Deprecations").
from witnesses import rates
from witnesses._compress._core import STRATEGIES, CompressionResult, compress
from witnesses._solve._core import SOLVERS, pivot_candidates, solve
from witnesses._solve._pool import injection_pool, rank_pivots
from witnesses._timeline_io import load_timeline
from witnesses.check import (
    CompressorReport,
    ContractResult,
    Witness,
    check_compressor,
)
from witnesses.events import Event, Timeline
from witnesses.generators import BurstyConfig, MultiBurstConfig, bursty, multiburst
from witnesses.grammar import (
    Grammar,
    Phase,
    Violation,
    development_eligible_count,
    label_phases,
    setup_count,
    tp_weighted_score,
    validate,
)
from witnesses.rates import RATE_NAMES, CellRates, MeanEstimate, Rate
from witnesses.rates._presets import PRESETS, Preset
from witnesses.rates.trials import (
    TRIAL_FIELDS,
    FileHarness,
    Harness,
    Simulator,
    Trial,
    load_trials,
)
from witnesses.semantics import PAPER, REFERENCE, Semantics, as_semantics
from witnesses.sequence import ExtractedSequence, Solution
from witnesses.state import (
    ContextState,
    build_context_state,
    compose_context_states,
    no_absorption_invariant,
)

__all__ = [
    "PAPER",
    "PRESETS",
    "RATE_NAMES",
    "REFERENCE",
    "SOLVERS",
    "STRATEGIES",
    "TRIAL_FIELDS",
    "BurstyConfig",
    "CellRates",
    "CompressionResult",
    "CompressorReport",
    "ContextState",
    "ContractResult",
    "Event",
    "ExtractedSequence",
    "FileHarness",
    "Grammar",
    "Harness",
    "MeanEstimate",
    "MultiBurstConfig",
    "Phase",
    "Preset",
    "Rate",
    "Semantics",
    "Simulator",
    "Solution",
    "Timeline",
    "Trial",
    "Violation",
    "Witness",
    "as_semantics",
    "build_context_state",
    "bursty",
    "check_compressor",
    "compose_context_states",
    "compress",
    "development_eligible_count",
    "injection_pool",
    "label_phases",
    "load_timeline",
    "load_trials",
    "multiburst",
    "no_absorption_invariant",
    "pivot_candidates",
    "rank_pivots",
    "rates",
    "retention_sweep",
    "run_exp58",
    "setup_count",
    "solve",
    "tp_weighted_score",
    "validate",
]


def __getattr__(name: str) -> object:
    # Loaded on first use, so that ``python -m witnesses.exp58`` and
    # ``python -m witnesses.sweep`` do not find their module half-imported.
    if name == "run_exp58":
        from witnesses.exp58 import run

        return run
    if name == "retention_sweep":
        from witnesses.experiments.sweep import retention_sweep

        return retention_sweep
    msg = f"module 'witnesses' has no attribute {name!r}"
    raise AttributeError(msg)


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"retention_sweep", "run_exp58"})
