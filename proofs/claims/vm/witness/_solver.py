"""Solver-side disagreements of docs/guide/witnesses.md §11 (items 5, 7, 11 and 2; private).

Re-exported by :mod:`proofs.claims.vm.witness`.
"""

from __future__ import annotations

from typing import NamedTuple

from algebra import satisfies_contract
from proofs._method._validation import check_bound
from proofs.claims.vm.witness._tiny import (
    EXP58_GRAMMAR,
    FOCAL,
    OTHER,
    describe,
    tiny_timelines,
)
from proofs.records import Kind, Outcome, Verdict, claim_check
from witnesses import Event, Timeline, compress, solve
from witnesses.exp58 import BLOCK1, BLOCK2, exp58_timeline
from witnesses.state import reference_block_context

# --- item 5: the TP solver does not enforce the endogenous pivot ----------------


def _exp58_naive() -> Timeline:
    return exp58_timeline().subset(["e01", "e03", *BLOCK2])


@claim_check(
    "VM-DIS-5-ENDOGENOUS-TP",
    "the TP solver's turning point is the heaviest focal event of the selected "
    "sequence (the paper's endogenous pivot)",
    Kind.EXHAUSTIVE,
    where="§2, endogenous turning point tau(S)",
)
def check_dis5_endogenous_tp() -> Outcome:
    """VM-DIS-5-ENDOGENOUS-TP: the reference's turning point need not be the argmax.

    On Exp58's naive-compressed graph (e01, e03, e41..e50; docs/guide/witnesses.md §9) the
    reference solver with ``M = 10`` labels e41 (w 10) DEVELOPMENT and e45
    (w 0.6) TURNING_POINT; the exact solver with the endogenous constraint
    returns what replaces it.

    Examples
    --------
    >>> from proofs.claims.vm.witness import check_dis5_endogenous_tp
    >>> r = check_dis5_endogenous_tp()
    >>> r.verdict.value, r.counterexample["tp"], r.counterexample["heaviest_focal"]
    ('refuted', 'e45', 'e41')
    """
    graph = _exp58_naive()
    free = solve(graph, focal=FOCAL, grammar=EXP58_GRAMMAR, m=10)
    seq = free.sequence
    assert seq is not None
    assert seq.pivot is not None
    focal = [e for e in seq.events if FOCAL in e.actors]
    heaviest = max(focal, key=lambda e: (e.weight, -e.timestamp, e.id))
    endo = solve(
        graph, focal=FOCAL, grammar=EXP58_GRAMMAR, m=10, solver="exact", endogenous=True
    )
    endo_text = (
        "none"
        if endo.sequence is None
        else f"{endo.sequence.describe()} (TP {endo.pivot_id}, score {endo.score!r})"
    )
    evidence = (
        f"reference solve, M = 10, Exp58 grammar: {seq.describe()}, score "
        f"{free.score!r}; TP {seq.pivot.id} (w {seq.pivot.weight:g}) "
        f"but the heaviest focal event selected is {heaviest.id} (w {heaviest.weight:g}). "
        f"With the endogenous constraint the exact solver returns {endo_text}."
    )
    verdict = Verdict.REFUTED if heaviest.id != seq.pivot.id else Verdict.VERIFIED
    return Outcome(
        verdict,
        evidence,
        {
            "tp": seq.pivot.id,
            "tp_weight": seq.pivot.weight,
            "heaviest_focal": heaviest.id,
            "heaviest_weight": heaviest.weight,
            "score": free.score,
        },
    )


# --- item 7: four regrets ------------------------------------------------------


