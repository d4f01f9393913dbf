"""The validity mirage: the checks of the Exp58 witness and the sweep claims (VM-E58, VM-C3, VM-C4).

Each check takes the witness semantics (docs/guide/witnesses.md §1); the claims,
once per semantics (``VM-E58@reference`` and ``VM-E58@paper``), are registered
in :mod:`proofs.claims.vm.mirage_claims`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from proofs._method._validation import check_bound
from proofs.records import Outcome, Verdict
from theory.inference import mcnemar, proportion_ci
from witnesses.exp58 import Exp58Result, run
from witnesses.experiments.exp52 import Exp52Result, Exp53Result, exp52, exp53
from witnesses.experiments.sweep import SweepResult, retention_sweep, sweep_trials
from witnesses.rates import outcomes
from witnesses.rates.trials import Trial
from witnesses.semantics import PAPER_ELIGIBLE, as_semantics

__all__ = [
    "SWEEP_SEEDS",
    "TIE_MARGIN",
    "check_exp52_ties",
    "check_exp53_ties",
    "check_exp58",
    "check_semantics_dominate",
    "check_separation",
    "check_validity_ties",
]

SWEEP_SEEDS = {"reference": 100, "paper": 30}
"""Seeds of the sweeps behind VM-C3 and VM-C4: the paper's 100 under the
reference semantics; 30 under the paper's (its exact solver costs about 2 CPU-s
a seed; ``python tests/bench/bench_sweep.py --semantics paper`` runs all 100)."""


def check_exp58(semantics: str) -> Outcome:
    """VM-E58: the deterministic witness holds under ``semantics``.

    Examples
    --------
    >>> from proofs.claims.vm.mirage import check_exp58
    >>> check_exp58("reference").verdict.value
    'conditional'
    """
    sem = as_semantics(semantics)
    semantics = sem.name
    result = run(semantics=sem)
    naive1, naive10 = result.cell("naive", 1), result.cell("naive", 10)
    contract1, full1 = result.cell(result.contract, 1), result.cell("full", 1)
    holds = result.witness_triple and result.mirage_by_substitution
    evidence = (
        f"python -m witnesses.exp58 --semantics {semantics}: full timeline M=1 "
        f"valid={full1.free.valid} (TP {full1.free.pivot}, score "
        f"{full1.free.score!r}); naive (kept {', '.join(naive1.kept_block1)}) M=1 "
        f"valid={naive1.free.valid}; {result.contract} (kept {len(contract1.kept_block1)} "
        f"block-1 events) M=1 valid={contract1.free.valid} (score "
        f"{contract1.free.score!r}); naive M=10 valid={naive10.free.valid} with TP "
        f"{naive10.free.pivot} instead of {result.full_pivot} (forced "
        f"{result.full_pivot} valid={naive10.fixed.valid}), score {naive10.free.score!r}, "
        f"relative shortfall {result.shortfall!r}"
    )
    published = naive10.shortfall is not None and round(naive10.shortfall, 3) == 0.544
    uncompressed = len(contract1.kept_block1) == len(full1.kept_block1)
    if not holds and sem.non_focal_development:
        return _exp58_counting(result, evidence)
    if not holds:
        return Outcome(Verdict.REFUTED, evidence, counterexample=_exp58_rows(result))
    if published and uncompressed:
        # Reproduced exactly, but the contract row compressed nothing.
        verdict = Verdict.CONDITIONAL
        evidence = (
            "holds with a contract-guarded 'compression' that keeps all "
            f"{len(contract1.kept_block1)} block-1 events: the absolute guard rejects "
            "every drop because the input already violates its invariant (e01, e02, "
            "e03 sit before k = 3 events), so the contract row is the uncompressed "
            "block and the witness shows naive compression losing feasibility, not a "
            "contract keeping it while compressing (for that, Definition 2 counting "
            "development on every event keeps 4 events, VM-E58@paper). The published table is reproduced exactly: "
            + evidence
        )
    elif published:
        verdict = Verdict.VERIFIED
    else:
        # The qualitative witness holds; the stated 0.544 belongs to the
        # reference semantics only.
        verdict = Verdict.CONDITIONAL
        evidence = (
            "holds only qualitatively here: the witness triple and the pivot "
            "substitution hold, the stated shortfall 0.544 does not (it needs the "
            "reference semantics). " + evidence
        )
    return Outcome(verdict, evidence)


def _exp58_rows(result: Exp58Result) -> dict[str, Any]:
    return {
        f"{c.strategy}@M={c.m}": {
            "kept_block1": list(c.kept_block1),
            "free_valid": c.free.valid,
            "free_pivot": c.free.pivot,
            "free_score": c.free.score,
        }
        for c in result.cells
    }


def _exp58_counting(result: Exp58Result, evidence: str) -> Outcome:
    """VM-E58 when non-focal counting makes Definition 2 vacuous on Exp58."""
    eligible = run(semantics=PAPER_ELIGIBLE)
    contract1 = eligible.cell(eligible.contract, 1)
    row = result.cell(result.contract, 1)
    evidence = (
        "every Exp58 event belongs to actor_0, so with non-focal events as "
        "development (docs/guide/witnesses.md §1) block 1 has d_total = 0 and Definition 2 "
        f"is vacuous: it keeps {', '.join(row.kept_block1)} like naive compression "
        f"and the contract row is infeasible at M=1. Counting development the "
        f"reference way (every event, 20% setup share; semantics "
        f"'{PAPER_ELIGIBLE.name}') Definition 2 keeps "
        f"{', '.join(contract1.kept_block1)}, the triple holds "
        f"({eligible.witness_triple}) and the contract row scores "
        f"{contract1.free.score!r}. " + evidence
    )
    if eligible.witness_triple and eligible.mirage_by_substitution:
        return Outcome(Verdict.CONDITIONAL, evidence)
    return Outcome(Verdict.REFUTED, evidence, counterexample=_exp58_rows(result))


def _sweep(
    semantics: str, solver: str | None = None, seeds: int | None = None
) -> SweepResult:
    """Return the retention sweep of ``semantics``, run once per process.

    ``_sweep("reference", None)`` and ``_sweep("reference", None, None)`` (and
    ``seeds=100``) are the same sweep: the cache is keyed by the resolved
    semantics name, solver and seed count, not by how the call spells them.
    """
    name = as_semantics(semantics).name
    if seeds is not None:
        check_bound(seeds, "seeds", minimum=1, maximum=1000)
    n = SWEEP_SEEDS[name] if seeds is None else seeds
    return _sweep_of(name, solver, n)


@lru_cache(maxsize=8)
def _sweep_of(semantics: str, solver: str | None, seeds: int) -> SweepResult:
    return retention_sweep(
        seeds=range(seeds), semantics=semantics, solver=solver, progress=False
    )


_TRIALS: dict[int, tuple[SweepResult, tuple[Trial, ...]]] = {}
"""The trials of each sweep result asked for, by the result's id (with the result)."""


