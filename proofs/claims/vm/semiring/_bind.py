"""Bind the z3 transcription of the tropical lift to :mod:`algebra.tropical`.

The semiring proofs (:mod:`proofs.claims.vm.semiring`) are universal proofs about the
z3 transcription in :mod:`proofs.claims.vm.semiring._smt`; the package's
:func:`~algebra.tropical.compose_tropical`, :func:`~algebra.tropical.oplus`,
:func:`~algebra.tropical.otimes`, :func:`~algebra.tropical.matrix_otimes`,
:func:`~algebra.tropical.matrix_oplus` and :func:`~algebra.tropical.to_monoid`
index slots by data, so they cannot run on z3 terms. :func:`agreement`
evaluates the transcription on every element pair of a bounded domain and
compares it with the package: a claim about those functions is then
``verified`` (bounded), not ``proven``.

Domain (stated in the evidence): ``k in {0, 1}``, keys in ``{-inf, 0, 1}``,
``d_total <= k + 1`` for tropical contexts, totals in ``{0, 1}`` (and the
zero) for hypothesis sets, and their matrices.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any

import z3

try:  # z3's wrapper of a raw AST in its Python class: private, stable for years
    from z3.z3 import _to_expr_ref
except ImportError:  # pragma: no cover - a z3 without it takes z3.substitute
    _to_expr_ref = None

from algebra.tropical import (
    TOP,
    HypothesisSet,
    TropicalContext,
    compose_tropical,
    matrix_oplus,
    matrix_otimes,
    oplus,
    oplus_tropical,
    otimes,
    to_matrix,
    to_monoid,
)
from proofs.claims.vm.semiring import _smt as sym

__all__ = ["DOMAIN", "KEYS", "KS", "agreement", "binding_text"]

KS = (0, 1)
KEYS = (None, 0, 1)
_LO, _HI = -100, 100  # bottom and top for the keys above

DOMAIN = (
    "k in {0, 1}, keys in {-inf, 0, 1}, d_total <= k + 1 (tropical contexts), "
    "totals in {0, 1} and the zero (hypothesis sets) and their matrices"
)


def _tropicals(k: int) -> Iterator[TropicalContext]:
    for d in range(k + 2):
        for slots in itertools.product(KEYS, repeat=k + 1):
            try:
                yield TropicalContext(slots, d)
            except ValueError:  # outside the normal form
                continue


def _sets(k: int) -> Iterator[HypothesisSet]:
    yield HypothesisSet.zero(k)
    for totals in ({0}, {1}, {0, 1}):
        for slots in itertools.product(KEYS, repeat=k + 1):
            try:
                yield HypothesisSet(frozenset(totals), slots)
            except ValueError:
                continue


@cache
def _bounds() -> z3.ModelRef:
    """Return a model fixing the transcription's bottom ``lo`` and top ``hi`` only."""
    solver = z3.Solver()
    solver.add(z3.Real("lo") == _LO, z3.Real("hi") == _HI)
    solver.check()
    return solver.model()


def _value(expr: Any) -> Any:
    # the model's evaluation without completion: a constant other than lo and
    # hi stays symbolic and fails below, as a substitution would leave it
    out = _bounds().eval(expr, model_completion=False)
    if z3.is_bool(out):
        return z3.is_true(out)
    if z3.is_int_value(out):
        return out.as_long()
    frac = out.as_fraction()
    value = int(frac) if frac.denominator == 1 else frac
    return {_LO: None, _HI: TOP}.get(value, value)


class _Built:
    """A binary operation of the transcription, built once on fresh symbols.

    Calling it with two encoded elements substitutes their constants for the
    symbols in every output term: the same terms the operation builds on those
    constants (the transcription builds terms without looking at the values
    of its arguments), without rebuilding them for every pair.
    """

    def __init__(
        self, op: Any, fresh: Any, *, names: tuple[str, str] = ("bind_a", "bind_b")
    ) -> None:
        self.a, self.b = fresh(names[0]), fresh(names[1])
        self.out: sym.Elem = op(self.a, self.b)

    def __call__(self, x: sym.Elem, y: sym.Elem) -> sym.Elem:
        pairs = [*_pairs(self.a, x), *_pairs(self.b, y)]
        if _to_expr_ref is None:  # a z3 without the private wrapper: public path
            return self._substituted(pairs)
        n = len(pairs)
        # z3's C substitution on every output term; z3.substitute would check
        # every pair's sorts once per term (the constants' sorts are the
        # symbols' by construction: _pairs zips elements of one shape)
        sources, targets = (z3.Ast * n)(), (z3.Ast * n)()
        for i, (symbol, constant) in enumerate(pairs):
            sources[i], targets[i] = symbol.as_ast(), constant.as_ast()
        ctx = pairs[0][0].ctx

        def put(term: Any) -> Any:
            ast = z3.Z3_substitute(ctx.ref(), term.as_ast(), n, sources, targets)
            return _to_expr_ref(ast, ctx)

        out = self.out
        return sym.Elem(
            tuple(put(v) for v in out.w),
            None if out.d is None else put(out.d),
            tuple(put(v) for v in out.ds),
        )

    def _substituted(self, pairs: list[tuple[Any, Any]]) -> sym.Elem:
        """Return the same terms through the public ``z3.substitute``."""
        out = self.out
        return sym.Elem(
            tuple(z3.substitute(v, *pairs) for v in out.w),
            None if out.d is None else z3.substitute(out.d, *pairs),
            tuple(z3.substitute(v, *pairs) for v in out.ds),
        )


