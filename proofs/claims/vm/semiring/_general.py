"""Proofs for every ``k`` at once: slot vectors as z3 arrays over integer indices (private).

A slot vector is an array ``Int -> Real`` read on ``0..k`` with ``k`` a free
integer; bottom is a free real ``lo`` below every slot. The product's slot
``y < k`` is ``max(A[y], B[y - d_A])`` (the right term only when
``y >= d_A``) and slot ``k`` is ``max(A[k], t)`` with ``t`` the maximum of
``B`` over ``max(k - d_A, 0)..k``, axiomatised by "``t`` bounds that range
and is attained in it". Maxima and first maxima of a vector are axiomatised
the same way. z3 instantiates the quantifiers by E-matching on the array
reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import z3

from proofs._method.smt import prove

_names = count()


def _max(a: Any, b: Any) -> Any:
    return z3.If(a >= b, a, b)


def _within(v: Any, low: Any, high: Any) -> Any:
    return z3.And(low <= v, v <= high)


@dataclass
class _Context:
    """Hypotheses collected while building symbolic vectors."""

    k: Any = field(default_factory=lambda: z3.Int("k"))
    lo: Any = field(default_factory=lambda: z3.Real("lo"))
    hyps: list[Any] = field(default_factory=list)
    rules: list[tuple[Any, Any, Callable[[Any], Any]]] = field(default_factory=list)
    points: list[Any] = field(default_factory=list)
    totals: list[Any] = field(default_factory=list)

    def forall(self, low: Any, high: Any, body: Callable[[Any], Any]) -> None:
        v = z3.Int(f"v{next(_names)}")
        self.hyps.append(z3.ForAll([v], z3.Implies(_within(v, low, high), body(v))))
        self.rules.append((low, high, body))

    def instances(self, extra: list[Any]) -> list[Any]:
        """Ground instances of every quantified hypothesis at the witness indices.

        Instances of a universal hypothesis are consequences of it, so adding
        them is sound; they spare z3 the search for instantiations that need
        arithmetic (``C[v - d_B]`` against a read ``C[x]``).
        """
        shifts = [*self.totals, *(a + b for a in self.totals for b in self.totals)]
        points = [self.k, *extra, *self.points]
        terms = points + [p + d for p in points for d in shifts]
        terms += [p - d for p in points for d in shifts]
        return [
            z3.Implies(_within(t, low, high), body(t))
            for low, high, body in self.rules
            for t in terms
        ]

    def element(self, name: str) -> tuple[Callable[[Any], Any], Any]:
        """Return a normal-form tropical element ``(W, d)`` with ``W`` an array."""
        w = z3.Array(name, z3.IntSort(), z3.RealSort())
        d = z3.Int(f"{name}_d")
        self.hyps.append(d >= 0)
        self.totals.append(d)
        self.forall(0, self.k, lambda v: w[v] >= self.lo)
        self.forall(0, self.k, lambda v: z3.Implies(v > d, w[v] == self.lo))
        return (lambda y: w[y]), d

    def compose(
        self, a: tuple[Callable[[Any], Any], Any], b: tuple[Callable[[Any], Any], Any]
    ) -> tuple[Callable[[Any], Any], Any]:
        """Return the product ``a ⊗ b`` as a slot function."""
        (fa, da), (fb, db) = a, b
        k, lo = self.k, self.lo
        start = z3.If(k - da >= 0, k - da, 0)
        top, at = z3.Real(f"t{next(_names)}"), z3.Int(f"x{next(_names)}")
        self.hyps += [_within(at, start, k), top == fb(at)]
        self.points.append(at)
        self.forall(start, k, lambda v: fb(v) <= top)

        def slot(y: Any) -> Any:
            shifted = z3.If(y >= da, fb(y - da), lo)
            return z3.If(y < k, _max(fa(y), shifted), _max(fa(k), top))

        return slot, da + db

    def image(self, a: tuple[Callable[[Any], Any], Any]) -> tuple[Any, Any]:
        """Return the maximum ``m`` and the first slot ``p`` holding it (``to_monoid``)."""
        f, _ = a
        m, p = z3.Real(f"m{next(_names)}"), z3.Int(f"p{next(_names)}")
        self.hyps += [_within(p, 0, self.k), f(p) == m]
        self.points.append(p)
        self.forall(0, self.k, lambda v: f(v) <= m)
        self.forall(0, p - 1, lambda v: f(v) < m)
        return m, p


def homomorphism_all_k() -> bool:
    """Prove ``to_monoid(a ⊗ b) = cap_k(to_monoid(a) ⊗endo to_monoid(b))`` for every ``k``."""
    ctx = _Context()
    ctx.hyps.append(ctx.k >= 0)
    a, b = ctx.element("A"), ctx.element("B")
    (ma, pa), (mb, pb) = ctx.image(a), ctx.image(b)
    slot, total = ctx.compose(a, b)
    k, x = ctx.k, z3.Int("x")
    expected_m = _max(ma, mb)
    shifted = a[1] + pb
    expected_p = z3.If(ma >= mb, pa, z3.If(shifted >= k, k, shifted))
    goals = [
        z3.Implies(_within(x, 0, k), slot(x) <= expected_m),
        slot(expected_p) == expected_m,
        z3.Implies(_within(x, 0, expected_p - 1), slot(x) < expected_m),
        z3.Implies(z3.And(_within(x, 0, k), x > total), slot(x) == ctx.lo),
    ]
    hyps = [*ctx.hyps, *ctx.instances([x, expected_p])]
    return all(prove(hyps, goal).proved for goal in goals)


def monoid_all_k() -> bool:
    """Prove ``⊗`` associative with identity ``(⊥..., 0)`` for every ``k``."""
    ctx = _Context()
    ctx.hyps.append(ctx.k >= 0)
    a, b, c = ctx.element("A"), ctx.element("B"), ctx.element("C")
    left = ctx.compose(ctx.compose(a, b), c)
    right = ctx.compose(a, ctx.compose(b, c))
    x = z3.Int("x")
    assoc = prove(
        [*ctx.hyps, *ctx.instances([x]), _within(x, 0, ctx.k)],
        z3.And(left[0](x) == right[0](x), left[1] == right[1]),
    )
    unit = (lambda y: ctx.lo), z3.IntVal(0)
    on_left, on_right = ctx.compose(unit, a), ctx.compose(a, unit)
    identity = prove(
        [*ctx.hyps, _within(x, 0, ctx.k)],
        z3.And(on_left[0](x) == a[0](x), on_right[0](x) == a[0](x)),
    )
    return assoc.proved and identity.proved


def lemmas() -> tuple[bool, str]:
    """Prove the shift lemmas and the subset semiring (z3, all integers)."""
    x, d, e, k = z3.Ints("x d e k")
    nat = [x >= 0, d >= 0, e >= 0, k >= 0]

    def cap(t: Any) -> Any:
        return z3.If(t >= k, k, t)

    shift = prove(nat, cap(cap(x + e) + d) == cap(x + e + d))
    capped = prove(nat, cap(x + d) == cap(x + cap(d)))
    subsets = subset_semiring()
    ok = shift.proved and capped.proved and subsets
    text = (
        "min(min(x+e,k)+d,k) = min(x+d+e,k) and min(x+d,k) = min(x+min(d,k),k) "
        f"({'proven' if shift.proved and capped.proved else 'NOT proven'}, z3, all "
        "integers); finite subsets of (N,+) under union and Minkowski sum satisfy every "
        f"semiring law ({'proven' if subsets else 'NOT proven'}, z3 over arbitrary "
        "integer sets)"
    )
    return ok, text


def subset_semiring() -> bool:
    """Prove every semiring law of ``(subsets of Z, ∪, Minkowski +)`` with z3."""
    arrays = [z3.Array(n, z3.IntSort(), z3.BoolSort()) for n in "ABC"]
    a, b, c = ((lambda s, arr=arr: arr[s]) for arr in arrays)

    def msum(p: Any, q: Any) -> Any:
        def member(s: Any) -> Any:
            v = z3.Int(f"q{next(_names)}")
            return z3.Exists([v], z3.And(p(v), q(s - v)))

        return member

    def union(p: Any, q: Any) -> Any:
        return lambda s: z3.Or(p(s), q(s))

    def zero(s: Any) -> Any:
        return z3.BoolVal(False)

    def one(s: Any) -> Any:
        return s == 0

    s = z3.Int("s")
    laws = [
        (union(union(a, b), c), union(a, union(b, c))),
        (union(a, b), union(b, a)),
        (union(a, a), a),
        (union(zero, a), a),
        (msum(one, a), a),
        (msum(a, one), a),
        (msum(a, union(b, c)), union(msum(a, b), msum(a, c))),
        (msum(union(b, c), a), union(msum(b, a), msum(c, a))),
        (msum(zero, a), zero),
        (msum(a, zero), zero),
    ]
    ok = all(prove([], left(s) == right(s)).proved for left, right in laws)
    # associativity of the Minkowski sum: one direction by z3 alone, the other
    # with the explicit witness u = p + q for A[p], B[q], C[s - p - q]
    forward = prove([], z3.Implies(msum(msum(a, b), c)(s), msum(a, msum(b, c))(s)))
    p, q = z3.Ints("p q")
    u = p + q
    backward = prove(
        [arrays[0][p], arrays[1][q], arrays[2][s - p - q]],
        z3.And(arrays[0][p], arrays[1][u - p], arrays[2][s - u]),
    )
    return ok and forward.proved and backward.proved
