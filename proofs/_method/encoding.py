"""Symbolic (z3) execution of the context algebra's own code.

A context is encoded as ``(has, w, t, p)`` and a committed context adds ``c``:
``has`` says whether the block has a pivot, ``w`` is its key as a real number
(meaningful only when ``has``), ``t = d_total`` and ``p = d_pre``. The
products use only comparisons of keys, so a proof over real keys holds for
every totally ordered key type: any finite configuration of a total order
embeds order-preservingly in the reals.

The products, the absorbing predicate, the contract and the identities are
not transcribed: :func:`endo`, :func:`commit`, :func:`absorbed`,
:func:`contract` and :func:`identity` run :func:`algebra.compose.endo_fields`,
:func:`algebra.compose.commit_fields`, :func:`algebra.absorb.absorbed_fields`,
:func:`algebra.contract.contract_fields` and the fields of
:data:`algebra.IDENTITY` on z3 terms (:mod:`algebra.arith`). Only the
carrier constraints (:func:`normal_form`) and equality are written here; the
checks that rely on them compare them with :class:`algebra.Context`'s
validation on a bounded domain (:func:`normal_form_agrees`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

import algebra
from algebra import CommittedContext, Context
from algebra.absorb import absorbed_fields
from algebra.arith import SymbolicKey
from algebra.compose import commit_fields, endo_fields
from algebra.contract import contract_fields

__all__ = [
    "CODE",
    "Sym",
    "absorbed",
    "commit",
    "concrete",
    "contract",
    "decode",
    "defined",
    "endo",
    "equal",
    "fresh",
    "identity",
    "key_ge",
    "normal_form",
    "normal_form_agrees",
]

CODE = {
    "endo": "algebra.compose.endo_fields (the body of compose_endo)",
    "commit": "algebra.compose.commit_fields (the body of compose_commit)",
    "absorbed": "algebra.absorb.absorbed_fields (the body of is_absorbed)",
    "contract": "algebra.contract.contract_fields (the body of satisfies_contract)",
    "identity": "algebra.IDENTITY / algebra.COMMITTED_IDENTITY",
}
"""Which package code each symbolic operation executes (for the evidence)."""


@dataclass(frozen=True)
class Sym:
    """A symbolic (committed) context."""

    has: Any
    w: Any
    t: Any
    p: Any
    c: Any = None
    ok: Any = None  # the product that built it was defined (None: an input)


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
    """``w_a >= w_b`` with the empty key below everything (algebra.arith.key_ge)."""
    from algebra.arith import key_ge as arith_key_ge

    return arith_key_ge(_key(a), _key(b))


def _key(x: Sym) -> SymbolicKey:
    return SymbolicKey(x.has, x.w)


def _unkey(key: Any) -> tuple[Any, Any]:
    if isinstance(key, SymbolicKey):
        return key.has, key.value
    msg = f"expected a symbolic key, got {key!r}"
    raise TypeError(msg)


def endo(a: Sym, b: Sym) -> Sym:
    """``compose_endo`` on symbolic contexts: runs :func:`algebra.compose.endo_fields`."""
    w, t, p = endo_fields(_key(a), a.t, a.p, _key(b), b.t, b.p)
    has, value = _unkey(w)
    out = Sym(has, value, t, p)
    return Sym(has, value, t, p, None, _defined(a, b, out))


def commit(a: Sym, b: Sym) -> Sym:
    """``compose_commit`` on symbolic contexts: runs :func:`algebra.compose.commit_fields`."""
    w, t, p, c = commit_fields(_key(a), a.t, a.p, a.c, _key(b), b.t, b.p, b.c)
    has, value = _unkey(w)
    out = Sym(has, value, t, p, c)
    return Sym(has, value, t, p, c, _defined(a, b, out))


def _defined(a: Sym, b: Sym, out: Sym) -> Any:
    """Return whether the Python product returns (its constructor accepts ``out``), as did ``a``, ``b``."""
    return z3.And(defined(a, b), normal_form(out))


def defined(*xs: Sym) -> Any:
    """Whether every product that built ``xs`` was defined.

    The Python products construct a :class:`algebra.Context`, whose
    validation raises outside the normal form; a law about the function
    users call therefore includes that every product in it returns.
    """
    return z3.And(*[x.ok for x in xs if x.ok is not None], z3.BoolVal(True))


def identity(*, committed: bool = False) -> Sym:
    """Symbolic ``IDENTITY`` / ``COMMITTED_IDENTITY``, read from :mod:`algebra`."""
    return concrete(algebra.COMMITTED_IDENTITY if committed else algebra.IDENTITY)


def contract(b: Sym, m: Sym, k: Any) -> Any:
    """``satisfies_contract(B, mu(B), k)``: runs :func:`algebra.contract.contract_fields`."""
    return contract_fields(b.t, m.t, k)


def equal(a: Sym, b: Sym) -> Any:
    """Both sides are defined (their products return) and equal as contexts.

    The key matters only when there is a pivot (``None == None``).
    """
    parts = [
        defined(a, b),
        a.has == b.has,
        z3.Implies(a.has, a.w == b.w),
        a.t == b.t,
        a.p == b.p,
    ]
    if a.c is not None and b.c is not None:
        parts.append(a.c == b.c)
    return z3.And(*parts)


def absorbed(x: Sym, k: Any) -> Any:
    """Symbolic ``is_absorbed``: runs :func:`algebra.absorb.absorbed_fields`."""
    return absorbed_fields(x.p, k)


def normal_form_agrees(*, bound: int = 4) -> tuple[bool, int]:
    """Check :func:`normal_form` against :class:`algebra.Context`'s validation.

    Every ``(has, d_total, d_pre, committed)`` with ``-1 <= d_total, d_pre <=
    bound`` is accepted by :class:`algebra.CommittedContext` (and, without
    the flag, by :class:`algebra.Context`) exactly when :func:`normal_form`
    evaluates to true. Returns ``(agree, cases)``.
    """
    cases = 0
    for has in (False, True):
        for t in range(-1, bound + 1):
            for p in range(-1, bound + 1):
                for c in (None, False, True):
                    cases += 1
                    x = Sym(
                        z3.BoolVal(has),
                        z3.RealVal(1),
                        z3.IntVal(t),
                        z3.IntVal(p),
                        None if c is None else z3.BoolVal(c),
                    )
                    sym_ok = z3.is_true(z3.simplify(normal_form(x)))
                    try:
                        if c is None:
                            Context(1 if has else None, t, p)
                        else:
                            CommittedContext(1 if has else None, t, p, c)
                        code_ok = True
                    except ValueError:
                        code_ok = False
                    if sym_ok != code_ok:
                        return False, cases
    return True, cases


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
