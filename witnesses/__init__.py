"""The witness layer (WITNESS.md).

Event timelines, the phase grammar, pivot-conditioned solvers, compression
strategies, the Exp58 witness and the rate layer.
"""

from typing import TYPE_CHECKING

from witnesses._presets import PRESETS, Preset
from witnesses.compress import STRATEGIES, CompressionResult, compress
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
from witnesses.sequence import ExtractedSequence, Solution
from witnesses.solve import SOLVERS, pivot_candidates, solve
from witnesses.state import (
    ContextState,
    build_context_state,
    compose_context_states,
    no_absorption_invariant,
)
from witnesses.trials import (
    TRIAL_FIELDS,
    FileHarness,
    Harness,
    Simulator,
    Trial,
    load_trials,
)

# ``witnesses.rates`` stays the submodule (callable as the function), so that
# ``import witnesses.rates`` and ``python -m witnesses.rates`` reach the module.
if TYPE_CHECKING:
    from witnesses.rates import rates
else:
    from witnesses import rates

__all__ = [
    "PRESETS",
    "RATE_NAMES",
    "SOLVERS",
    "STRATEGIES",
    "TRIAL_FIELDS",
    "BurstyConfig",
    "CellRates",
    "CompressionResult",
    "ContextState",
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
    "Simulator",
    "Solution",
    "Timeline",
    "Trial",
    "Violation",
    "build_context_state",
    "bursty",
    "compose_context_states",
    "compress",
    "development_eligible_count",
    "label_phases",
    "load_trials",
    "multiburst",
    "no_absorption_invariant",
    "pivot_candidates",
    "rates",
    "setup_count",
    "solve",
    "tp_weighted_score",
    "validate",
]
