"""Exact rational kernels for :mod:`theory.sheaf` (private).

Everything here is sympy's sparse ``DomainMatrix`` over ``QQ``; rank and null
spaces come from its sparse reduced row echelon form (``sdm_irref``), whose
cost follows the nonzeros, not the matrix size.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from sympy import QQ
from sympy.polys.matrices import DomainMatrix

from theory.sheaf._build import ExactRows

Vector = tuple[Fraction, ...]


def coboundary(
    edges: Sequence[tuple[int, int]],
    maps: Sequence[tuple[ExactRows, ExactRows]],
    voff: Sequence[int],
    eoff: Sequence[int],
    shape: tuple[int, int],
) -> DomainMatrix:
    """Assemble ``d0`` over ``QQ`` (same block layout as the float version)."""
    rows: dict[int, dict[int, object]] = {}
    for k, ((u, v), (fu, fv)) in enumerate(zip(edges, maps, strict=True)):
        for node, mat, sign in ((u, fu, -1), (v, fv, 1)):
            for i, row in enumerate(mat):
                target = rows.setdefault(eoff[k] + i, {})
                for j, value in enumerate(row):
                    if value:
                        target[voff[node] + j] = QQ(
                            sign * value.numerator, value.denominator
                        )
    rows = {i: r for i, r in rows.items() if r}
    return DomainMatrix(rows, shape, QQ)


def rank(d0: DomainMatrix) -> int:
    """Exact rank over the rationals."""
    if d0.shape[0] == 0 or d0.shape[1] == 0:
        return 0
    return int(d0.rank())


def null_basis(mat: DomainMatrix) -> list[Vector]:
    """Return a basis of ``{x : mat x = 0}`` over ``QQ`` (possibly empty)."""
    if mat.shape[1] == 0:
        return []
    if mat.shape[0] == 0:
        n = mat.shape[1]
        return [tuple(Fraction(int(i == j)) for j in range(n)) for i in range(n)]
    rows = mat.nullspace().to_list()
    return [tuple(_frac(x) for x in row) for row in rows]


def _frac(x: object) -> Fraction:
    return Fraction(int(x.numerator), int(x.denominator))  # type: ignore[attr-defined]


def column(values: Sequence[Fraction]) -> DomainMatrix:
    """Return a column vector over ``QQ``."""
    return DomainMatrix(
        [[QQ(v.numerator, v.denominator)] for v in values], (len(values), 1), QQ
    )


def apply(mat: DomainMatrix, values: Sequence[Fraction]) -> list[Fraction]:
    """Return ``mat @ values`` as Fractions."""
    if mat.shape[0] == 0:
        return []
    if mat.shape[1] == 0:
        return [Fraction(0)] * mat.shape[0]
    prod = mat.to_sparse() * column(values).to_sparse()
    return [_frac(r[0]) for r in prod.to_list()]


def projection_onto_span(
    basis: Sequence[Vector], x: Sequence[Fraction]
) -> list[Fraction]:
    """Orthogonal projection of ``x`` onto the span of ``basis`` (linearly independent)."""
    if not basis:
        return [Fraction(0)] * len(x)
    k = len(basis)
    gram = [
        [sum(a * b for a, b in zip(basis[i], basis[j], strict=True)) for j in range(k)]
        for i in range(k)
    ]
    rhs = [
        sum((a * b for a, b in zip(basis[i], x, strict=True)), Fraction(0))
        for i in range(k)
    ]
    g = DomainMatrix(
        [[QQ(v.numerator, v.denominator) for v in r] for r in gram], (k, k), QQ
    )
    coef = [_frac(c[0]) for c in g.lu_solve(column(rhs)).to_list()]
    return [
        sum((coef[i] * basis[i][j] for i in range(k)), Fraction(0))
        for j in range(len(x))
    ]


def independent_columns(d0: DomainMatrix) -> list[int]:
    """Pivot columns of the RREF of ``d0``: a maximal independent set of columns."""
    if d0.shape[0] == 0 or d0.shape[1] == 0:
        return []
    _, pivots = d0.rref()
    return list(pivots)


def harmonic_part(d0: DomainMatrix, y: Sequence[Fraction]) -> list[Fraction]:
    """Return ``y - P y`` with ``P`` the orthogonal projection onto ``im d0``, exactly."""
    pivots = independent_columns(d0)
    if not pivots:
        return list(y)
    dense = d0.to_dense().to_list()
    basis = [tuple(_frac(dense[i][j]) for i in range(d0.shape[0])) for j in pivots]
    proj = projection_onto_span(basis, y)
    return [a - b for a, b in zip(y, proj, strict=True)]