def _pairs(symbols: sym.Elem, constants: sym.Elem) -> list[tuple[Any, Any]]:
    """Return the (symbol, constant) pairs of two elements of the same shape."""
    out = list(zip(symbols.w, constants.w, strict=True))
    if symbols.d is not None:
        out.append((symbols.d, constants.d))
    out += zip(symbols.ds, constants.ds, strict=True)
    return out


def _enc_tropical(t: TropicalContext) -> sym.Elem:
    w = tuple(z3.RealVal(_LO if v is None else v) for v in t.slots)
    return sym.Elem(w, z3.IntVal(t.d_total))


def _enc_set(h: HypothesisSet, k: int) -> sym.Elem:
    w = tuple(z3.RealVal(_LO if v is None else v) for v in h.slots)
    capped = {min(d, k) for d in h.totals}
    return sym.Elem(w, ds=tuple(z3.BoolVal(x in capped) for x in range(k + 1)))


def _enc_matrix(m: Any) -> sym.Elem:
    flat = [_LO if v is None else _HI if v is TOP else v for row in m for v in row]
    return sym.Elem(tuple(z3.RealVal(v) for v in flat))


@cache
def agreement() -> tuple[bool, int, str | None]:
    """Compare the transcription with :mod:`algebra.tropical` on the bounded domain.

    Returns ``(agree, cases, first_mismatch)``. The package raising on a
    valid input is a mismatch too (the transcription always has a value).
    """
    try:
        return _agreement()
    except (ValueError, TypeError) as exc:
        return False, 0, f"the package raised {type(exc).__name__}: {exc}"


def _agreement() -> tuple[bool, int, str | None]:
    cases = 0
    for k in KS:
        alg, sets_alg = sym.tropical("max", k), sym.hypothesis_sets(k)
        mul, add = _Built(alg.mul, alg.fresh), _Built(alg.add, alg.fresh)
        set_mul = _Built(sets_alg.mul, sets_alg.fresh)
        set_add = _Built(sets_alg.add, sets_alg.fresh)
        elems = list(_tropicals(k))
        for t in elems:
            has, w, first = sym.project(sym.keys(), _enc_tropical(t), k)
            image = to_monoid(t)
            cases += 1
            got = (_value(has), _value(w), _value(first))
            if got[0] != (image.w is not None) or (
                image.w is not None and got[1:] != (image.w, image.d_pre)
            ):
                return False, cases, f"to_monoid({t})"
        for a, b in itertools.product(elems, repeat=2):
            cases += 2
            out = mul(_enc_tropical(a), _enc_tropical(b))
            want = compose_tropical(a, b)
            if (tuple(_value(v) for v in out.w), _value(out.d)) != (
                want.slots,
                want.d_total,
            ):
                return False, cases, f"compose_tropical({a}, {b})"
            out = add(_enc_tropical(a), _enc_tropical(b))
            want = oplus_tropical(a, b, d_total="max")
            if (tuple(_value(v) for v in out.w), _value(out.d)) != (
                want.slots,
                want.d_total,
            ):
                return False, cases, f"oplus_tropical({a}, {b}, d_total='max')"
        hsets = list(_sets(k))
        mats = sym.matrices(k + 2)
        mat_mul, mat_add = _Built(mats.mul, mats.fresh), _Built(mats.add, mats.fresh)
        for ha, hb in itertools.product(hsets, repeat=2):
            for sym_op, op, name in (
                (set_mul, otimes, "otimes"),
                (set_add, oplus, "oplus"),
            ):
                cases += 1
                out = sym_op(_enc_set(ha, k), _enc_set(hb, k))
                got_set = op(ha, hb)
                capped = {min(d, k) for d in got_set.totals}
                slots = tuple(_value(v) for v in out.w)
                live = {x for x, d in enumerate(out.ds) if _value(d)}
                if slots != got_set.slots or live != capped:
                    return False, cases, f"{name}({ha}, {hb})"
            ma, mb = to_matrix(ha), to_matrix(hb)
            for sym_op, mop, name in (
                (mat_mul, matrix_otimes, "matrix_otimes"),
                (mat_add, matrix_oplus, "matrix_oplus"),
            ):
                cases += 1
                got = tuple(
                    _value(v) for v in sym_op(_enc_matrix(ma), _enc_matrix(mb)).w
                )
                if got != tuple(v for row in mop(ma, mb) for v in row):
                    return False, cases, f"{name}({ha}, {hb})"
    return True, cases, None


def binding_text() -> str:
    """One evidence sentence: what agreed with what, on which domain."""
    agree, cases, miss = agreement()
    if agree:
        return (
            "; bound to the code (verified, bounded): the transcription agrees with "
            "algebra.tropical.compose_tropical, oplus_tropical, otimes, oplus, "
            f"matrix_otimes, matrix_oplus and to_monoid on all {cases} cases of {DOMAIN}"
        )
    return f"; the transcription DISAGREES with algebra.tropical at {miss}"
