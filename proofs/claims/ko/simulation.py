"""Knowledge-object claims on the simulators.

KO-CAP (exact arithmetic), KO-DAR-SIM (a seeded simulator run) and
KO-CMP-PERROUND (a likelihood-ratio reading of KO Table 4).
"""

from __future__ import annotations

import math
from fractions import Fraction

from proofs.records import Claim, Kind, Outcome, Verdict, claim_check, claim_list
from theory.inference import proportion_ci
from witnesses.simulators import (
    AdaptiveRetrievalSimulator,
    survival_curve_test,
)

__all__ = [
    "CLAIMS",
    "check_ko_cap",
    "check_ko_cmp_per_round",
    "check_ko_dar_sim",
]

_LEVEL = 0.99


@claim_check(
    "KO-CAP",
    "in-context capacity: L = L0 + c N with c = 27 tokens a fact overflows at "
    "N_max = (W - L0)/c, about 7,400 facts for W = 200K; KO query cost is "
    "constant in N",
    Kind.ARITHMETIC,
)
def check_ko_cap() -> Outcome:
    """KO-CAP: N_max = (W - L0)/c with c = 27 tokens a fact and W = 200,000.

    Examples
    --------
    >>> from proofs.claims.ko.simulation import check_ko_cap
    >>> check_ko_cap().verdict.value
    'verified'
    """
    w, c, stated = 200_000, 27, 7_400
    at_zero = Fraction(w, c)
    l0_exact = w - c * stated
    # "about 7,400" read as rounding to the nearest hundred: 7,350 <= N_max < 7,450
    l0_high = w - c * 7_350
    l0_low = max(0, w - c * 7_450)
    ok = l0_exact == 200 and Fraction(w - l0_exact, c) == stated
    evidence = (
        f"exact arithmetic: with L0 = 0, N_max = 200000/27 = {float(at_zero):.2f} "
        f"(floor {math.floor(at_zero)}); N_max = 7,400 exactly iff L0 = 200000 - "
        f"27 * 7400 = {l0_exact} tokens; 'about 7,400' (7,350 <= N_max < 7,450) "
        f"holds for {l0_low} <= L0 <= {l0_high}. Cost: an in-context query reads "
        "L0 + 27 N tokens (linear in N; 200,000 at N_max), a KO query a hash lookup "
        "plus one fact (constant in N). This checks the formula with L0 free; the "
        "paper's measured prompt, 194,984 tokens at N = 7,000 (§1, §5.2), fixes it: "
        f"the wall is then near 7,000 + 5,016/27 = {7_000 + (w - 194_984) / c:.0f} "
        "facts, below 7,400, and KO-STAT-CAPACITY refutes the 7,400 limit on those "
        "numbers (KO-S5.3-CLIFF does the same for §5.3's 100% at N = 7,200)."
    )
    return Outcome(Verdict.VERIFIED if ok else Verdict.REFUTED, evidence)


@claim_check(
    "KO-DAR-SIM",
    "(our simulator, not a KO number) density-adaptive retrieval raises P@1 on "
    "adversarial near-duplicate groups over plain cosine",
    Kind.SIMULATION,
    where="§4.2-4.3 (in our simulator)",
)
def check_ko_dar_sim() -> Outcome:
    """KO-DAR-SIM: the density switch on adversarial groups and ordinary queries.

    Examples
    --------
    >>> from proofs.claims.ko.simulation import check_ko_dar_sim
    >>> check_ko_dar_sim().verdict.value
    'verified'
    """
    sim = AdaptiveRetrievalSimulator(n_queries=300)
    trials = list(sim.simulate(8))
    cells: dict[tuple[str, bool], tuple[int, int, int]] = {}
    for t in trials:
        k, n, fired = cells.get((t.condition, t.adversarial), (0, 0, 0))
        cells[(t.condition, t.adversarial)] = (
            k + int(t.correct),
            n + 1,
            fired + int(t.switched),
        )

    def ci(k: int, n: int) -> str:
        iv = proportion_ci(k, n, confidence_level=_LEVEL)
        return f"{k}/{n} [{float(iv.low):.3f}, {float(iv.high):.3f}]"

    plain, adaptive = cells[("embedding", True)], cells[("adaptive", True)]
    spurious = cells[("adaptive", False)]
    iv_plain = proportion_ci(plain[0], plain[1], confidence_level=_LEVEL)
    iv_adapt = proportion_ci(adaptive[0], adaptive[1], confidence_level=_LEVEL)
    raised = float(iv_adapt.low) > float(iv_plain.high)
    dense = AdaptiveRetrievalSimulator(n_queries=100, topic_cosine=0.95)
    switches = [t.switched for t in dense.simulate(9) if t.condition == "adaptive"]
    fired_ordinary = sum(
        switches[len(switches) // 2 :]
    )  # the ordinary queries come last
    evidence = (
        f"groups of {sim.group_size} near-duplicates (cosine {sim.group_cosine} to the "
        f"centroid), ordinary topics (cosine {sim.topic_cosine}), query bias "
        f"{sim.query_bias}, k={sim.k}, tau={sim.tau}, lam={sim.lam}, dim={sim.dim}, "
        f"seed 8; P@1 on adversarial queries: cosine {ci(*plain[:2])}, "
        f"density-adaptive {ci(*adaptive[:2])} (Wilson 99%), exact KO lookup "
        f"{ci(*cells[('store', True)][:2])}; the switch fired on "
        f"{adaptive[2]}/{adaptive[1]} adversarial and on {ci(spurious[2], spurious[1])} "
        f"ordinary queries (spurious-trigger rate); P@1 on ordinary queries: cosine "
        f"{ci(*cells[('embedding', False)][:2])}, adaptive {ci(*spurious[:2])}. "
        f"With dense ordinary topics (cosine 0.95, pairwise about 0.90 > tau; seed 9) "
        f"the switch fires on {fired_ordinary}/100 ordinary queries: the trigger "
        "measures crowding, not adversarial intent. "
        "The switch helps only when the target is in the top 2k and the keys tell "
        "it apart; exact (subject, predicate) lookup needs neither."
    )
    return Outcome(Verdict.VERIFIED if raised else Verdict.OPEN, evidence)


_GOALS = (0.91, 0.62, 0.46)  # KO: goal survival after 1, 2, 3 rounds
_RATIOS = (9.0, 17.0, 31.0)  # cumulative compression ratios
_NS = (*range(10, 201), 300, 500, 1000, 2000, 5000)
_POWER_NS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)