@claim_check(
    "VM-DIS-7-REGRET",
    "naive compression's semantic regret on Exp58 is 0.544",
    Kind.ARITHMETIC,
    where="§7.5, relative score shortfall equation; Table 4",
)
def check_dis7_regret() -> Outcome:
    """VM-DIS-7-REGRET: the published 0.544 is the relative shortfall, not the reference's regret.

    Examples
    --------
    >>> from proofs.claims.vm.witness import check_dis7_regret
    >>> check_dis7_regret().verdict.value
    'verified'
    """
    graph = _exp58_naive()
    full = solve(exp58_timeline(), focal=FOCAL, grammar=EXP58_GRAMMAR, m=1)
    free = solve(graph, focal=FOCAL, grammar=EXP58_GRAMMAR, m=10)
    forced = solve(graph, focal=FOCAL, grammar=EXP58_GRAMMAR, pivot_ids=["e41"])
    assert full.score is not None
    assert free.score is not None
    relative = 1 - free.score / full.score
    absolute = None if forced.score is None else free.score - forced.score
    evidence = (
        f"relative shortfall 1 - {free.score!r} / {full.score!r} = {relative:.6f}, "
        f"rounds to {round(relative, 3)} (paper: 0.544); the reference's regret (free "
        f"score - fixed-pivot score on the compressed graph) is {absolute} because the "
        f"solve forced to e41 is {'valid' if forced.valid else 'infeasible'}. The "
        "number holds under the paper's own definition (§7.5's relative shortfall), "
        "not under the reference's absolute regret."
    )
    holds = round(relative, 3) == 0.544
    return Outcome(
        Verdict.VERIFIED if holds else Verdict.REFUTED,
        evidence,
        None if holds else {"relative": relative},
    )


# --- item 11: the reference solver is a heuristic ---------------------------------

# Hand-checked dominance instance (docs/guide/witnesses.md §11, item 11): a chain e0..e5,
# weights 1, 1, 1, 5, 0, 1, e4 not focal, strict grammar (k = 1), TP e3.
# Reference: e0 S, e1 D, e2 D, e3 T, e5 R: 9 + 2*5*(1 - 0.5*|3/4 - 0.6|) = 18.25.
# Exact: adds e4 (weight 0): 9 + 2*5*(1 - 0.5*|3/5 - 0.6|) = 19.0. The label
# through e4 has the same weight sum, focal hits and last event but one more
# slot, so the weight-sum dominance prunes it although its TP bonus is larger.
_DOMINANCE_CASE = (
    (1.0, 1.0, 1.0, 5.0, 0.0, 1.0),
    (True, True, True, True, False, True),
)


def search_solver_gap(
    n: int, *, weights: tuple[float, ...] = (1.0, 2.0), links: str = "none"
) -> tuple[Timeline, float | None, float | None] | None:
    """Return the first ``n``-event timeline where the reference solver is below the optimum.

    Compares ``solve(..., solver="reference")`` with ``solver="exact"``
    (strict grammar, ``M = 10``) over :func:`tiny_timelines` (``links="none"``)
    or the same timelines with every event linked to the heaviest focal
    event (``links="star"``, so that every event is in the reference's pool
    and only its dominance rule can lose the optimum).

    Examples
    --------
    >>> from proofs.claims.vm.witness import search_solver_gap
    >>> search_solver_gap(3) is None
    True
    """
    check_bound(n, "n", minimum=0, maximum=8)
    if links not in ("none", "star"):
        msg = f"links must be 'none' or 'star', got {links!r}"
        raise ValueError(msg)
    for tl in tiny_timelines(n, weights=weights):
        graph = _star(tl) if links == "star" else tl
        ref = solve(graph, focal=FOCAL).score
        best = solve(graph, focal=FOCAL, solver="exact").score
        if (ref is None) != (best is None) or (
            ref is not None and best is not None and best > ref + 1e-9
        ):
            return graph, ref, best
    return None


def _star(tl: Timeline) -> Timeline:
    focal = [e for e in tl if FOCAL in e.actors]
    if not focal:
        return tl
    hub = max(focal, key=lambda e: (e.weight, -e.timestamp, e.id))
    before = tuple(e.id for e in tl if e.timestamp < hub.timestamp)
    return Timeline(
        Event(
            e.id,
            e.timestamp,
            e.weight,
            e.actors,
            before
            if e.id == hub.id
            else ((hub.id,) if e.timestamp > hub.timestamp else ()),
        )
        for e in tl
    )


