"""The validity mirage: the Exp58 witness and the sweep claims (VM-E58, VM-C3, VM-C4).

Each claim is checked under both witness semantics (WITNESS.md decision 1)
and appears once per semantics, ``VM-E58@reference`` and ``VM-E58@paper``.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from proofs.ledger import Claim, ClaimCheck, Kind, Verdict
from theory.inference import mcnemar, proportion_ci
from witnesses.exp58 import run
from witnesses.rates import outcomes
from witnesses.sweep import SweepResult, retention_sweep, sweep_trials

__all__ = [
    "CLAIMS",
    "SWEEP_SEEDS",
    "TIE_MARGIN",
    "check_exp58",
    "check_semantics_dominate",
    "check_validity_ties",
]

SWEEP_SEEDS = {"reference": 100, "paper": 30}
"""Seeds of the sweeps behind VM-C3 and VM-C4: the paper's 100 under the
reference semantics; 30 under the paper's (its exact solver costs about 2 CPU-s
a seed; ``python tests/bench/bench_sweep.py --semantics paper`` runs all 100)."""

_CONTRACT = {"reference": "contract_guarded", "paper": "definition2"}


def check_exp58(semantics: str) -> ClaimCheck:
    """VM-E58: the deterministic witness holds under ``semantics``.

    Examples
    --------
    >>> from proofs.mirage import check_exp58
    >>> check_exp58("reference").verdict.value
    'conditional'
    """
    result = run(semantics=semantics)
    claim_id = f"VM-E58@{semantics}"
    naive1, naive10 = result.cell("naive", 1), result.cell("naive", 10)
    contract1, full1 = result.cell(result.contract, 1), result.cell("full", 1)
    holds = result.witness_triple and result.mirage_by_substitution
    evidence = (
        f"python -m witnesses.exp58 --semantics {semantics}: full timeline M=1 "
        f"valid={full1.free.valid} (TP {full1.free.turning_point}, score "
        f"{full1.free.score!r}); naive (kept {', '.join(naive1.kept_block1)}) M=1 "
        f"valid={naive1.free.valid}; {result.contract} (kept {len(contract1.kept_block1)} "
        f"block-1 events) M=1 valid={contract1.free.valid} (score "
        f"{contract1.free.score!r}); naive M=10 valid={naive10.free.valid} with TP "
        f"{naive10.free.turning_point} instead of {result.full_pivot} (forced "
        f"{result.full_pivot} valid={naive10.fixed.valid}), score {naive10.free.score!r}, "
        f"relative shortfall {result.shortfall!r}"
    )
    if semantics == "paper":
        evidence += (
            "; under the paper's definitions Definition 2 keeps only "
            f"{len(contract1.kept_block1)} block-1 events, so the contract row scores "
            f"{contract1.free.score!r} (shortfall {contract1.shortfall:.4f}) instead of the "
            "published 47.084, and the endogenous turning point turns the e45 "
            "substitution into a shorter e42..e50 sequence"
        )
    published = naive10.shortfall is not None and round(naive10.shortfall, 3) == 0.544
    uncompressed = len(contract1.kept_block1) == len(full1.kept_block1)
    if not holds:
        verdict = Verdict.REFUTED
    elif published and uncompressed:
        # Reproduced exactly, but the contract row compressed nothing.
        verdict = Verdict.CONDITIONAL
        evidence = (
            "holds with a contract-guarded 'compression' that keeps all "
            f"{len(contract1.kept_block1)} block-1 events: the absolute guard rejects "
            "every drop because the input already violates its invariant (e01, e02, "
            "e03 sit before k = 3 events), so the contract row is the uncompressed "
            "block and the witness shows naive compression losing feasibility, not a "
            "contract keeping it while compressing (for that, see VM-E58@paper: "
            "Definition 2 keeps 4 events). The published table is reproduced exactly: "
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
    return ClaimCheck(claim_id, verdict, evidence)


@lru_cache(maxsize=8)
def _sweep(
    semantics: str, solver: str | None = None, seeds: int | None = None
) -> SweepResult:
    n = SWEEP_SEEDS[semantics] if seeds is None else seeds
    return retention_sweep(
        seeds=range(n), semantics=semantics, solver=solver, progress=False
    )


TIE_MARGIN = 0.05
"""Largest difference in raw validity between two strategies that VM-C3 calls a tie."""


_RATE_OF = {
    "raw_valid": "raw_validity",
    "pivot_preserved": "pivot_preservation",
    "fixed_valid": "fixed_pivot_feasibility",
}
"""The sweep row field each paired check compares, as the rate layer's rate."""