def _trials(result: SweepResult) -> tuple[Trial, ...]:
    """Return :func:`sweep_trials` of ``result``, made once per result.

    VM-C3's checks read the same sweep's trials for every retention and
    field (144 calls per run): they are built once and shared (a tuple of
    frozen records, so no caller can change another's). The entry holds the
    result itself, so an id is never taken for another result's; at most
    eight are kept, as :func:`_sweep_of` keeps eight sweeps.
    """
    hit = _TRIALS.get(id(result))
    if hit is not None and hit[0] is result:
        return hit[1]
    trials = tuple(sweep_trials(result))
    if len(_TRIALS) >= 8:
        _TRIALS.clear()
    _TRIALS[id(result)] = (result, trials)
    return trials


TIE_MARGIN = 0.05
"""Largest difference in raw validity between two strategies that VM-C3 calls a tie."""


_RATE_OF = {
    "raw_validity": "raw_validity",
    "pivot_preserved": "pivot_preservation",
    "fixed_feasible": "fixed_pivot_feasibility",
}
"""The sweep row field each paired check compares, as the rate layer's rate."""


def _paired(
    result: SweepResult, field: str, retention: float, contract: str
) -> dict[str, Any]:
    """Naive vs the contract on ``field``, paired by seed where both measure it.

    The per-seed outcomes are the rate layer's (:func:`witnesses.rates.outcomes`
    over :func:`witnesses.experiments.sweep.sweep_trials`, docs/guide/witnesses.md §10 denominators), so
    the check and ``rates()`` count the same thing. Returns the paired
    difference, the exact McNemar p-value, the number of pairs and the exact
    one-sided 95% upper bound on the discordant share ``(b + c) / n``, which
    bounds ``|difference|``.
    """
    trials = [
        t
        for t in _trials(result)
        if t.budget == retention and t.condition in ("naive", contract)
    ]
    by_seed: dict[int | None, dict[str, bool | None]] = {}
    for t, value in zip(trials, outcomes(trials, _RATE_OF[field]), strict=True):
        by_seed.setdefault(t.seed, {})[t.condition] = value
    pairs = [
        (bool(v["naive"]), bool(v[contract]))
        for v in by_seed.values()
        if v.get("naive") is not None and v.get(contract) is not None
    ]
    n = len(pairs)
    if n == 0:
        return {
            "diff": 0.0,
            "pvalue": 1.0,
            "n": 0,
            "discordant": 0,
            "discordant_upper": 1.0,
        }
    b = sum(a and not c for a, c in pairs)
    c = sum(x and not a for a, x in pairs)
    both = sum(a and x for a, x in pairs)
    table = [[both, b], [c, n - both - b - c]]
    # One-sided 95% Clopper-Pearson upper bound = upper end of the two-sided 90%.
    upper = proportion_ci(
        b + c, n, method="clopper-pearson", confidence_level=0.90
    ).high
    return {
        "diff": (b - c) / n,
        "pvalue": mcnemar(table).pvalue,
        "n": n,
        "discordant": b + c,
        "discordant_upper": upper,
    }