@claim_check(
    "VM-DIS-11-SOLVER-EXACT",
    "the reference TP solver returns the maximum score over grammar-valid "
    "sequences with a top-M turning point (an exact RCSPP solver)",
    Kind.EXHAUSTIVE,
    where="§2, TP-conditioned label-setting solver",
)
def check_dis11_solver_exact(*, max_events: int = 4) -> Outcome:
    """VM-DIS-11-SOLVER-EXACT: the reference solver is not an exact optimiser.

    Smallest timeline (exhaustive, no causal links) where the reference
    answer is below the exact optimum, and the hand-checked 6-event
    instance where the loss is due to the weight-sum dominance alone.

    Examples
    --------
    >>> from proofs.claims.vm.witness import check_dis11_solver_exact
    >>> r = check_dis11_solver_exact()
    >>> r.verdict.value, r.counterexample["pool"]["n_events"], r.counterexample["dominance"]["exact"]
    ('refuted', 4, 19.0)
    """
    max_events = check_bound(max_events, "max_events", minimum=1, maximum=8)
    pool_case = None
    for n in range(1, max_events + 1):
        pool_case = search_solver_gap(n)
        if pool_case is not None:
            break
    weights, focal = _DOMINANCE_CASE
    chain = Timeline(
        Event(
            f"e{i}",
            float(i),
            w,
            actors=frozenset({FOCAL if f else OTHER}),
            causal_parents=(f"e{i - 1}",) if i else (),
        )
        for i, (w, f) in enumerate(zip(weights, focal, strict=True))
    )
    ref, best = solve(chain, focal=FOCAL), solve(chain, focal=FOCAL, solver="exact")
    assert ref.sequence is not None
    assert best.sequence is not None
    found: dict[str, object] = {
        "dominance": {
            "events": describe(chain),
            "reference": ref.score,
            "reference_sequence": ref.sequence.describe(),
            "exact": best.score,
            "exact_sequence": best.sequence.describe(),
        }
    }
    text = "none"
    if pool_case is not None:
        graph, r_score, e_score = pool_case
        found["pool"] = {
            "n_events": len(graph),
            "events": describe(graph),
            "reference": r_score,
            "exact": e_score,
        }
        text = f"{describe(graph)}: reference {r_score}, exact {e_score}"
    refuted = pool_case is not None or (
        ref.score is not None and best.score is not None and best.score > ref.score
    )
    evidence = (
        f"strict grammar, M = 10. Smallest gap (exhaustive over tiny timelines of "
        f"<= {max_events} events; fewer than 4 events admit no valid sequence): "
        f"{text} (the non-focal event is outside the injection pool: 3 causal hops "
        f"plus the 40 heaviest focal events). Dominance alone: chain "
        f"{describe(chain)}: reference {ref.sequence.describe()} = {ref.score!r}, "
        f"exact {best.sequence.describe()} = {best.score!r} (hand: 18.25 and 19.0). "
        "search_solver_gap(5, (0, 0.5, 1, 3), links='star') finds no 5-event dominance "
        "gap (31,744 timelines, about 4 minutes)."
    )
    return Outcome(
        Verdict.REFUTED if refuted else Verdict.VERIFIED,
        evidence,
        found if refuted else None,
    )


# --- item 2: the paper's contract vs the reference's guard --------------------------


class _Row(NamedTuple):
    kept: list[str]
    scores: dict[int, float | None]
    tps: dict[int, str | None]
    contract: bool


def _dis2_row(strategy: str) -> _Row:
    tl = exp58_timeline()
    block1 = tl.subset(BLOCK1)
    kept = compress(block1, focal=FOCAL, strategy=strategy, k=3, m=10, target_size=2)
    graph = tl.subset([*kept.kept_ids, *BLOCK2])
    sols = {m: solve(graph, focal=FOCAL, grammar=EXP58_GRAMMAR, m=m) for m in (1, 10)}
    holds = satisfies_contract(
        reference_block_context(block1, FOCAL),
        reference_block_context(kept.timeline, FOCAL),
        3,
    )
    return _Row(
        list(kept.kept_ids),
        {m: x.score for m, x in sols.items()},
        {m: x.pivot_id for m, x in sols.items()},
        holds,
    )


