"""Every public argument that takes an iterable reads a generator once (issue 33).

A check such as ``all(isinstance(b, str) for b in bounded)`` consumes a
generator; the code after it then sees nothing, and the answer changes with
exit status 0 (``rates(bounded_measures=<generator>)`` gave Student-t intervals
where the percentile bootstrap was asked; fixed in d9904af). Each case below
is one argument: the call with a list must equal the call with a one-shot
generator of the same items (and, where the items are hashable, a tuple and a
``dict.keys()`` view), or, for an argument documented as a sequence that
refuses a generator, the generator must be refused with an error naming the
argument, before any answer is given.

``test_the_case_can_fail`` shows each "same" case would catch a consumed
generator: the call with an exhausted iterator gives another answer (or an
error), so reading the argument twice could not pass unnoticed.

Bugs this file found (each failed here on the old code):

- ``witnesses.rates.rates(by=<generator>)``: every trial in one cell grouped
  by nothing (the check of ``by`` consumed it);
- ``witnesses.rates.format_cells(columns=<generator>, fmt="md")``: a header
  over rows with no statistic at all (``fmt="text"``: IndexError);
- ``witnesses.simulators.CompactionSimulator(pinned=<generator>)``: nothing
  pinned (``expected_retention(pinning=True)`` 0.729 instead of 0.7629);
  ``survival=<generator>``: "object of type 'generator' has no len()";
- ``witnesses.simulators.ScatterSimulator(layouts=<generator>)``:
  ``simulate`` returned no trial;
- ``proofs.plots.verdict_counts(<generator>)``: ``{}``;
  ``plot_verdicts_by_source(<generator>)``: "has no len()";
- ``theory.inference.mean_reciprocal_rank / mean_average_precision /
  ndcg_at_k(<generator>)``: "object of type 'generator' has no len()" (no
  wrong answer; the argument named nothing);
- ``proofs.claims.vm.witness.tiny_timelines(n, weights=<generator>)``: 4 of
  the 16 two-event timelines (the other actor's were missing), and so
  ``search_solver_gap(n, weights=<generator>)`` searched a quarter of its
  domain (not a case here: no small domain has a gap, so both answers are
  None; it calls ``tiny_timelines`` with its ``weights``).
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable, Iterator
from typing import Any

import matplotlib.pyplot as plt
import networkx as nx
import pytest

from algebra import Context, compose_endo, fold, from_events, is_absorbed, reduce_tree
from algebra.laws import check_homomorphism, check_ideal, check_monoid
from algebra.tropical import (
    TropicalContext,
    best_feasible_pivot,
    fold_tropical,
    tropical_from_events,
)
from proofs import ClaimCheck, Verdict
from proofs.claims.ko.printed import density_as_printed
from proofs.claims.vm.witness import tiny_timelines
from proofs.cli import resolve
from proofs.plots import plot_verdicts_by_source, verdict_counts
from proofs.records import combine, umbrella
from proofs.register import LedgerEntry
from theory.consistency import check_mean, recompute_pvalue
from theory.decay import compare_decays, counts_by_depth, fit_decay
from theory.floors import conditional_entropy, cumulative_floor, entropy
from theory.inference import (
    bootstrap_ci,
    mcnemar,
    mean_average_precision,
    mean_reciprocal_rank,
    ndcg_at_k,
    posterior_superiority,
)
from theory.plots import plot_crossover, plot_sheaf
from theory.scatter import p_assembly_fragments
from theory.sheaf import CellularSheaf, memory_sheaf
from theory.validation import check_choice
from witnesses import (
    Event,
    Grammar,
    MultiBurstConfig,
    Semantics,
    Timeline,
    Trial,
    build_context_state,
    check_compressor,
    load_trials,
    pivot_candidates,
    rank_pivots,
    solve,
    tp_weighted_score,
)
from witnesses.benchmarks import Answer, accuracy, compare_systems, holm
from witnesses.exp58 import BLOCK1, exp58_timeline
from witnesses.rates import format_cells, outcomes, rates
from witnesses.simulators import (
    CompactionSimulator,
    DepthSimulator,
    ScatterSimulator,
    density_adaptive_retrieve,
    recall_by_depth,
    run_simulation,
    survival_curve_test,
)
from witnesses.state import paper_block_context, reference_block_context

SAME = "same"  # the generator gives the list's answer
REFUSED = "refused"  # the generator is refused, naming the argument

# --- inputs ------------------------------------------------------------------

TRIALS = [
    Trial(
        f"t{i}",
        "ab"[i % 2],
        seed=i % 3,
        full_pivot="p",
        chosen_pivot="pq"[i % 4 == 0],
        raw_validity=bool(i % 3),
        measures={"score": (i % 5) / 4, "other": i / 20},
    )
    for i in range(20)
]
CELLS = rates(TRIALS)
TIMELINE = Timeline(
    Event(f"e{i}", i, w, actors=frozenset("a"), causal_parents=(f"e{i - 1}",) * (i > 0))
    for i, w in enumerate([1.0, 1.0, 1.0, 9.0, 1.0, 2.0])
)
EXP58 = exp58_timeline()
_SOLVED = solve(TIMELINE, focal="a").sequence
assert _SOLVED is not None
SEQUENCE = _SOLVED
ANSWERS = [Answer(f"q{i}", "tu"[i >= 8], i % 4 != 0) for i in range(12)]
SYSTEM_A = [Answer(f"q{i}", "t", i < 20) for i in range(30)]
SYSTEM_B = [Answer(f"q{i}", "t", i < 12) for i in range(30)]
DEPTH_TRIALS = list(DepthSimulator(max_depth=2, n_chains=4, q=0.9).simulate(0))
CORPUS = [[1.0, 0.01], [1.0, 0.0], [0.0, 1.0]]
ROWS = [
    {"arm": "ab"[i % 2], "depth": 1 + i % 3, "chain_recovered": i % 4 != 0}
    for i in range(12)
]
DOMAIN = [Context(None, 0, 0), Context(None, 1, 0), Context(1, 0, 0), Context(2, 0, 0)]
SEGMENTS = [[], [None], [0], [1], [None, 0], [0, 1], [1, None]]
LEDGER = [
    LedgerEntry(claim, ClaimCheck(claim.id, verdict, "stated"))
    for claim, verdict in zip(
        resolve("VM-P1") + resolve("VM-P2") + resolve("DL-T10"),
        (Verdict.PROVEN, Verdict.REFUTED, Verdict.VERIFIED),
        strict=True,
    )
]
CLAIM_CHECKS = [
    ClaimCheck("VM-A", Verdict.PROVEN, "a"),
    ClaimCheck("VM-B", Verdict.VERIFIED, "b"),
]


def _keep_last(timeline: Any, *, target_size: int) -> Any:
    return timeline.ids[-target_size:]


def _ok() -> ClaimCheck:
    return ClaimCheck("VM-X", Verdict.PROVEN, "x")


def _lines(ax: Any) -> list[tuple[Any, ...]]:
    """The drawn lines of ``ax`` (data and label), then the figure is closed."""
    out = [
        (tuple(line.get_xdata()), tuple(line.get_ydata()), line.get_label())
        for line in ax.get_lines()
    ]
    plt.close(ax.figure)
    return out


def _bars(ax: Any) -> list[tuple[float, float, float]]:
    """The bars of ``ax`` (x, bottom, height), then the figure is closed."""
    out = [(p.get_x(), p.get_y(), p.get_height()) for p in ax.patches]
    plt.close(ax.figure)
    return out


def _edges(ax: Any) -> list[str]:
    """The drawn edge collections of ``ax`` (colours and widths), then closed."""
    out = [
        repr((c.get_edgecolor().tolist(), list(c.get_linewidth())))
        for c in ax.collections
    ]
    plt.close(ax.figure)
    return out


_FILES: dict[str, pathlib.Path] = {}


def _trials_file() -> pathlib.Path:
    """The harness file the module fixture wrote (a temporary folder)."""
    return _FILES["runs"]


# --- the cases: (id, argument, call, items, kind) -----------------------------

Call = Callable[[Any], Any]

CASES: list[tuple[str, str, Call, Any, str]] = [
    # algebra
    ("fold", "contexts", lambda v: fold(v),
     [Context.development(), Context.candidate(4), Context.development()], SAME),
    ("from_events", "events", lambda v: from_events(v), [None, 2, None, 5, None], SAME),
    ("reduce_tree", "contexts", lambda v: reduce_tree(v),
     [Context(1, 2, 0), Context(3, 1, 1), Context(2, 5, 5)], SAME),
    ("tropical_from_events", "events", lambda v: tropical_from_events(v, k=3),
     [None, None, 4, None, 20, None, 13], SAME),
    ("best_feasible_pivot", "events", lambda v: best_feasible_pivot(v, 3, top_m=10),
     [4, 20, None, None, None, 13, None, None], SAME),
    ("fold_tropical", "elements", lambda v: fold_tropical(v),
     [TropicalContext.development(k=1), TropicalContext.candidate(5, k=1)], SAME),
    ("check_monoid", "elements", lambda v: repr(check_monoid(lambda a, b: a - b, 0, v)),
     [0, 1, 2], SAME),
    ("check_ideal", "elements",
     lambda v: repr(check_ideal(compose_endo, lambda c: is_absorbed(c, 1), v)),
     DOMAIN, SAME),
    ("check_homomorphism", "segments",
     lambda v: repr(check_homomorphism(len, max, v)), SEGMENTS, SAME),
    # theory
    ("check_choice", "choices", lambda v: check_choice("b", "x", v), ["a", "b"], SAME),
    ("cumulative_floor", "tables", lambda v: cumulative_floor(v),
     [[[0.89, 0.11]], [[0.5, 0.0], [0.0, 0.5]], [[0.7, 0.3]]], SAME),
    ("counts_by_depth", "rows", lambda v: counts_by_depth(v, group_by=("arm",)),
     ROWS, SAME),
    ("counts_by_depth", "group_by", lambda v: counts_by_depth(ROWS, group_by=v),
     ["arm"], REFUSED),
    ("fit_decay", "depths", lambda v: fit_decay(v, [4, 2, 1], [8, 8, 8], "geometric"),
     [1, 2, 3], SAME),
    ("fit_decay", "k", lambda v: fit_decay([1, 2, 3], v, [8, 8, 8], "geometric"),
     [4, 2, 1], SAME),
    ("compare_decays", "n",
     lambda v: compare_decays([1, 2, 3], [630, 278, 86], v), [1000, 1000, 1000], SAME),
    ("compare_decays", "laws",
     lambda v: compare_decays([1, 2, 3], [630, 278, 86], [1000] * 3, laws=v),
     ["geometric", "power"], SAME),
    ("mcnemar", "table", lambda v: mcnemar(v), [[10, 9], [2, 5]], SAME),
    ("mean_reciprocal_rank", "ranks", lambda v: mean_reciprocal_rank(v),
     [1, None, 3, 2], SAME),
    ("mean_average_precision", "ranks", lambda v: mean_average_precision(v),
     [1, None, 3, 2], SAME),
    ("ndcg_at_k", "ranks", lambda v: ndcg_at_k(v, 2), [1, None, 3, 2], SAME),
    ("check_mean", "values", lambda v: check_mean("2.0", v), [1, 2, 3], REFUSED),
    ("recompute_pvalue", "df", lambda v: recompute_pvalue("4.1", "0.02", test="F", df=v),
     [2, 20], REFUSED),
    ("bootstrap_ci", "data",
     lambda v: bootstrap_ci(v, lambda s: float(s.mean()), method="percentile",
                            n_resamples=100),
     [[0.0, 1.0, 1.0, 0.0, 1.0]], REFUSED),
    ("posterior_superiority", "prior",
     lambda v: posterior_superiority(3, 10, 5, 10, prior=v), (1.0, 1.0), REFUSED),
    ("entropy", "axes", lambda v: entropy([[0.1, 0.2], [0.3, 0.4]], axes=v), [0, 1],
     REFUSED),
    ("conditional_entropy", "given",
     lambda v: conditional_entropy([[[0.1, 0.1], [0.1, 0.2]], [[0.1, 0.1], [0.2, 0.1]]],
                                   target=2, given=v),
     [0, 1], REFUSED),
    ("p_assembly_fragments", "probabilities", lambda v: p_assembly_fragments(v),
     [0.9, 0.8], REFUSED),
    ("memory_sheaf", "contexts",
     lambda v: memory_sheaf({"a": v, "b": ["y", "z"], "c": ["z", "x"]}).edges,
     ["x", "y"], REFUSED),
    ("plot_crossover", "taus",
     lambda v: _lines(plot_crossover(s0=0.7, q=0.97, rho=[0.5, 0.8], taus=v)),
     [0.5, 0.8], REFUSED),
    ("plot_sheaf", "highlight",
     lambda v: _edges(plot_sheaf(CellularSheaf.constant(nx.cycle_graph(3), 1),
                                 highlight=v)),
     [(1, 0), (2, 1)], SAME),
    # witnesses: rates and tables
    ("rates", "trials", lambda v: rates(v), TRIALS, SAME),
    ("rates", "by", lambda v: rates(TRIALS, by=v), ["condition", "seed"], SAME),
    ("rates", "bounded_measures", lambda v: rates(TRIALS, bounded_measures=v),
     ["score", "other"], SAME),
    ("outcomes", "trials", lambda v: outcomes(v, "pivot_preservation"), TRIALS, SAME),
    ("format_cells", "cells", lambda v: format_cells(v), CELLS, REFUSED),
    ("format_cells", "columns",
     lambda v: format_cells(CELLS, fmt="md", columns=v),
     [("valid", "raw_validity"), ("kept", "pivot_preservation")], SAME),
    ("format_cells", "absent", lambda v: format_cells(CELLS, absent=v),
     ["raw_validity", "pivot_preservation"], SAME),
    ("load_trials", "measures",
     lambda v: load_trials(_trials_file(), mapping={"task_id": "id", "condition": "arm",
                                                      "raw_validity": "valid"},
                           measures=v),
     ["score", "x"], SAME),
    ("accuracy", "answers", lambda v: accuracy(v), ANSWERS, SAME),
    ("holm", "pvalues", lambda v: holm(v), [0.01, 0.04, 0.03], SAME),
    ("compare_systems", "systems", lambda v: compare_systems({"a": v, "b": SYSTEM_B}),
     SYSTEM_A, SAME),
    # witnesses: timelines, pivots, solves
    ("Timeline", "events", lambda v: Timeline(v).events, list(TIMELINE), SAME),
    ("Event", "causal_parents",
     lambda v: Event("e9", 9, 1.0, causal_parents=v), ["e1", "e2"], SAME),
    ("Event", "actors", lambda v: Event("e9", 9, 1.0, actors=v), ["a", "b"], SAME),
    ("Timeline.subset", "ids", lambda v: TIMELINE.subset(v).events, ["e1", "e3"], SAME),
    ("rank_pivots", "events", lambda v: rank_pivots(v), list(TIMELINE), SAME),
    ("pivot_candidates", "pivot_ids", lambda v: pivot_candidates(TIMELINE, "a",
                                                                 pivot_ids=v),
     ["e5", "zz", "e3"], SAME),
    ("pivot_candidates", "tp_candidate_ids",
     lambda v: pivot_candidates(TIMELINE, "a", tp_candidate_ids=v), ["e5", "e3"], SAME),
    ("solve", "pivot_ids",
     lambda v: solve(TIMELINE, focal="a", grammar=Grammar.parametric(1), pivot_ids=v),
     ["e5", "e1"], SAME),
    ("build_context_state", "events",
     lambda v: build_context_state(v, "actor_0", m=10),
     list(EXP58.subset(["e01", "e03"])), SAME),
    ("paper_block_context", "events", lambda v: paper_block_context(v, "actor_0"),
     list(EXP58.subset(BLOCK1)), SAME),
    ("reference_block_context", "events",
     lambda v: reference_block_context(v, "actor_0"), list(EXP58.subset(BLOCK1)), SAME),
    ("tp_weighted_score", "events",
     lambda v: tp_weighted_score(v, SEQUENCE.phases), list(SEQUENCE.events), REFUSED),
    ("check_compressor", "seeds",
     lambda v: repr(check_compressor(_keep_last, k=3, seeds=v, retentions=[0.5],
                                     mirage=False, shrink=False)),
     [0, 1], SAME),
    ("check_compressor", "retentions",
     lambda v: repr(check_compressor(_keep_last, k=3, seeds=[0], retentions=v,
                                     mirage=False, shrink=False)),
     [0.5, 0.3], SAME),
    ("check_compressor", "timelines",
     lambda v: repr(check_compressor(_keep_last, k=1, timelines=v, focal="a",
                                     retentions=[0.5], mirage=False, shrink=False)),
     [TIMELINE, EXP58.subset(BLOCK1)], SAME),
    ("Semantics", "strategies",
     lambda v: Semantics("x", "definition2", "exact", True, "paper", v),
     ["naive", "definition2"], SAME),
    ("MultiBurstConfig", "burst_centres", lambda v: MultiBurstConfig(burst_centres=v),
     [0.2, 0.8], REFUSED),
    # witnesses: simulators
    ("CompactionSimulator", "pinned",
     lambda v: CompactionSimulator(n_facts=40, pinned=v).expected_retention(pinning=True),
     ["quantity", "date"], SAME),
    ("CompactionSimulator", "survival",
     lambda v: CompactionSimulator(n_facts=40, survival=v).expected_retention(pinning=False),
     [0.8], SAME),
    ("ScatterSimulator", "layouts",
     lambda v: ScatterSimulator(sigma=3, p=0.5, n_decisions=4, pool=10,
                                layouts=v).simulate(0),
     ["independent", "budget"], SAME),
    ("run_simulation", "seeds",
     lambda v: run_simulation(CompactionSimulator(n_facts=5), v, executor=False),
     [0, 1, 2], SAME),
    ("recall_by_depth", "trials", lambda v: recall_by_depth(v), DEPTH_TRIALS, SAME),
    ("density_adaptive_retrieve", "query_keys",
     lambda v: density_adaptive_retrieve([1.0, 0.02], v, CORPUS,
                                         [{"a"}, {"b"}, {"c"}], 1, tau=0.5),
     ["b"], SAME),
    ("density_adaptive_retrieve", "corpus_keys[0]",
     lambda v: density_adaptive_retrieve([1.0, 0.02], {"b"}, CORPUS,
                                         [v, {"b"}, {"c"}], 1, tau=0.5),
     ["b"], SAME),
    ("survival_curve_test", "survival",
     lambda v: survival_curve_test(v, [2.0, 4.0], n=100), [0.5, 0.25], REFUSED),
    # proofs
    ("verdict_counts", "entries", lambda v: verdict_counts(v), LEDGER, SAME),
    ("plot_verdicts_by_source", "entries",
     lambda v: _bars(plot_verdicts_by_source(v)), LEDGER, SAME),
    ("resolve", "claims", lambda v: resolve("VM-P*", claims=v),
     resolve("VM-P1") + resolve("VM-P2") + resolve("DL-T10"), SAME),
    ("combine", "parts", lambda v: combine(v), CLAIM_CHECKS, REFUSED),
    ("umbrella", "checks", lambda v: umbrella(v)(), [_ok, _ok], REFUSED),
    ("tiny_timelines", "weights",
     lambda v: [t.events for t in tiny_timelines(2, weights=v)], [1.0, 2.0], SAME),
    ("density_as_printed", "cosines", lambda v: density_as_printed(v, 2),
     [0.5, 0.4, 0.3, 0.5, 0.2, 0.1], SAME),
]  # fmt: skip


def _ids(cases: list[tuple[str, str, Call, list[Any], str]]) -> list[str]:
    return [f"{name}-{argument}" for name, argument, *_ in cases]


SAME_CASES = [c for c in CASES if c[4] == SAME]
REFUSED_CASES = [c for c in CASES if c[4] == REFUSED]


def _generator(items: list[Any]) -> Iterator[Any]:
    return (item for item in items)


def _outcome(call: Call, value: Any) -> tuple[str, Any]:
    """``("ok", result)`` or ``("raised", "TypeName: message")``."""
    try:
        return "ok", call(value)
    except (TypeError, ValueError) as error:
        return "raised", f"{type(error).__name__}: {error}"


def _hashable(items: list[Any]) -> bool:
    try:
        return len(set(items)) == len(items)
    except TypeError:
        return False


@pytest.fixture(autouse=True, scope="module")
def _trials_jsonl(tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.mktemp("read_once") / "runs.jsonl"
    path.write_text(
        '{"id": "t1", "arm": "naive", "valid": true, "score": 0.5, "x": 2}\n'
        '{"id": "t2", "arm": "naive", "valid": false, "score": 0.25, "x": 3}\n'
    )
    _FILES["runs"] = path


@pytest.mark.parametrize(
    ("name", "argument", "call", "items", "kind"), SAME_CASES, ids=_ids(SAME_CASES)
)
def test_a_generator_gives_the_list_answer(
    name: str, argument: str, call: Call, items: list[Any], kind: str
) -> None:
    """A one-shot generator (and a tuple, and a keys view) gives the list's answer."""
    listed = call(list(items))
    assert call(list(items)) == listed  # the comparison is meaningful
    assert call(_generator(items)) == listed, f"{name}({argument}=<generator>)"
    assert call(tuple(items)) == listed, f"{name}({argument}=<tuple>)"
    if _hashable(items):
        keys = dict.fromkeys(items).keys()
        assert call(keys) == listed, f"{name}({argument}=<dict keys>)"


