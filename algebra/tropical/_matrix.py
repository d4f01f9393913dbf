"""The matrix form of tropical contexts over the (max, min) semiring (private; see :mod:`algebra.tropical`)."""

from __future__ import annotations

from typing import Any, Final

from algebra._validation import check_key, key_ge
from algebra.tropical._element import TropicalContext
from algebra.tropical._semiring import HypothesisSet

__all__ = ["TOP", "matrix_oplus", "matrix_otimes", "to_matrix"]

Matrix = tuple[tuple[Any, ...], ...]


class _Top:
    """The top element ``+inf`` of the extended keys, the semiring's one."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOP"


TOP: Final = _Top()
"""The entry ``+inf``: the multiplicative identity of the (max, min) semiring."""


def to_matrix(x: TropicalContext | HypothesisSet) -> Matrix:
    """Return the ``(k + 2) x (k + 2)`` matrix of ``x`` over the (max, min) semiring.

    Parameters
    ----------
    x : TropicalContext or HypothesisSet
        The element to embed.

    Returns
    -------
    tuple of tuples
        Entries are ``None`` (bottom, the semiring's zero), ``TOP`` (the
        one) or keys. Rows and columns ``0..k`` are slots, index ``k + 1`` is
        the constant. ``M[y][x] = TOP`` when ``y = min(x + d, k)`` for a total
        ``d`` of ``x``; ``M[y][k + 1] = W[y]``; ``M[k + 1][k + 1] = TOP``.
        The zero hypothesis set maps to the zero matrix.

    Raises
    ------
    TypeError
        If ``x`` is neither a :class:`TropicalContext` nor a
        :class:`HypothesisSet`.

    Notes
    -----
    ``VM-SEMIRING-MAT``: ``to_matrix(a ⊗ b) = to_matrix(a) · to_matrix(b)``
    and ``to_matrix(a ⊕ b)`` is the entry-wise maximum. Keys are only ever
    compared, never added, so the (max, min) semiring on the extended keys
    serves any key type; on numeric keys the generated matrices are the same
    in the max-plus semiring (their shift blocks hold only ``0`` and
    ``-inf``). The form keeps ``min(d_total, k)``, not ``d_total``: it is
    faithful on ``(W, min(d_total, k))``. Beyond the images of tropical
    contexts, the matrices add the sums of hypotheses with different totals
    (several ``TOP`` per column of the shift block: exactly the
    :class:`HypothesisSet` elements, up to capping), the zero matrix, and
    matrices no set of hypotheses produces (shift blocks with key entries,
    a corner other than ``TOP``, keys in the last row).

    Examples
    --------
    >>> from algebra.tropical import TropicalContext, to_matrix
    >>> for row in to_matrix(TropicalContext((3, None), 1)):
    ...     print(row)
    (None, None, 3)
    (TOP, TOP, None)
    (None, None, TOP)
    """
    if isinstance(x, TropicalContext):
        totals: frozenset[int] = frozenset({x.d_total})
    elif isinstance(x, HypothesisSet):
        totals = x.totals
    else:
        msg = f"x must be a TropicalContext or HypothesisSet, got {type(x).__name__}"
        raise TypeError(msg)
    k = len(x.slots) - 1
    n = k + 2
    if not totals:
        return tuple((None,) * n for _ in range(n))
    shifts = {min(d, k) for d in totals}
    rows: list[tuple[Any, ...]] = []
    for y in range(k + 1):
        cells = [TOP if _lands(y, col, shifts, k) else None for col in range(k + 1)]
        rows.append((*cells, x.slots[y]))
    rows.append((*([None] * (k + 1)), TOP))
    return tuple(rows)


def matrix_otimes(a: Matrix, b: Matrix) -> Matrix:
    """Multiply two square matrices over the (max, min) semiring.

    Raises
    ------
    TypeError
        If an argument is not a tuple of tuples of keys, ``None`` and ``TOP``.
    ValueError
        If the matrices are not square of one size.

    Examples
    --------
    >>> from algebra.tropical import TOP, matrix_otimes
    >>> matrix_otimes(((1, 5), (None, TOP)), ((TOP, 2), (None, TOP)))
    ((1, 5), (None, TOP))
    """
    n = _check_pair(a, b)
    return tuple(
        tuple(
            _ext_max_all(_ext_min(a[i][m], b[m][j]) for m in range(n)) for j in range(n)
        )
        for i in range(n)
    )


def matrix_oplus(a: Matrix, b: Matrix) -> Matrix:
    """Add two square matrices entry-wise by maximum.

    Raises
    ------
    TypeError
        If an argument is not a tuple of tuples of keys, ``None`` and ``TOP``.
    ValueError
        If the matrices are not square of one size.

    Examples
    --------
    >>> from algebra.tropical import TOP, matrix_oplus
    >>> matrix_oplus(((1, None), (None, TOP)), ((2, None), (0, None)))
    ((2, None), (0, TOP))
    """
    _check_pair(a, b)
    return tuple(
        tuple(_ext_max(p, q) for p, q in zip(ra, rb, strict=True))
        for ra, rb in zip(a, b, strict=True)
    )


def _lands(y: int, col: int, shifts: set[int], k: int) -> bool:
    return any(min(col + d, k) == y for d in shifts)


def _ext_max(p: Any, q: Any) -> Any:
    if p is TOP or q is TOP:
        return TOP
    return p if key_ge(p, q, "entry", "entry") else q


def _ext_max_all(values: Any) -> Any:
    best: Any = None
    for value in values:
        best = _ext_max(best, value)
    return best


def _ext_min(p: Any, q: Any) -> Any:
    if p is None or q is None:
        return None
    if p is TOP:
        return q
    if q is TOP:
        return p
    return q if key_ge(p, q, "entry", "entry") else p


def _check_pair(a: Matrix, b: Matrix) -> int:
    for m, name in ((a, "a"), (b, "b")):
        if not isinstance(m, tuple) or not all(isinstance(r, tuple) for r in m):
            msg = f"{name} must be a tuple of tuples, got {type(m).__name__}"
            raise TypeError(msg)
        if any(len(r) != len(m) for r in m) or not m:
            msg = f"{name} must be a non-empty square matrix, got {len(m)} rows"
            raise ValueError(msg)
        for i, row in enumerate(m):
            for j, entry in enumerate(row):
                if entry is not TOP:
                    check_key(entry, f"{name}[{i}][{j}]")
    if len(a) != len(b):
        msg = f"a and b must have one size, got {len(a)} and {len(b)}"
        raise ValueError(msg)
    return len(a)
