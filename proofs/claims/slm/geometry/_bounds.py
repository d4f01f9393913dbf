"""SLM Theorems 6.5 and 6.6 as printed.

Theorem 6.5 (Eq. 26): with ``r`` the distortion-reduction ratio per level,
``D* = log(sigma^2/D_min) / (2 log r)``, and ``log N / (2 log r)`` when
``D_min = sigma^2/N``; its own proof derives ``log(sigma^2/D_min) / log r``.
Theorem 6.6 (Eq. 27-28): ``M_eff = {m : E(m, X) <= -tau}``, ``tau > 0``, with
the energy of Eq. 10, has at most ``C d^(d-1)`` members.
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from proofs.records import Kind, Outcome, Verdict, claim_check
from theory.hopfield import hopfield_energy

__all__ = [
    "check_t65",
    "check_t65_eq26",
    "check_t65_theta",
    "check_t66",
    "levels_needed",
]


def levels_needed(variance_ratio: sp.Expr, r: sp.Expr) -> sp.Expr:
    """Return the levels from ``sigma^2`` to ``D_min`` at a constant ratio ``r``.

    ``D_l = sigma^2 r^-l`` reaches ``D_min`` at ``l = log(sigma^2/D_min)/log r``;
    the rate count of the paper's proof, ``R(D_min)/Delta R`` with
    ``Delta R = (1/2) log r``, gives the same number.

    Examples
    --------
    >>> import sympy as sp
    >>> from proofs.claims.slm.geometry._bounds import levels_needed
    >>> levels_needed(sp.Integer(4), sp.Integer(2))
    2
    """
    level = sp.symbols("l", positive=True)
    solved = sp.solve(sp.Eq(r**level, variance_ratio), level)
    return sp.nsimplify(sp.simplify(solved[0]))


def _rate_count() -> tuple[bool, sp.Expr]:
    ratio, r = sp.symbols("rho r", positive=True)  # rho = sigma^2 / D_min
    d_level = sp.symbols("D", positive=True)
    rate = sp.log(ratio) / 2
    delta = sp.simplify(
        sp.expand_log(sp.log(1 / d_level) / 2 - sp.log(r / d_level) / 2, force=True)
    )
    count = sp.simplify(rate / -delta)
    same = sp.simplify(count - sp.log(ratio) / sp.log(r)) == 0
    return bool(same), count


@claim_check(
    "SLM-T6.5-EQ26",
    "(SLM Eq. 26) log(sigma^2/D_min)/(2 log r) levels at ratio r span sigma^2 to "
    "D_min (and log N/(2 log r) when D_min = sigma^2/N)",
    Kind.SYMBOLIC,
    where="Theorem 6.5, Eq. 26 and the D_min = sigma^2/N form",
)
def check_t65_eq26() -> Outcome:
    """SLM-T6.5-EQ26: ``D* = log(sigma^2/D_min)/(2 log r)`` levels at ratio ``r``."""
    same, count = _rate_count()
    needed = levels_needed(sp.Integer(4), sp.Integer(2))
    eq26 = sp.nsimplify(sp.log(4) / (2 * sp.log(2)))
    evidence = (
        "r is the distortion ratio between consecutive levels, D_(l+1) = D_l / r. "
        f"sympy: R(D_min)/Delta R with Delta R = (1/2) log r is {count} [{same}], the "
        "count of the paper's own proof; Eq. 26 has 2 log r, half of it. Smallest "
        f"case: sigma^2/D_min = 4, r = 2 needs {needed} levels (sigma^2 -> sigma^2/2 "
        f"-> sigma^2/4); Eq. 26 gives {eq26}, and one level at ratio 2 reaches only "
        "sigma^2/2. The same factor 2 is in log N/(2 log r) for D_min = sigma^2/N "
        "(N = 4, r = 2: 2 levels, printed 1)"
    )
    if not (same and needed == 2 and eq26 == 1):
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    cx = {"variance_ratio": 4, "r": 2, "levels_needed": 2, "eq26": 1}
    return Outcome(Verdict.REFUTED, evidence, cx)


@claim_check(
    "SLM-T6.5-THETA",
    "(SLM Eq. 25) with D_min = sigma^2/N the number of levels is Theta(log N)",
    Kind.SYMBOLIC,
    where="Theorem 6.5, Eq. 25",
)
def check_t65_theta() -> Outcome:
    """SLM-T6.5-THETA: with ``D_min = sigma^2/N`` the depth is ``Theta(log N)``."""
    n, r = sp.symbols("N r", positive=True)
    depth = levels_needed(n, r)
    ratio = sp.limit(depth / sp.log(n), n, sp.oo)
    ok = sp.simplify(depth - sp.log(n) / sp.log(r)) == 0
    ok = ok and sp.simplify(ratio - 1 / sp.log(r)) == 0
    evidence = (
        f"sympy: sigma^2/D_min = N gives {depth} levels, and depth/log N -> {ratio}, a "
        "positive constant for fixed r > 1: Theta(log N) holds (with log N/log r, not "
        "the printed log N/(2 log r), SLM-T6.5-EQ26)"
    )
    return Outcome(Verdict.PROVEN if ok else Verdict.OPEN, evidence)


@claim_check(
    "SLM-T6.5",
    "(SLM §6.3.1 Theorem 6.5, Eq. 25-26) with r the distortion-reduction ratio per "
    "level, D*(N) = log(sigma^2/D_min)/(2 log r) levels, = log N/(2 log r) = "
    "Theta(log N) when D_min = sigma^2/N",
    Kind.SYMBOLIC,
    where="§6.3.1 Theorem 6.5, Eq. 25-26; App. A.3",
)
def check_t65() -> Outcome:
    """SLM-T6.5: Eq. 26 and the Theta(log N) depth; the weakest part decides."""
    parts = [check_t65_eq26(), check_t65_theta()]
    summary = "; ".join(f"{p.claim_id}: {p.verdict.value}" for p in parts)
    weakest = next((p for p in parts if p.verdict is Verdict.REFUTED), None)
    if weakest is None:
        verdict = Verdict.PROVEN
        if any(p.verdict is not Verdict.PROVEN for p in parts):
            verdict = Verdict.OPEN
        return Outcome(verdict, summary)
    return Outcome(
        Verdict.REFUTED,
        f"{summary}. Theta(log N) holds, but the printed depth is half the levels the "
        "stated ratio needs",
        weakest.counterexample,
    )


def _energy_floor() -> tuple[bool, str]:
    """``E(xi) >= (|xi| - m)^2 / 2 >= 0`` for Eq. 10, ``m = max_i |x_i|``.

    ``lse(beta, z) <= max z + log(M)/beta`` (each of the ``M`` terms is at
    most ``exp(beta max z)``) and ``max_i x_i . xi <= |xi| m``
    (Cauchy-Schwarz), so ``E >= -|xi| m + |xi|^2/2 + m^2/2``.
    """
    a, m, beta, big_m, zmax = sp.symbols("a m beta M z_max", positive=True)
    lse_bound = zmax + sp.log(big_m) / beta
    sum_bound = sp.simplify(sp.log(big_m * sp.exp(beta * zmax)) / beta - lse_bound)
    floor = -(a * m) + a**2 / 2 + sp.log(big_m) / beta - sp.log(big_m) / beta + m**2 / 2
    square = sp.factor(floor)
    ok = sp.simplify(sp.expand_log(sum_bound, force=True)) == 0
    ok = ok and sp.simplify(square - (a - m) ** 2 / 2) == 0
    return bool(ok), f"log(M e^(beta z_max))/beta - lse bound = 0; floor = {square}"


@claim_check(
    "SLM-T6.6",
    "(SLM §6.3.2 Theorem 6.6, Eq. 27-28) for unit-norm memories, the set "
    "{m : E(m, X) <= -tau} (tau > 0, Eq. 10 energy) has at most C d^(d-1) members",
    Kind.SYMBOLIC,
    where="§6.3.2 Theorem 6.6, Eq. 27-28; App. A.4",
)
def check_t66() -> Outcome:
    """SLM-T6.6: ``|{m : E(m, X) <= -tau}| <= C d^(d-1)``: true, and vacuous."""
    ok, detail = _energy_floor()
    rng = np.random.default_rng(66)
    lowest = math.inf
    for d, n in ((2, 3), (3, 50), (16, 200)):
        patterns = rng.normal(size=(n, d))
        patterns /= np.linalg.norm(patterns, axis=1, keepdims=True)
        for beta in (0.1, 1.0, 30.0):
            energies = [hopfield_energy(x, patterns, beta=beta) for x in patterns]
            lowest = min(lowest, *energies)
    code = lowest >= -1e-12
    evidence = (
        f"sympy: {detail} (a = |xi|), so every state, a stored memory included, has "
        "E >= 0 under Eq. 10, and {m : E(m, X) <= -tau} is empty for every tau > 0: "
        "|M_eff| = 0 <= C d^(d-1) for any C > 0, at every t. The bound holds but "
        "says nothing (and d^(d-1) is not the cited capacity: Ramsauer et al. give an "
        "exponential lower bound). theory.hopfield.hopfield_energy on random unit "
        f"patterns, d in (2, 3, 16), beta in (0.1, 1, 30): lowest energy {lowest:.3g} "
        f"[{code}]"
    )
    if not (ok and code):
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    return Outcome(Verdict.PROVEN, evidence)