def check_validity_ties(semantics: str, *, seeds: int | None = None) -> Outcome:
    """VM-C3-DEGRADE: raw validity ties across strategies while pivot preservation degrades.

    The paper (section 7.3) states that raw validity ties across the
    strategies and that the semantic diagnostics reveal degradation despite
    the tie, the contract following the same qualitative pattern. Tested on
    the retention sweep (docs/guide/witnesses.md §10), naive compression against the
    contract, paired by seed. *Ties* is an equivalence statement: at every
    retention the exact one-sided 95% upper bound on the share of discordant
    seeds, which bounds the difference in raw validity, is below
    :data:`TIE_MARGIN`. *Degrades* means: for naive compression and for the
    contract, some retention where the exact one-sided 95% upper bound on
    pivot preservation (over seeds where the full and the free solve are
    valid, the paper's denominator) is below ``1 - TIE_MARGIN``. Verified
    when both hold; refuted when validity differs significantly (exact
    McNemar p < 0.05) or when a strategy's preservation is above
    ``1 - TIE_MARGIN`` at every retention with 95% confidence; open
    otherwise. ``seeds`` overrides :data:`SWEEP_SEEDS`.

    Examples
    --------
    >>> from proofs.claims.vm.mirage import check_validity_ties
    >>> check_validity_ties("reference", seeds=2).verdict.value
    'open'
    """
    sem = as_semantics(semantics)
    result = _sweep(sem.name, None, seeds)
    contract = sem.contract
    retentions = sorted({row["retention"] for row in result.rows}, reverse=True)
    valid = {r: _paired(result, "raw_validity", r, contract) for r in retentions}
    differs = [r for r, v in valid.items() if v["pvalue"] < 0.05]
    ties = all(v["discordant_upper"] < TIE_MARGIN for v in valid.values())
    bounds = {
        strategy: {r: _preservation_bounds(result, r, strategy) for r in retentions}
        for strategy in ("naive", contract)
    }
    degrades = {
        s: [r for r, (_, high) in b.items() if high < 1 - TIE_MARGIN]
        for s, b in bounds.items()
    }
    intact = [
        s
        for s, b in bounds.items()
        if all(low > 1 - TIE_MARGIN for low, _ in b.values())
    ]
    worst = max(valid.values(), key=lambda d: d["discordant_upper"])
    n_seeds = len({r["seed"] for r in result.rows})
    shown = ", ".join(
        f"{s} {min(b, key=lambda r: b[r][1])}: upper bound {min(h for _, h in b.values()):.3f}"
        for s, b in bounds.items()
    )
    evidence = (
        f"retention sweep, {n_seeds} MultiBurst seeds x {len(retentions)} retentions, "
        f"{sem.name} semantics, naive vs {contract} paired by seed: raw validity "
        f"largest |difference| {max(abs(v['diff']) for v in valid.values()):.2f}, "
        f"largest 95% upper bound on it {worst['discordant_upper']:.3f} (tie margin "
        f"{TIE_MARGIN}), smallest McNemar p {min(v['pvalue'] for v in valid.values()):.3g}; "
        f"pivot preservation degrades below {1 - TIE_MARGIN} (one-sided 95% upper "
        f"bound) at retentions naive {degrades['naive']}, {contract} "
        f"{degrades[contract]}; lowest bounds: {shown}"
    )
    if differs or intact:
        return Outcome(
            Verdict.REFUTED,
            evidence,
            counterexample={
                "validity_differs_at": differs,
                "no_degradation": intact,
            },
        )
    if ties and all(degrades.values()):
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(Verdict.OPEN, "too few seeds. " + evidence)