@pytest.mark.parametrize(
    ("name", "argument", "call", "items", "kind"), SAME_CASES, ids=_ids(SAME_CASES)
)
def test_the_case_can_fail(
    name: str, argument: str, call: Call, items: list[Any], kind: str
) -> None:
    """An exhausted iterator gives another outcome: a consumed generator would show."""
    exhausted = _generator(items)
    list(exhausted)
    assert _outcome(call, exhausted) != ("ok", call(list(items)))


@pytest.mark.parametrize(
    ("name", "argument", "call", "items", "kind"),
    REFUSED_CASES,
    ids=_ids(REFUSED_CASES),
)
def test_a_refused_generator_names_the_argument(
    name: str, argument: str, call: Call, items: list[Any], kind: str
) -> None:
    """A sequence argument refuses a generator, naming it, before reading it."""
    call(items)  # the items as given are a valid call
    generator = _generator(items)
    with pytest.raises((TypeError, ValueError), match=rf"\b{argument}\b"):
        call(generator)


NOT_ITERABLE: list[tuple[str, Callable[[], Any], str]] = [
    ("mean_reciprocal_rank", lambda: mean_reciprocal_rank(5),  # type: ignore[arg-type]
     "ranks must be a sequence of int or None, got 5 of type int"),
    ("format_cells", lambda: format_cells(CELLS, columns=3),  # type: ignore[arg-type]
     "columns must be an iterable of (title, statistic) pairs, got 3 of type int"),
    ("CompactionSimulator", lambda: CompactionSimulator(pinned="quantity"),  # type: ignore[arg-type]
     "pinned must be an iterable of fact types, got 'quantity' of type str"),
    ("CompactionSimulator", lambda: CompactionSimulator(survival=0.9),  # type: ignore[arg-type]
     "survival must be an iterable of survivals, got 0.9 of type float"),
    ("verdict_counts", lambda: verdict_counts(3),  # type: ignore[arg-type]
     "entries must be a sequence of LedgerEntry, got 3 of type int"),
    ("tiny_timelines", lambda: list(tiny_timelines(2, weights=1.0)),  # type: ignore[arg-type]
     "weights must be a tuple of weights, got 1.0 of type float"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "call", "message"), NOT_ITERABLE, ids=[c[0] for c in NOT_ITERABLE]
)
def test_a_non_iterable_names_the_argument(
    name: str, call: Callable[[], Any], message: str
) -> None:
    """The arguments now read once refuse a non-iterable by name (was Python's own)."""
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        call()
