"""Context elements: the carrier of the context monoid (VM §3).

A context summarises one block of consecutive events as the triple
``(w, d_total, d_pre)``: the block's pivot key ``w`` (``None`` when the block
holds no pivot candidate), the number of development events in the block, and
the number of development events before the block's pivot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from algebra._validation import check_instance, check_int, check_key

__all__ = ["COMMITTED_IDENTITY", "IDENTITY", "CommittedContext", "Context"]


@dataclass(frozen=True, slots=True)
class Context:
    """An element ``(w*, d_total, d_pre)`` of the context monoid.

    Parameters
    ----------
    w : key or None
        Pivot key of the block: any totally ordered value (a number, or a
        ``(w, -t, id)`` tuple). ``None`` means the block has no pivot
        candidate (the paper's ``-inf``).
    d_total : int
        Development events in the block, ``d_total >= 0``.
    d_pre : int
        Development events before the block's pivot,
        ``0 <= d_pre <= d_total``; ``0`` when ``w`` is ``None`` (normal form).

    Raises
    ------
    TypeError
        If a count is not an ``int`` (``bool`` and ``float`` are rejected) or
        the key is not a number, string or tuple.
    ValueError
        If the counts leave the carrier set or the key is NaN.

    See Also
    --------
    compose_endo : the endogenous product.
    CommittedContext : the variant with a commitment flag.

    Notes
    -----
    Carrier set of ``VM`` §3 (docs/guide/algebra.md §2): integers with
    ``0 <= d_pre <= d_total`` and ``w = -inf`` implies ``d_pre = 0``.

    Examples
    --------
    >>> from algebra import Context
    >>> Context(5, 3, 1)
    Context(w=5, d_total=3, d_pre=1)
    >>> Context.candidate((0.9, -0.1, "e1"))
    Context(w=(0.9, -0.1, 'e1'), d_total=0, d_pre=0)
    >>> Context.development()
    Context(w=None, d_total=1, d_pre=0)
    """

    w: Any
    d_total: int
    d_pre: int

    def __post_init__(self) -> None:
        _check_carrier(self.w, self.d_total, self.d_pre)

    @classmethod
    def candidate(cls, key: Any) -> Context:
        """Return the context of one pivot candidate with key ``key``.

        Examples
        --------
        >>> from algebra import Context
        >>> Context.candidate(3)
        Context(w=3, d_total=0, d_pre=0)
        """
        if key is None:
            msg = "key must not be None for a candidate; use Context.development()"
            raise ValueError(msg)
        return cls(key, 0, 0)

    @classmethod
    def development(cls) -> Context:
        """Return the context of one development event, ``(-inf, 1, 0)``.

        Examples
        --------
        >>> from algebra import Context
        >>> Context.development().d_total
        1
        """
        return cls(None, 1, 0)

    @property
    def has_pivot(self) -> bool:
        """Whether the block holds a pivot candidate."""
        return self.w is not None


@dataclass(frozen=True, slots=True)
class CommittedContext:
    """An element ``(w*, d_total, d_pre, c)`` of the committed monoid.

    Parameters
    ----------
    w, d_total, d_pre
        As in :class:`Context`.
    committed : bool
        The commitment flag ``c``; a committed context must have a pivot.

    Raises
    ------
    TypeError
        As for :class:`Context`, and if ``committed`` is not a ``bool``.
    ValueError
        As for :class:`Context`, and if ``committed`` is true without a pivot.

    See Also
    --------
    compose_commit : the committed product.

    Notes
    -----
    ``VM`` §3.3 (docs/guide/algebra.md §3). Normal form: ``c = 1`` implies
    ``w* != -inf``.

    Examples
    --------
    >>> from algebra import CommittedContext
    >>> CommittedContext(7, 4, 2, True).context
    Context(w=7, d_total=4, d_pre=2)
    """

    w: Any
    d_total: int
    d_pre: int
    committed: bool

    def __post_init__(self) -> None:
        _check_carrier(self.w, self.d_total, self.d_pre)
        check_instance(self.committed, "committed", bool)
        if self.committed and self.w is None:
            msg = (
                "committed must be False when the block has no pivot (w is None; "
                "normal form c=1 => w != -inf), got True"
            )
            raise ValueError(msg)

    @classmethod
    def lift(cls, context: Context, *, committed: bool = False) -> CommittedContext:
        """Return ``context`` with the commitment flag ``committed``.

        Raises
        ------
        TypeError
            If ``context`` is not a :class:`Context` or ``committed`` not a bool.

        Examples
        --------
        >>> from algebra import CommittedContext, Context
        >>> CommittedContext.lift(Context(2, 1, 0), committed=True)
        CommittedContext(w=2, d_total=1, d_pre=0, committed=True)
        """
        if type(context) is not Context:
            msg = f"context must be a Context, got {context!r} of type {type(context).__name__}"
            raise TypeError(msg)
        return cls(context.w, context.d_total, context.d_pre, committed)

    @property
    def context(self) -> Context:
        """The first three fields as a :class:`Context`."""
        return Context(self.w, self.d_total, self.d_pre)


def _check_carrier(w: Any, d_total: int, d_pre: int) -> None:
    check_key(w, "w")
    check_int(d_total, "d_total", minimum=0)
    check_int(d_pre, "d_pre", minimum=0)
    if d_pre > d_total:
        msg = f"d_pre must satisfy 0 <= d_pre <= d_total={d_total}, got {d_pre!r}"
        raise ValueError(msg)
    if w is None and d_pre != 0:
        msg = f"d_pre must be 0 when the block has no pivot (w is None), got {d_pre!r}"
        raise ValueError(msg)


IDENTITY = Context(None, 0, 0)
"""The identity ``e = (-inf, 0, 0)`` of ``compose_endo`` (VM-P2)."""

COMMITTED_IDENTITY = CommittedContext(None, 0, 0, False)
"""The identity ``(-inf, 0, 0, 0)`` of ``compose_commit``."""