def _preservation_bounds(
    result: SweepResult, retention: float, strategy: str
) -> tuple[float, float]:
    """Exact one-sided 95% bounds on pivot preservation (paper's denominator).

    Clopper-Pearson at two-sided 90%; over rows of ``strategy`` at
    ``retention`` whose full and free solves are valid; ``(0, 1)`` when there
    are none.
    """
    trials = [
        t for t in _trials(result) if t.budget == retention and t.condition == strategy
    ]
    values = [v for v in outcomes(trials, "pivot_preservation") if v is not None]
    if not values:
        return 0.0, 1.0
    ci = proportion_ci(
        sum(values), len(values), method="clopper-pearson", confidence_level=0.90
    )
    return ci.low, ci.high


def check_separation(semantics: str, *, seeds: int | None = None) -> Outcome:
    """VM-C3-SEPARATE: our stronger reading (docs/guide/witnesses.md §10), the diagnostics separate the strategies.

    Not the paper's statement (section 7.3 says the contract follows the same
    qualitative pattern): some retention where pivot preservation or
    fixed-pivot feasibility differs between naive compression and the
    contract by an exact McNemar test below the Bonferroni level 0.05 /
    (number of tests). Verified when such a retention exists; refuted when
    the two compressions never differ on any seed; open otherwise.

    Examples
    --------
    >>> from proofs.claims.vm.mirage import check_separation
    >>> check_separation("reference", seeds=2).verdict.value
    'open'
    """
    sem = as_semantics(semantics)
    result = _sweep(sem.name, None, seeds)
    contract = sem.contract
    retentions = sorted({row["retention"] for row in result.rows}, reverse=True)
    pres = {r: _paired(result, "pivot_preserved", r, contract) for r in retentions}
    fixed = {r: _paired(result, "fixed_feasible", r, contract) for r in retentions}
    level = 0.05 / (2 * len(retentions))
    tables = (("pivot preservation", pres), ("fixed feasibility", fixed))
    separating = [
        f"{name} at r={r} (naive - {contract} = {d['diff']:+.2f} over {d['n']} seeds, "
        f"p={d['pvalue']:.3g})"
        for name, table in tables
        for r, d in table.items()
        if d["pvalue"] < level
    ]
    smallest = min(d["pvalue"] for _, table in tables for d in table.values())
    evidence = (
        f"{sem.name} semantics, naive vs {contract} paired by seed; smallest McNemar "
        f"p {smallest:.3g}; separating below the Bonferroni level {level:.3g}: "
        + ("; ".join(separating) if separating else "none")
    )
    moved = sum(d["discordant"] for _, table in tables for d in table.values())
    if separating:
        return Outcome(Verdict.VERIFIED, evidence)
    if moved == 0:
        return Outcome(
            Verdict.REFUTED,
            "the two compressions never differ on any seed and retention. " + evidence,
            counterexample={"discordant_pairs": 0},
        )
    return Outcome(Verdict.OPEN, "no separation shown. " + evidence)


@lru_cache(maxsize=4)
def _exp52(semantics: str) -> Exp52Result:
    return exp52(semantics=semantics)


@lru_cache(maxsize=4)
def _exp53(semantics: str) -> Exp53Result:
    return exp53(semantics=semantics)


