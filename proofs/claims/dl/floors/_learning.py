"""DL Theorem 4's Occam bound in the direction the paper prints it.

DL §3.1 Theorem 4 writes the finite-class sufficiency as
``n <= (ln |H| + ln(1/delta)) / epsilon``: read as printed, every sample size
up to that number suffices. The witness is exhaustive over every
deterministic learner at ``n = 0`` on the smallest class.

Private to :mod:`proofs.claims.dl.floors`.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from proofs.records import Kind, Outcome, Verdict, claim_check

__all__ = [
    "check_occam_direction",
    "check_occam_sufficient",
    "consistent_failure",
    "worst_failure_at_zero_samples",
]


def worst_failure_at_zero_samples(class_size: int) -> Fraction:
    """Return ``min over learners max over targets P(error > eps)`` with no samples.

    The domain is one point ``x0`` (probability 1) and the class holds
    ``class_size`` distinct labels for it, so a hypothesis errs with
    probability 1 or 0. With ``n = 0`` a deterministic learner outputs one
    fixed hypothesis whatever the target; the target is any class member
    (realizable).

    Examples
    --------
    >>> from proofs.claims.dl.floors._learning import worst_failure_at_zero_samples
    >>> worst_failure_at_zero_samples(2)
    Fraction(1, 1)
    """
    labels = range(class_size)
    best = Fraction(1)
    for output in labels:  # every deterministic learner at n = 0
        worst = max(Fraction(int(output != target)) for target in labels)
        best = min(best, worst)
    return best


@claim_check(
    "DL-T4-OCCAM",
    "(DL §3.1 Theorem 4) every n <= (ln|H| + ln(1/delta))/epsilon suffices for "
    "error <= epsilon at confidence 1 - delta (the direction as printed)",
    Kind.EXHAUSTIVE,
    where="§3.1 Theorem 4, the sufficiency inequality",
)
def check_occam_direction() -> Outcome:
    """DL-T4-OCCAM: ``n <= (ln|H| + ln(1/delta))/epsilon`` samples suffice, as printed.

    Examples
    --------
    >>> from proofs.claims.dl.floors import check_occam_direction
    >>> check_occam_direction().verdict.value
    'refuted'
    """
    size, eps, delta = 2, Fraction(1, 4), Fraction(1, 4)
    bound = (math.log(size) + math.log(1 / delta)) / eps
    failure = worst_failure_at_zero_samples(size)
    grid = all(worst_failure_at_zero_samples(k) == 1 for k in range(2, 9))
    evidence = (
        "DL §3.1 Theorem 4 prints sufficiency as n <= (ln|H| + ln(1/delta))/eps; the "
        "finite-class (Occam) bound says n >= that many samples suffice. As printed it "
        f"includes n = 0: one domain point, H = two constant labels, eps = delta = 1/4, "
        f"bound = 4 (ln 2 + ln 4) = {bound:.3f} >= 0; with no samples each of the 2 "
        "deterministic learners outputs a fixed label, and the other target makes it "
        f"err with probability 1, so min over learners of max over targets of "
        f"P(error > eps) = {failure} > delta (exact, every learner enumerated; also "
        f"for |H| = 2..8 [{grid}]). The inequality points the wrong way; the lower bound "
        "of Eq. 4 is DL-T4-LOWER"
    )
    if not (failure > delta and bound >= 0):
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    cx = {
        "domain": "one point",
        "H": "two constant labels",
        "n": 0,
        "epsilon": "1/4",
        "delta": "1/4",
        "printed_bound": round(bound, 4),
        "min_max_failure_probability": str(failure),
    }
    return Outcome(Verdict.REFUTED, evidence, cx)


def consistent_failure(points: int, n: int, eps: Fraction) -> Fraction:
    """Return the worst probability that a consistent hypothesis errs by more than ``eps``.

    The domain is ``points`` equally likely points and the class is every
    boolean function on them (``|H| = 2**points``, realizable). After ``n``
    independent draws the worst consistent learner can err on every unseen
    point, so it fails exactly when the unseen share exceeds ``eps``; the
    chance that the seen set is ``T`` is, by inclusion-exclusion,
    ``sum over R subset of T of (-1)**(|T|-|R|) (|R|/points)**n``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from proofs.claims.dl.floors._learning import consistent_failure
    >>> consistent_failure(2, 1, Fraction(1, 4))  # one draw leaves a point unseen
    Fraction(1, 1)
    """
    total = Fraction(0)
    for size in range(points + 1):
        if Fraction(points - size, points) <= eps:
            continue
        exactly = sum(
            (-1) ** (size - r) * math.comb(size, r) * Fraction(r, points) ** n
            for r in range(size + 1)
        )
        total += math.comb(points, size) * exactly
    return total


@claim_check(
    "DL-T4-SUFFICIENT",
    "(DL §3.1 Theorem 4, the direction the Occam/finite-class bound has) "
    "n >= (ln|H| + ln(1/delta))/epsilon samples suffice for error <= epsilon at "
    "confidence 1 - delta",
    Kind.EXHAUSTIVE,
    where="§3.1 Theorem 4, the sufficiency inequality",
)
def check_occam_sufficient() -> Outcome:
    """DL-T4-SUFFICIENT: the Occam bound, read with ``n >=``, holds on small classes.

    Examples
    --------
    >>> from proofs.claims.dl.floors import check_occam_sufficient
    >>> check_occam_sufficient().verdict.value
    'verified'
    """
    cases = 0
    worst: tuple[Fraction, int, Fraction, Fraction, int] | None = None
    bad = None
    grid = itertools.product(
        (1, 2, 3, 4),
        (Fraction(1, 5), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2)),
        (Fraction(1, 20), Fraction(1, 10), Fraction(1, 4)),
    )
    for points, eps, delta in grid:
        bound = (points * math.log(2) + math.log(1 / delta)) / eps
        n = math.ceil(bound)
        fail = consistent_failure(points, n, eps)
        cases += 1
        if worst is None or fail / delta > worst[0] / worst[3]:
            worst = (fail, points, eps, delta, n)
        if fail > delta and bad is None:
            bad = {"points": points, "eps": str(eps), "delta": str(delta), "n": n}
    assert worst is not None  # the grid is not empty
    fail, points, eps, delta, n = worst
    evidence = (
        "exhaustive over a stated finite domain: every class of all boolean functions "
        "on 1..4 equally likely points (|H| = 2..16), eps in {1/5, 1/4, 1/3, 1/2}, "
        f"delta in {{1/20, 1/10, 1/4}} ({cases} cases), n = ceil((ln|H| + "
        "ln(1/delta))/eps): the exact probability (inclusion-exclusion, fractions) that "
        "the worst consistent hypothesis errs by more than eps is <= delta in every "
        f"case; the closest is {float(fail):.4g} <= delta = {delta} ({points} points, "
        f"eps = {eps}, n = {n}). This is the Occam bound with n >=; as printed "
        "(n <=) it is DL-T4-OCCAM"
    )
    if bad is not None:
        return Outcome(Verdict.REFUTED, evidence, bad)
    return Outcome(Verdict.VERIFIED, evidence)
