"""The absorbing predicate ``⊥_k`` (VM §3.4)."""

from __future__ import annotations

from typing import Any

from algebra._validation import check_instance, check_int
from algebra.context import CommittedContext, Context

__all__ = ["absorbed_fields", "is_absorbed"]


def absorbed_fields(d_pre: Any, k: Any) -> Any:
    """Return ``d_pre < k`` on raw fields (Python ints or z3 terms).

    The single definition of the absorbing predicate: :func:`is_absorbed`
    calls it on ints and :mod:`proofs` on z3 terms. No validation.

    Parameters
    ----------
    d_pre : int or z3 term
        Development events before the pivot.
    k : int or z3 term
        Prefix demand.

    Returns
    -------
    bool or z3 term
        Whether the block is absorbed.

    Examples
    --------
    >>> from algebra.absorb import absorbed_fields
    >>> absorbed_fields(2, 3), absorbed_fields(3, 3)
    (True, False)
    """
    return d_pre < k


def is_absorbed(ctx: Context | CommittedContext, k: int) -> bool:
    """Return whether ``ctx`` is absorbed for prefix demand ``k``: ``d_pre < k``.

    Parameters
    ----------
    ctx : Context or CommittedContext
        The block summary.
    k : int
        Development events the grammar demands before the pivot, ``k >= 0``.

    Returns
    -------
    bool
        ``True`` when the block's pivot has fewer than ``k`` development
        events before it (the block is infeasible as it stands).

    Raises
    ------
    TypeError
        If ``ctx`` is not a context or ``k`` is not an ``int``.
    ValueError
        If ``k < 0``.

    Notes
    -----
    ``VM`` §3.4 (docs/guide/algebra.md §4). A block with no pivot has ``d_pre = 0`` and
    so is absorbed for every ``k >= 1``. Under ``compose_commit`` a committed
    absorbed block stays absorbed after any suffix (``VM-P3``); under
    ``compose_endo`` a heavier suffix pivot can escape (``VM-R1``).

    Examples
    --------
    >>> from algebra import Context, is_absorbed
    >>> is_absorbed(Context(5, 4, 2), 3)
    True
    >>> is_absorbed(Context(5, 4, 3), 3)
    False
    """
    check_instance(ctx, "ctx", (Context, CommittedContext))
    check_int(k, "k", minimum=0)
    return bool(absorbed_fields(ctx.d_pre, k))