def _paired(
    result: SweepResult, field: str, retention: float, contract: str
) -> dict[str, Any]:
    """Naive vs the contract on ``field``, paired by seed where both measure it.

    The per-seed outcomes are the rate layer's (:func:`witnesses.rates.outcomes`
    over :func:`witnesses.sweep.sweep_trials`, WITNESS.md 1.9 denominators), so
    the check and ``rates()`` count the same thing. Returns the paired
    difference, the exact McNemar p-value, the number of pairs and the exact
    one-sided 95% upper bound on the discordant share ``(b + c) / n``, which
    bounds ``|difference|``.
    """
    trials = [
        t
        for t in sweep_trials(result)
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


def check_validity_ties(semantics: str, *, seeds: int | None = None) -> ClaimCheck:
    """VM-C3: raw validity ties across strategies while semantic diagnostics separate them.

    Tested on the retention sweep (WITNESS.md 1.9), naive compression against
    the contract, paired by seed. *Ties* is an equivalence statement: at every
    retention the exact one-sided 95% upper bound on the share of discordant
    seeds, which bounds the difference in raw validity, is below
    :data:`TIE_MARGIN`. *Separate* means some retention where pivot
    preservation (over seeds where the full and both free solves are valid,
    the paper's denominator) or fixed-pivot feasibility differs by an exact
    McNemar test below the Bonferroni level 0.05 / (number of tests).
    Verified when both hold; refuted when validity differs significantly, or
    when the two compressions never differ on any seed in the semantic
    diagnostics; open when the sweep is too small to show the tie or a
    separation.
    ``seeds`` overrides :data:`SWEEP_SEEDS` (the ledger uses the default).

    Examples
    --------
    >>> from proofs.mirage import check_validity_ties
    >>> check_validity_ties("reference", seeds=2).claim_id
    'VM-C3@reference'
    """
    result = _sweep(semantics, None, seeds)
    contract = _CONTRACT[semantics]
    retentions = sorted({row["retention"] for row in result.rows}, reverse=True)
    valid = {r: _paired(result, "raw_valid", r, contract) for r in retentions}
    pres = {r: _paired(result, "pivot_preserved", r, contract) for r in retentions}
    fixed = {r: _paired(result, "fixed_valid", r, contract) for r in retentions}
    differs = any(v["pvalue"] < 0.05 for v in valid.values())
    ties = all(v["discordant_upper"] < TIE_MARGIN for v in valid.values())
    level = 0.05 / (2 * len(retentions))
    separating = [
        f"{name} at r={r} (naive - {contract} = {d['diff']:+.2f} over {d['n']} seeds, "
        f"p={d['pvalue']:.3g})"
        for name, table in (("pivot preservation", pres), ("fixed feasibility", fixed))
        for r, d in table.items()
        if d["pvalue"] < level
    ]
    worst = max(valid.values(), key=lambda d: d["discordant_upper"])
    n_seeds = len({r["seed"] for r in result.rows})
    evidence = (
        f"retention sweep, {n_seeds} MultiBurst seeds x {len(retentions)} retentions, "
        f"{semantics} semantics, naive vs {contract} paired by seed: raw validity "
        f"largest |difference| {max(abs(v['diff']) for v in valid.values()):.2f}, "
        f"largest 95% upper bound on it {worst['discordant_upper']:.3f} (tie margin "
        f"{TIE_MARGIN}), smallest McNemar p {min(v['pvalue'] for v in valid.values()):.3g}; "
        f"separating below the Bonferroni level {level:.3g}: "
        + ("; ".join(separating) if separating else "none")
    )
    moved = sum(d["discordant"] for table in (pres, fixed) for d in table.values())
    if differs:
        verdict = Verdict.REFUTED
    elif not separating and moved == 0:
        verdict = Verdict.REFUTED
        evidence = (
            "the two compressions never differ on any seed and retention in pivot "
            "preservation or fixed-pivot feasibility, so nothing separates them. "
            + evidence
        )
    elif not separating:
        verdict = Verdict.OPEN
        evidence = "too few seeds to show a separation. " + evidence
    elif ties:
        verdict = Verdict.VERIFIED
    else:
        verdict = Verdict.OPEN
        evidence = f"too few seeds to show the tie within {TIE_MARGIN}. " + evidence
    return ClaimCheck(f"VM-C3@{semantics}", verdict, evidence)


def _eta(result_rows: list[dict[str, Any]], factor: str, field: str) -> float:
    values = [float(bool(row[field])) for row in result_rows]
    grand = sum(values) / len(values)
    total = sum((v - grand) ** 2 for v in values)
    groups: dict[Any, list[float]] = {}
    for row, v in zip(result_rows, values, strict=True):
        groups.setdefault(row[factor], []).append(v)
    between = sum(len(g) * (sum(g) / len(g) - grand) ** 2 for g in groups.values())
    return between / total if total else 0.0


def check_semantics_dominate(semantics: str, *, seeds: int | None = None) -> ClaimCheck:
    """VM-C4: solver semantics, not the compression heuristic, dominate the variance.

    The sweep is run with two solvers (the semantics' own and the committed
    greedy search); for raw validity and pivot preservation the share of
    variance explained by the solver (eta squared of its main effect) is
    compared with the share explained by the strategy.

    Examples
    --------
    >>> from proofs.mirage import check_semantics_dominate
    >>> check_semantics_dominate("reference", seeds=2).claim_id
    'VM-C4@reference'
    """
    own, greedy = _sweep(semantics, None, seeds), _sweep(semantics, "greedy", seeds)
    rows = [dict(r, solver=own.solver) for r in own.rows] + [
        dict(r, solver="greedy") for r in greedy.rows
    ]
    parts = []
    dominated = []
    for field in ("raw_valid", "pivot_preserved"):
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
    return ClaimCheck(f"VM-C4@{semantics}", verdict, evidence)


_STATEMENT = (
    "a deterministic witness exists: under committed semantics (M = 1) the full "
    "timeline is feasible, naive compression infeasible and contract-guarded "
    "compression feasible; under enumerative semantics (M = 10) naive compression looks "
    "feasible only by substituting the pivot, with a relative score shortfall (0.544)"
)

CLAIMS: tuple[Claim, ...] = tuple(
    Claim(
        f"VM-E58@{semantics}",
        "VM",
        _STATEMENT,
        Kind.SIMULATION,
        partial(check_exp58, semantics),
    )
    for semantics in ("reference", "paper")
) + tuple(
    Claim(
        f"VM-C{n}@{semantics}",
        "VM",
        statement,
        Kind.SIMULATION,
        partial(fn, semantics),
        slow=True,
    )
    for n, statement, fn in (
        (
            3,
            "raw validity ties across strategies while the semantic diagnostics "
            "(pivot preservation, fixed-pivot feasibility) separate them",
            check_validity_ties,
        ),
        (
            4,
            "solver semantics, not the compression heuristic, dominate the variance",
            check_semantics_dominate,
        ),
    )
    for semantics in ("reference", "paper")
)