def check_exp52_ties(semantics: str) -> Outcome:
    """VM-C3-EXP52: in Exp52 raw validity is 1.000 for every strategy (section 7.3).

    Examples
    --------
    >>> from proofs.claims.vm.mirage import check_exp52_ties
    >>> check_exp52_ties.__doc__.split(":")[0]
    'VM-C3-EXP52'
    """
    sem = as_semantics(semantics)
    r = _exp52(sem.name)
    rates = {s: r.rate(s) for s in r.valid}
    evidence = (
        f"witnesses.experiments.exp52.exp52(semantics={sem.name!r}): {r.cases} cases (n=200, "
        f"M in (5, 10), k in (1, 2, 3), Bursty and MultiBurst, gap 0.11 or none, "
        f"retention 0.5): valid compressed solves "
        + ", ".join(f"{s} {r.valid[s]}/{r.cases}" for s in r.valid)
        + f"; the full timeline is valid in {r.full_valid}/{r.cases}. Paper: 1.000 "
        "for naive, bridge and contract"
    )
    bad = {s: v for s, v in rates.items() if round(v, 3) != 1.0}
    if bad:
        return Outcome(
            Verdict.REFUTED,
            evidence,
            counterexample={"rates": bad},
        )
    return Outcome(Verdict.VERIFIED, evidence)


def check_exp53_ties(semantics: str) -> Outcome:
    """VM-C3-EXP53: segment-wise and whole compression tie at 1.000 (gap 0.000).

    Examples
    --------
    >>> from proofs.claims.vm.mirage import check_exp53_ties
    >>> check_exp53_ties.__doc__.split(":")[0]
    'VM-C3-EXP53'
    """
    sem = as_semantics(semantics)
    r = _exp53(sem.name)
    evidence = (
        f"witnesses.experiments.exp52.exp53(semantics={sem.name!r}): {r.seeds} MultiBurst seeds "
        f"(n=200, k=2, gap 0.11, M=10, split at t=0.5, {sem.contract} to 60%): valid "
        f"segment-wise {r.segment_valid}/{r.seeds}, whole {r.whole_valid}/{r.seeds}, "
        f"gap {r.gap:.3f}. Paper: 1.000 both, gap 0.000"
    )
    ok = r.segment_valid == r.whole_valid == r.seeds
    if not ok:
        return Outcome(
            Verdict.REFUTED,
            evidence,
            counterexample={
                "segment_valid": r.segment_valid,
                "whole_valid": r.whole_valid,
                "seeds": r.seeds,
            },
        )
    return Outcome(Verdict.VERIFIED, evidence)


def _eta(result_rows: list[dict[str, Any]], factor: str, field: str) -> float:
    values = [float(bool(row[field])) for row in result_rows]
    grand = sum(values) / len(values)
    total = sum((v - grand) ** 2 for v in values)
    groups: dict[Any, list[float]] = {}
    for row, v in zip(result_rows, values, strict=True):
        groups.setdefault(row[factor], []).append(v)
    between = sum(len(g) * (sum(g) / len(g) - grand) ** 2 for g in groups.values())
    return between / total if total else 0.0


def check_semantics_dominate(semantics: str, *, seeds: int | None = None) -> Outcome:
    """VM-C4: solver semantics, not the compression heuristic, dominate the variance.

    The sweep is run with two solvers (the semantics' own and the committed
    greedy search); for raw validity and pivot preservation the share of
    variance explained by the solver (eta squared of its main effect) is
    compared with the share explained by the strategy.

    Examples
    --------
    >>> from proofs.claims.vm.mirage import check_semantics_dominate
    >>> check_semantics_dominate("reference", seeds=2).verdict.value
    'verified'
    """
    semantics = as_semantics(semantics).name
    own, greedy = _sweep(semantics, None, seeds), _sweep(semantics, "greedy", seeds)
    rows = [dict(r, solver=own.solver) for r in own.rows] + [
        dict(r, solver="greedy") for r in greedy.rows
    ]
    parts = []
    dominated = []
    for field in ("raw_validity", "pivot_preserved"):
        solver_eta, strategy_eta = (
            _eta(rows, "solver", field),
            _eta(rows, "strategy", field),
        )
        dominated.append(solver_eta > strategy_eta)
        parts.append(
            f"{field}: eta^2(solver) = {solver_eta:.3f} vs eta^2(strategy) = {strategy_eta:.4f}"
        )
    evidence = (
        f"retention sweeps ({len({r['seed'] for r in own.rows})} seeds x 9 retentions x 3 strategies) with "
        f"the {own.solver} solver and the greedy solver, {semantics} semantics: "
        + "; ".join(parts)
    )
    if all(dominated):
        verdict = Verdict.VERIFIED
    elif any(dominated):
        verdict = Verdict.CONDITIONAL
        evidence = "holds for one diagnostic only. " + evidence
    else:
        verdict = Verdict.REFUTED
    return Outcome(verdict, evidence)
