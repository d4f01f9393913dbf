"""KO-CMP and KO-DAR as the paper prints them.

Each check recomputes printed numbers from other printed numbers with
:mod:`theory.consistency` (rounding-aware: a printed value stands for its
half-unit interval). A check whose numbers all agree is ``verified`` (finite
arithmetic); one inconsistent number is a witness, recorded with its
recomputed value.
"""

from __future__ import annotations

from collections.abc import Callable

from proofs._method.settle import Row, settle_printed
from proofs.records import (
    Claim,
    Kind,
    Outcome,
    Verdict,
    claim_check,
    claim_list,
    umbrella,
)
from theory.consistency import (
    ConsistencyResult,
    check_arithmetic,
    check_equal,
    check_sum,
    percent_attainable,
)

__all__ = [
    "CLAIMS",
    "KO_TABLE4",
    "check_ko_cmp",
    "check_ko_dar",
    "check_ko_dar_density",
    "check_ko_dar_table1",
    "density_as_printed",
]

# KO Table 4 (§6.2): rounds -> (compression, correct, partial, lost), percent
KO_TABLE4 = {
    1: ("9", "91", "9", "0"),
    2: ("17", "62", "1", "37"),
    3: ("31", "46", "1", "53"),
}
_KO_TRIALS = 100  # 20 constraints x 5 seeds, pooled in the 5-seed mean


@claim_check(
    "KO-CMP",
    "(KO §6.2 Table 4, abstract, §1) goal preservation under cascading compaction "
    "is 91% / 62% / 46% after 1 / 2 / 3 rounds (9x / 17x / 31x), each row's correct, "
    "partial and lost summing to 100%, over half lost after three rounds ('erodes "
    "54%')",
    Kind.ARITHMETIC,
    where="§6.2 Table 4; abstract; §1",
)
def check_ko_cmp() -> Outcome:
    """KO-CMP: the goal-drift numbers of KO Table 4 and the prose that quotes them.

    Examples
    --------
    >>> from proofs.claims.ko.printed import check_ko_cmp
    >>> check_ko_cmp().verdict.value
    'verified'
    """
    rows: list[Row] = []
    for rounds, (_, correct, partial, lost) in KO_TABLE4.items():
        rows.append(
            (
                f"T4-{rounds}-sum",
                "Table 4",
                check_sum("100", [int(correct), int(partial), int(lost)]),
            )
        )
        for label, value in (
            ("correct", correct),
            ("partial", partial),
            ("lost", lost),
        ):
            rows.append(
                (
                    f"T4-{rounds}-{label}",
                    "Table 4, 20 constraints x 5 seeds",
                    percent_attainable(value, _KO_TRIALS),
                )
            )
    quoted: list[tuple[str, str, Callable[[], ConsistencyResult]]] = [
        (
            "abstract-54",
            "Abstract, 'erodes 54%'",
            lambda: check_arithmetic("54", "100-46"),
        ),
        (
            "s1-69-54",
            "§1 contributions, 54% loss",
            lambda: check_arithmetic("54", "1+53"),
        ),
        ("s6-46", "§6.2, 46% correct", lambda: check_equal("46", KO_TABLE4[3][1])),
        ("s6-53", "§6.2, 53% lost", lambda: check_equal("53", KO_TABLE4[3][3])),
        (
            "s1-91",
            "§1, 91% after one round",
            lambda: check_equal("91", KO_TABLE4[1][1]),
        ),
        (
            "s1-62",
            "§1, 62% after two rounds",
            lambda: check_equal("62", KO_TABLE4[2][1]),
        ),
        ("s1-46", "§1, 46% after three", lambda: check_equal("46", KO_TABLE4[3][1])),
        (
            "t9-0.91",
            "cost table, goal drift (9x) 0.91",
            lambda: check_arithmetic("0.91", "91/100"),
        ),
    ]
    rows.extend((name, where, fn()) for name, where, fn in quoted)
    over_half = int(KO_TABLE4[3][3]) > 50
    preamble = (
        "KO §6.2 Table 4 (goal preservation, 20 constraints, 5-seed mean; read as "
        "percentages of the 100 constraint-runs) and the sentences that quote it; "
        f"'over half gone' is 53 lost > 50 [{over_half}]; 'erodes 54%' counts the 1% "
        "partial as lost (53 + 1)."
    )
    result = settle_printed(rows, preamble)
    if not over_half and result.verdict is Verdict.VERIFIED:
        return Outcome(Verdict.REFUTED, result.evidence, {"over_half": 53})
    return result