@claim_check(
    "KO-CMP-PERROUND",
    "(a reading of ours, not a KO claim) 91% / 62% / 46% is consistent "
    "with a constant per-round survival",
    Kind.SIMULATION,
    where="§6.2 Table 4 (a reading, not a KO claim)",
)
def check_ko_cmp_per_round() -> Outcome:
    """KO-CMP-PERROUND: whether 91% / 62% / 46% fits a constant per-round survival.

    Examples
    --------
    >>> from proofs.claims.ko.simulation import check_ko_cmp_per_round
    >>> check_ko_cmp_per_round().verdict.value
    'refuted'
    """
    tests = {n: survival_curve_test(_GOALS, _RATIOS, n=n, power=False) for n in _NS}
    powers = {n: survival_curve_test(_GOALS, _RATIOS, n=n) for n in _POWER_NS}
    rejected = [n for n, t in tests.items() if t.constant_pvalue < 0.05]
    always = min(n for n in _NS if all(m in rejected for m in _NS if m >= n))
    kept = [n for n in _NS if n not in rejected]
    power_rejected = [n for n, t in powers.items() if t.power_pvalue < 0.05]
    fresh = {
        n: survival_curve_test(_GOALS, _RATIOS, n=n, power=False, design="independent")
        for n in _NS
    }
    fresh_rejected = [n for n, t in fresh.items() if t.constant_pvalue < 0.05]
    fresh_always = min(
        n for n in _NS if all(m in fresh_rejected for m in _NS if m >= n)
    )
    t100 = powers[100]
    evidence = (
        "per-round ratios 0.91, 0.62/0.91 = 0.681, 0.46/0.62 = 0.742 (the first "
        "round, 9x, keeps the most; rounds 2 and 3 add only 1.9x and 1.8x). Model: "
        "the same n goals compacted again each round (nested counts round(S_r n), "
        "multinomial likelihood), likelihood-ratio test of S_r = s^r against a free "
        "curve, chi-square with 2 df (Wilks). At n = 100: counts "
        f"{t100.counts}, s_hat = 199/253 = {t100.constant_s:.4f}, G = "
        f"{t100.constant_statistic:.2f}, p = {t100.constant_pvalue:.2g}. Over n = 10..200, "
        f"300, 500, 1000, 2000, 5000: rejected at 5% for every scanned n >= {always}, not "
        f"rejected for n in {_ranges(kept)}. With a fresh set of n goals per round "
        f"(independent binomials) the test rejects for every scanned n >= "
        f"{fresh_always} (n = 100: s_hat = {fresh[100].constant_s:.4f}, G = "
        f"{fresh[100].constant_statistic:.2f}, p = {fresh[100].constant_pvalue:.2g}). "
        f"A power law in the cumulative ratio, "
        f"S = min(1, a x^-beta) (at n = 100: a = {t100.power_a:.3g}, beta = "
        f"{t100.power_beta:.3g}, G = {t100.power_statistic:.2f}, 1 df, p = "
        f"{t100.power_pvalue:.2g}) is rejected, of n in {list(_POWER_NS)}, only for "
        f"{power_rejected or 'none'}; so, for up to a few hundred goals, the curve is "
        "consistent with survival "
        "falling as a power of the cumulative compression, not with a constant "
        "per-round survival."
    )
    counterexample = {
        "n": 100,
        "counts": list(t100.counts),
        "constant_s": round(t100.constant_s, 6),
        "G": round(t100.constant_statistic, 4),
        "pvalue": float(f"{t100.constant_pvalue:.4g}"),
    }
    verdict = Verdict.REFUTED if max(always, fresh_always) <= 100 else Verdict.OPEN
    return Outcome(verdict, evidence, counterexample)


def _ranges(values: list[int]) -> str:
    if not values:
        return "none"
    spans, start, prev = [], values[0], values[0]
    for v in [*values[1:], None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        spans.append(f"{start}" if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return "{" + ", ".join(spans) + "}"


CLAIMS: tuple[Claim, ...] = claim_list(
    check_ko_cap, check_ko_dar_sim, check_ko_cmp_per_round
)
