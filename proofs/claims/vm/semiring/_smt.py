"""Symbolic (z3) transcription of the tropical lift and its candidate sums.

Extended keys are a z3 datatype ``bot | fin(val) | top`` ordered
``bot < fin(v) < top``; ``fin`` compares by ``val``. The products only compare
keys, so a proof over real ``val`` holds for every totally ordered key type.
Each candidate structure of :mod:`proofs.claims.vm.semiring` is an :class:`Algebra`: a
carrier constraint, ``add`` (with where it is defined), ``mul``, equality,
its additive zero (if any) and its one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import z3

from algebra.tropical import HypothesisSet, TropicalContext

__all__ = [
    "Algebra",
    "Elem",
    "Keys",
    "cap_shift",
    "decode",
    "decode_slots",
    "hypothesis_sets",
    "keys",
    "matrices",
    "project",
    "tropical",
]


@dataclass(frozen=True)
class Keys:
    """Extended keys as numbers in ``[lo, hi]``: ``lo`` is bottom, ``hi`` is top.

    Any finite set of extended keys embeds order-preservingly in a real
    interval with ``-inf -> lo`` and ``+inf -> hi``, and maxima and minima
    commute with order embeddings, so an identity of max/min terms holds for
    all extended keys iff it holds for all numbers in ``[lo, hi]`` (``lo <
    hi`` free). This keeps the queries in linear arithmetic.
    """

    int_keys: bool

    @property
    def bot(self) -> Any:
        """Bottom, ``-inf``."""
        return z3.Int("lo") if self.int_keys else z3.Real("lo")

    @property
    def top(self) -> Any:
        """Top, ``+inf``."""
        return z3.Int("hi") if self.int_keys else z3.Real("hi")

    def const(self, name: str) -> Any:
        """Return a fresh extended key."""
        return z3.Int(name) if self.int_keys else z3.Real(name)

    def domain(self, a: Any, *, top: bool = False) -> Any:
        """Constrain ``a`` to be an extended key (``top`` allowed or not)."""
        return z3.And(self.bot <= a, a <= self.top if top else a < self.top)

    def bounds(self) -> Any:
        """``lo < hi``."""
        return self.bot < self.top

    def is_fin(self, a: Any) -> Any:
        """Whether ``a`` is a finite key (neither bottom nor top)."""
        return z3.And(a > self.bot, a < self.top)

    def is_bot(self, a: Any) -> Any:
        """Whether ``a`` is bottom."""
        return a == self.bot

    def max(self, a: Any, b: Any) -> Any:
        """Return the larger of two extended keys."""
        return z3.If(a >= b, a, b)

    def min(self, a: Any, b: Any) -> Any:
        """Return the smaller of two extended keys."""
        return z3.If(a <= b, a, b)

    def max_all(self, values: Sequence[Any]) -> Any:
        """Return the largest of several extended keys (``bot`` for none)."""
        out = self.bot
        for value in values:
            out = self.max(out, value)
        return out


@cache
def keys(*, int_keys: bool = False) -> Keys:
    """Return the extended keys with real (or integer) values."""
    return Keys(int_keys)


@dataclass(frozen=True)
class Elem:
    """A symbolic element: slot vector ``w`` and either a total ``d`` or a set ``ds``."""

    w: tuple[Any, ...]
    d: Any = None
    ds: tuple[Any, ...] = ()


def cap_shift(x: int, d: Any, k: int) -> Any:
    """``min(x + d, k)`` as a z3 term."""
    return z3.If(x + d >= k, k, x + d)


@dataclass
class Algebra:
    """One candidate structure over a fixed ``k`` (see the module docstring)."""

    name: str
    k: int
    kx: Keys
    fresh: Callable[[str], Elem]
    carrier: Callable[[Elem], Any]
    normal: Callable[[Elem], Any]
    add: Callable[[Elem, Elem], Elem]
    defined: Callable[[Elem, Elem], Any]
    mul: Callable[[Elem, Elem], Elem]
    eq: Callable[[Elem, Elem], Any]
    zero_like: Callable[[Elem], Elem] | None
    one: Elem
    size: Callable[[Elem], Any]


def tropical(rule: str, k: int, *, int_keys: bool = False) -> Algebra:
    """Return the ``(W, d_total)`` algebra with the sum ``rule`` ("equal", "max", "min")."""
    kx = keys(int_keys=int_keys)

    def fresh(name: str) -> Elem:
        w = tuple(kx.const(f"{name}_W{x}") for x in range(k + 1))
        return Elem(w, z3.Int(f"{name}_d"))

    def relaxed(a: Elem) -> Any:
        return z3.And(kx.bounds(), a.d >= 0, *[kx.domain(s) for s in a.w])

    def normal(a: Elem) -> Any:
        nf = [z3.Implies(x > a.d, kx.is_bot(s)) for x, s in enumerate(a.w)]
        return z3.And(relaxed(a), *nf)

    def mul(a: Elem, b: Elem) -> Elem:
        return Elem(_compose(kx, a.w, [a.d], b.w, k), a.d + b.d)

    def add(a: Elem, b: Elem) -> Elem:
        w = tuple(kx.max(p, q) for p, q in zip(a.w, b.w, strict=True))
        if rule == "min":
            return Elem(w, z3.If(a.d <= b.d, a.d, b.d))
        return Elem(w, z3.If(a.d >= b.d, a.d, b.d))

    def eq(a: Elem, b: Elem) -> Any:
        return z3.And(a.d == b.d, *[p == q for p, q in zip(a.w, b.w, strict=True)])

    bottoms = tuple(kx.bot for _ in range(k + 1))
    zero_like: Callable[[Elem], Elem] | None = {
        "equal": lambda a: Elem(bottoms, a.d),
        "max": lambda a: Elem(bottoms, z3.IntVal(0)),
        "min": None,
    }[rule]
    return Algebra(
        name=rule,
        k=k,
        kx=kx,
        fresh=fresh,
        carrier=relaxed if rule == "min" else normal,
        normal=normal,
        add=add,
        defined=(lambda a, b: a.d == b.d) if rule == "equal" else _always,
        mul=mul,
        eq=eq,
        zero_like=zero_like,
        one=Elem(bottoms, z3.IntVal(0)),
        size=lambda a: a.d + _slot_size(kx, a.w),
    )


def hypothesis_sets(k: int, *, int_keys: bool = False) -> Algebra:
    """Return :class:`algebra.tropical.HypothesisSet` with totals capped at ``k``.

    The slot part depends on the totals only through ``min(d, k)``; the exact
    totals form the semiring of finite subsets of ``(N, +)``, checked apart.
    """
    kx = keys(int_keys=int_keys)

    def fresh(name: str) -> Elem:
        w = tuple(kx.const(f"{name}_W{x}") for x in range(k + 1))
        ds = tuple(z3.Bool(f"{name}_D{x}") for x in range(k + 1))
        return Elem(w, ds=ds)

    def normal(a: Elem) -> Any:
        parts = [kx.bounds(), *[kx.domain(s) for s in a.w]]
        parts += [z3.Implies(kx.is_fin(s), z3.Or(*a.ds[x:])) for x, s in enumerate(a.w)]
        return z3.And(*parts)

    def mul(a: Elem, b: Elem) -> Elem:
        ds = tuple(
            z3.Or(
                *[
                    z3.And(a.ds[i], b.ds[j])
                    for i in range(k + 1)
                    for j in range(k + 1)
                    if min(i + j, k) == s
                ]
            )
            for s in range(k + 1)
        )
        live = z3.And(z3.Or(*a.ds), z3.Or(*b.ds))
        shifted = _compose_set(kx, a, b, k)
        return Elem(tuple(z3.If(live, v, kx.bot) for v in shifted), ds=ds)

    def add(a: Elem, b: Elem) -> Elem:
        w = tuple(kx.max(p, q) for p, q in zip(a.w, b.w, strict=True))
        return Elem(w, ds=tuple(z3.Or(p, q) for p, q in zip(a.ds, b.ds, strict=True)))

    def eq(a: Elem, b: Elem) -> Any:
        pairs = [*zip(a.w, b.w, strict=True), *zip(a.ds, b.ds, strict=True)]
        return z3.And(*[p == q for p, q in pairs])

    bottoms = tuple(kx.bot for _ in range(k + 1))
    no = tuple(z3.BoolVal(False) for _ in range(k + 1))
    return Algebra(
        name="set",
        k=k,
        kx=kx,
        fresh=fresh,
        carrier=normal,
        normal=normal,
        add=add,
        defined=_always,
        mul=mul,
        eq=eq,
        zero_like=lambda a: Elem(bottoms, ds=no),
        one=Elem(bottoms, ds=(z3.BoolVal(True), *no[1:])),
        size=lambda a: _slot_size(kx, a.w) + sum(z3.If(d, 1, 0) for d in a.ds),
    )


def matrices(n: int) -> Algebra:
    """Return square ``n x n`` matrices over the (max, min) semiring of extended keys."""
    kx = keys()

    def fresh(name: str) -> Elem:
        return Elem(
            tuple(kx.const(f"{name}_{i}_{j}") for i in range(n) for j in range(n))
        )

    def at(a: Elem, i: int, j: int) -> Any:
        return a.w[i * n + j]

    def mul(a: Elem, b: Elem) -> Elem:
        return Elem(
            tuple(
                kx.max_all([kx.min(at(a, i, m), at(b, m, j)) for m in range(n)])
                for i in range(n)
                for j in range(n)
            )
        )

    def add(a: Elem, b: Elem) -> Elem:
        return Elem(tuple(kx.max(p, q) for p, q in zip(a.w, b.w, strict=True)))

    zero = Elem(tuple(kx.bot for _ in range(n * n)))
    one = Elem(tuple(kx.top if i == j else kx.bot for i in range(n) for j in range(n)))
    return Algebra(
        name="matrix",
        k=n - 2,
        kx=kx,
        fresh=fresh,
        carrier=lambda a: z3.And(kx.bounds(), *[kx.domain(v, top=True) for v in a.w]),
        normal=lambda a: z3.And(kx.bounds(), *[kx.domain(v, top=True) for v in a.w]),
        add=add,
        defined=_always,
        mul=mul,
        eq=lambda a, b: z3.And(*[p == q for p, q in zip(a.w, b.w, strict=True)]),
        zero_like=lambda a: zero,
        one=one,
        size=lambda a: _slot_size(kx, a.w),
    )


def project(kx: Keys, a: Elem, k: int) -> tuple[Any, Any, Any]:
    """Symbolic ``to_monoid``: ``(has, w*, first slot holding w*)``."""
    best = kx.max_all(a.w)
    first: Any = z3.IntVal(0)
    for x in reversed(range(k + 1)):
        first = z3.If(z3.And(kx.is_fin(a.w[x]), a.w[x] == best), x, first)
    return kx.is_fin(best), best, first


def decode_slots(model: dict[str, Any], name: str, k: int) -> tuple[Any, ...]:
    """Read a slot vector from a model dict (the value ``lo`` is bottom)."""
    lo = model.get("lo", 0)
    out = []
    for x in range(k + 1):
        value = model.get(f"{name}_W{x}", lo)
        out.append(None if value == lo else value)
    return tuple(out)


def decode(model: dict[str, Any], name: str, alg: Algebra) -> Any:
    """Rebuild a counterexample element as a Python object."""
    slots = decode_slots(model, name, alg.k)
    if alg.name == "set":
        totals = frozenset(
            x for x in range(alg.k + 1) if model.get(f"{name}_D{x}", False) is True
        )
        return HypothesisSet(totals, slots)
    return _loose(slots, int(model.get(f"{name}_d", 0)))


def _loose(slots: tuple[Any, ...], d: int) -> Any:
    try:
        return TropicalContext(slots, d)
    except ValueError:  # outside the normal form (the relaxed carrier of "min")
        shown = ", ".join("-inf" if v is None else str(v) for v in slots)
        return f"([{shown}], d={d}) [not in normal form]"


def _compose(
    kx: Keys, left: Sequence[Any], shifts: Sequence[Any], right: Sequence[Any], k: int
) -> tuple[Any, ...]:
    out = []
    for y in range(k + 1):
        moved = [
            z3.If(cap_shift(x, d, k) == y, right[x], kx.bot)
            for d in shifts
            for x in range(k + 1)
        ]
        out.append(kx.max_all([left[y], *moved]))
    return tuple(out)


def _compose_set(kx: Keys, a: Elem, b: Elem, k: int) -> tuple[Any, ...]:
    out = []
    for y in range(k + 1):
        moved = [
            z3.If(a.ds[i], b.w[x], kx.bot)
            for i in range(k + 1)
            for x in range(k + 1)
            if min(x + i, k) == y
        ]
        out.append(kx.max_all([a.w[y], *moved]))
    return tuple(out)


def _slot_size(kx: Keys, slots: Sequence[Any]) -> Any:
    return sum(
        z3.If(
            kx.is_fin(s),
            1 + z3.If(s >= 0, s, -s),
            0,
        )
        for s in slots
    )


def _always(a: Elem, b: Elem) -> Any:
    return z3.BoolVal(True)