@claim_check(
    "VM-DIS-2-CONTRACT",
    "the paper's block-level no-absorption contract (Definition 2) gives the "
    "published Exp58 contract row (all 40 block-1 events kept, score 47.084)",
    Kind.EXHAUSTIVE,
    where="§4, Definition 2; Table 4 (contract-guarded row)",
)
def check_dis2_contract() -> Outcome:
    """VM-DIS-2-CONTRACT: Definition 2 does not give the published Exp58 contract row.

    Compress Exp58 block 1 to 2 events (``k = 3``, ``M = 10``) with the
    reference's absolute guard (``contract_guarded``) and with the paper's
    block-level contract (``definition2``, reference counting), append block
    2 and solve with the Exp58 grammar (``M = 1`` and ``10``).

    Examples
    --------
    >>> from proofs.claims.vm.witness import check_dis2_contract
    >>> r = check_dis2_contract()
    >>> r.verdict.value, r.counterexample["definition2_kept"]
    ('refuted', ['e01', 'e02', 'e03', 'e40'])
    """
    guard, paper = _dis2_row("contract_guarded"), _dis2_row("definition2")
    block1 = exp58_timeline().subset(BLOCK1)
    tighter = satisfies_contract(
        reference_block_context(block1, FOCAL),
        reference_block_context(block1.subset(paper.kept[:-1]), FOCAL),
        3,
    )
    evidence = (
        f"contract_guarded keeps {len(guard.kept)} block-1 events (scores for M=1, "
        f"M=10: {guard.scores}, TP {guard.tps}); definition2 keeps {paper.kept} "
        f"(Definition 2, reference counting: d(4) = 3 >= min(d(40) = 32, 3) holds = "
        f"{paper.contract}; dropping one more, d(3) = 2 < 3, holds = {tighter}) and "
        f"scores {paper.scores}, TP {paper.tps}. Hand: 14 events, weight sum 21.95, "
        "TP e41 at index 4: 21.95 + 20 (1 - 0.5 |4/13 - 0.6|) = 39.0269. The published "
        "47.084 needs the absolute all-pivot guard, which here degenerates to no "
        "compression (block 1 already violates it)."
    )
    published = 47.08421052631579  # docs/guide/witnesses.md §9
    differs = paper.scores != guard.scores and set(guard.scores.values()) == {published}
    if not differs:
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(
        Verdict.REFUTED,
        evidence,
        {
            "definition2_kept": paper.kept,
            "definition2_score": paper.scores[10],
            "guard_kept": len(guard.kept),
            "guard_score": guard.scores[10],
        },
    )


@claim_check(
    "VM-DIS-5-GREEDY-ARGMAX",
    "the greedy (committed) classifier's turning point is the heaviest focal "
    "event of its sequence",
    Kind.EXHAUSTIVE,
    where="§2, committed semantics",
)
def check_dis5_greedy_argmax(*, max_events: int = 5) -> Outcome:
    """VM-DIS-5-GREEDY-ARGMAX: the greedy classifier's turning point may be non-focal.

    The greedy ("committed") solver labels the heaviest event of its
    candidate set TURNING_POINT whatever its actors, and the validator does
    not ask the turning point to be focal. Exhaustive search (strict
    grammar) for the smallest tiny timeline where greedy returns a *valid*
    sequence whose turning point does not involve the focal actor.

    Examples
    --------
    >>> from proofs.claims.vm.witness import check_dis5_greedy_argmax
    >>> r = check_dis5_greedy_argmax()
    >>> r.verdict.value, r.counterexample["n_events"], r.counterexample["score"]
    ('refuted', 4, 8.2)
    """
    max_events = check_bound(max_events, "max_events", minimum=1, maximum=8)
    for n in range(1, max_events + 1):
        for tl in tiny_timelines(n):
            sol = solve(tl, focal=FOCAL, solver="greedy")
            seq = sol.sequence
            if not sol.valid or seq is None or seq.pivot is None:
                continue
            if FOCAL not in seq.pivot.actors:
                evidence = (
                    f"strict grammar: {describe(tl)}: greedy returns the valid "
                    f"sequence {seq.describe()} with turning point "
                    f"{seq.pivot.id} (not focal), score {seq.score!r} (hand: "
                    "5 + 2*2*(1 - 0.5*|3/3 - 0.6|) = 8.2). The paper's endogenous "
                    "pivot is the heaviest *focal* event."
                )
                return Outcome(
                    Verdict.REFUTED,
                    evidence,
                    {
                        "n_events": n,
                        "events": describe(tl),
                        "sequence": seq.describe(),
                        "score": seq.score,
                    },
                )
    return Outcome(
        Verdict.VERIFIED,
        f"greedy's turning point is focal on every tiny timeline of <= {max_events} events",
    )
