"""Symbolic (z3) transcription of the context algebra (private).

A context is encoded as ``(has, w, t, p)`` and a committed context adds ``c``:
``has`` says whether the block has a pivot, ``w`` is its key as a real number
(meaningful only when ``has``), ``t = d_total`` and ``p = d_pre``. The
products use only comparisons of keys, so a proof over real keys holds for
every totally ordered key type: any finite configuration of a total order
embeds order-preservingly in the reals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from algebra import CommittedContext, Context


@dataclass(frozen=True)
class Sym:
    """A symbolic (committed) context."""

    has: Any
    w: Any
    t: Any
    p: Any
    c: Any = None


def fresh(name: str, *, committed: bool = False, int_keys: bool = False) -> Sym:
    """Return a symbolic context with fresh variables named after ``name``."""
    key = z3.Int(f"{name}_w") if int_keys else z3.Real(f"{name}_w")
    return Sym(
        z3.Bool(f"{name}_has"),
        key,
        z3.Int(f"{name}_dtotal"),
        z3.Int(f"{name}_dpre"),
        z3.Bool(f"{name}_c") if committed else None,
    )


def normal_form(x: Sym) -> Any:
    """Return the carrier constraints of docs/guide/algebra.md §2 and §3."""
    parts = [x.t >= 0, x.p >= 0, x.p <= x.t, z3.Implies(z3.Not(x.has), x.p == 0)]
    if x.c is not None:
        parts.append(z3.Implies(x.c, x.has))
    return z3.And(*parts)


def key_ge(a: Sym, b: Sym) -> Any:
    """``w_a >= w_b`` with the empty key below everything."""
    return z3.Or(z3.Not(b.has), z3.And(a.has, a.w >= b.w))


def endo(a: Sym, b: Sym) -> Sym:
    """Symbolic ``compose_endo``."""
    left = key_ge(a, b)
    return Sym(
        z3.Or(a.has, b.has),
        z3.If(left, a.w, b.w),
        a.t + b.t,
        z3.If(left, a.p, a.t + b.p),
    )


def commit(a: Sym, b: Sym) -> Sym:
    """Symbolic ``compose_commit``."""
    inner = endo(a, b)
    return Sym(
        z3.If(a.c, a.has, inner.has),
        z3.If(a.c, a.w, inner.w),
        a.t + b.t,
        z3.If(a.c, a.p, inner.p),
        z3.Or(a.c, b.c),
    )


def identity(*, committed: bool = False) -> Sym:
    """Symbolic ``IDENTITY`` / ``COMMITTED_IDENTITY`` (its key is irrelevant)."""
    return Sym(
        z3.BoolVal(False),
        z3.RealVal(0),
        z3.IntVal(0),
        z3.IntVal(0),
        z3.BoolVal(False) if committed else None,
    )


def equal(a: Sym, b: Sym) -> Any:
    """Equality of contexts: the key matters only when there is a pivot."""
    parts = [a.has == b.has, z3.Implies(a.has, a.w == b.w), a.t == b.t, a.p == b.p]
    if a.c is not None and b.c is not None:
        parts.append(a.c == b.c)
    return z3.And(*parts)


def absorbed(x: Sym, k: Any) -> Any:
    """Symbolic ``is_absorbed``: ``d_pre < k``."""
    return x.p < k


def concrete(ctx: Context | CommittedContext) -> Sym:
    """Encode a concrete context with numeric keys as z3 values."""
    has = ctx.w is not None
    committed = ctx.committed if isinstance(ctx, CommittedContext) else None
    return Sym(
        z3.BoolVal(has),
        z3.RealVal(ctx.w if has else 0),
        z3.IntVal(ctx.d_total),
        z3.IntVal(ctx.d_pre),
        None if committed is None else z3.BoolVal(committed),
    )


def decode(x: Sym) -> Context | CommittedContext:
    """Evaluate a closed symbolic context back to a Python context."""
    has = z3.is_true(z3.simplify(x.has))
    w: Any = None
    if has:
        frac = z3.simplify(x.w).as_fraction()
        w = int(frac) if frac.denominator == 1 else frac
    t = z3.simplify(x.t).as_long()
    p = z3.simplify(x.p).as_long()
    if x.c is None:
        return Context(w, t, p)
    return CommittedContext(w, t, p, z3.is_true(z3.simplify(x.c)))