def density_as_printed(cosines: list[float], k: int) -> float:
    """Return Algorithm 1 line 3 over the candidates: ``2/(k(k-1)) sum_(i<j) cos``.

    ``cosines`` are the pairwise cosines of all retrieved candidates.

    Examples
    --------
    >>> from proofs.claims.ko.printed import density_as_printed
    >>> density_as_printed([0.5] * 6, 2)  # 4 candidates (2k), 6 pairs
    3.0

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, or a cosine is not a number
        in [-1, 1].
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 2:
        msg = f"k must be an integer >= 2 (the line divides by k(k-1)), got {k!r}"
        raise ValueError(msg)
    values = []
    for i, c in enumerate(cosines):
        if isinstance(c, bool) or not isinstance(c, int | float) or not -1 <= c <= 1:
            msg = f"cosines[{i}] must be a cosine, a number in [-1, 1], got {c!r}"
            raise ValueError(msg)
        values.append(float(c))
    return 2 / (k * (k - 1)) * sum(values)


@claim_check(
    "KO-DAR-DENSITY",
    "(KO §4.2 Algorithm 1 line 3, Eq. 1) the density Algorithm 1 computes over its "
    "2k candidates is their mean pairwise cosine",
    Kind.ARITHMETIC,
    where="§4.2 Algorithm 1 line 3; §3.1 Eq. 1",
)
def check_ko_dar_density() -> Outcome:
    """KO-DAR-DENSITY: Algorithm 1's density is Eq. 1's mean cosine of its candidates.

    Examples
    --------
    >>> from proofs.claims.ko.printed import check_ko_dar_density
    >>> check_ko_dar_density().verdict.value
    'conditional'
    """
    k = 2
    pairs = (2 * k) * (2 * k - 1) // 2
    printed = density_as_printed([0.5] * pairs, k)
    mean = 0.5
    evidence = (
        "KO §4.2 Algorithm 1 retrieves TopK(E q, 2k) candidates (line 2) and computes "
        "rho = 2/(k(k-1)) sum_(i<j) cos(e_i, e_j) over them (line 3); Eq. 1 defines "
        "density as the mean pairwise cosine, 2/(m(m-1)) for m documents. With the "
        f"2k = {2 * k} candidates all at cosine 0.5 to each other ({pairs} pairs) line 3 "
        f"gives {printed:g}, not the mean {mean}: the sum has k(2k-1) terms, so line 3 "
        "is 2(2k-1)/(k-1) times the mean (4.5 at k = 5) and can pass 1; the threshold "
        "tau = 0.85 then fires at a mean cosine near 0.19 (k = 5). Consistent only if "
        "the sum runs over the top k of the 2k candidates, which the pseudocode does "
        "not say. Our simulator (witnesses.simulators.knowledge) uses the mean over "
        "all 2k candidates"
    )
    if printed <= 1:
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    top_k = density_as_printed([0.5] * (k * (k - 1) // 2), k)
    # Line 3 does not say which candidates it sums over; its factor 2/(k(k-1))
    # is exactly the mean over the top k, and the paper's rho values (0.90,
    # 0.47) fit a mean. The all-2k reading is the only one that contradicts
    # Eq. 1, so the claim holds on the reading that fits the paper.
    evidence = (
        f"holds if line 3 sums over the top k candidates (then it is Eq. 1's mean: "
        f"{top_k:g} at pairwise cosine 0.5), which its normalisation 2/(k(k-1)) and "
        "the printed rho values suggest; it is not the mean if the sum runs over all "
        "2k. " + evidence
    )
    return Outcome(Verdict.CONDITIONAL, evidence)


@claim_check(
    "KO-DAR-TABLE1",
    "(KO §4.3 Table 1) always-on hybrid costs 4% of BEIR NDCG@10 (0.645 to 0.619), "
    "adaptive keeps 0.645 with 0% spurious triggers and 100% adversarial P@1; "
    "embedding retrieval's 20% P@1 is random selection among a group's documents",
    Kind.ARITHMETIC,
    where="§4.3 Table 1; §1",
)
def check_ko_dar_table1() -> Outcome:
    """KO-DAR-TABLE1: Table 1's figures and the prose beside them agree.

    Examples
    --------
    >>> from proofs.claims.ko.printed import check_ko_dar_table1
    >>> check_ko_dar_table1().verdict.value
    'refuted'
    """
    rows: list[Row] = [
        (
            "degrade-4pct",
            "§4.3, 'always-on hybrid degrades BEIR by 4%'",
            check_arithmetic("4", "(0.645-0.619)/0.645*100"),
        ),
        (
            "adaptive-ndcg",
            "Table 1, adaptive NDCG@10 = embedding only (0% spurious triggers)",
            check_equal("0.645", "0.645"),
        ),
        (
            "adversarial-100",
            "§1 and §4.3, 100% P@1 on adversarial corpora",
            check_equal("100.0", "100.0"),
        ),
        (
            "random-20",
            "§1 and §4.1, 20% P@1 = random selection; §4.1: 40 documents in 10 "
            "groups, 'which of four'",
            check_arithmetic("20", "100/(40/10)"),
        ),
    ]
    preamble = (
        "KO §4.3 Table 1 (5 seeds): the relative BEIR loss of always-on hybrid is "
        "1 - 0.619/0.645 (2.6 points absolute); a switch that never fires leaves "
        "NDCG unchanged, so 0% spurious triggers needs adaptive = embedding only; "
        "KO §4.1's benchmark has 40 documents in 10 groups and asks 'which of four' "
        "near-identical documents, so random selection gives 1/4 = 25% P@1, not the "
        "20% that §1 and §4.1 call random (the same finding as KO-STAT-T1)."
    )
    return settle_printed(rows, preamble)


@claim_check(
    "KO-DAR",
    "(KO §4.2-4.3, Algorithm 1, Table 1) density-adaptive retrieval: top 2k "
    "candidates, density rho = 2/(k(k-1)) sum_(i<j) cos (Eq. 1's mean), re-rank by "
    "score + 0.5 |keys(q) & keys(d)| when rho > 0.85; Table 1's figures and the "
    "prose about them agree",
    Kind.ARITHMETIC,
    where="§4.2 Algorithm 1, Eq. 1; §4.3 Table 1",
)
def check_ko_dar() -> Outcome:
    """KO-DAR: its parts KO-DAR-DENSITY and KO-DAR-TABLE1; the weakest decides.

    Examples
    --------
    >>> from proofs.claims.ko.printed import check_ko_dar
    >>> check_ko_dar().verdict.value
    'refuted'
    """
    return umbrella([check_ko_dar_density, check_ko_dar_table1])()


CLAIMS: tuple[Claim, ...] = claim_list(
    check_ko_dar,
    check_ko_cmp,
    check_ko_dar_density,
    check_ko_dar_table1,
)
