"""The two products of the context algebra: endogenous and committed."""

from __future__ import annotations

from algebra._validation import key_ge
from algebra.context import CommittedContext, Context

__all__ = ["compose_commit", "compose_endo"]


def compose_endo(a: Context, b: Context) -> Context:
    """Compose block ``a`` followed by block ``b`` endogenously (``a ⊗endo b``).

    Parameters
    ----------
    a, b : Context
        The earlier and the later block.

    Returns
    -------
    Context
        ``(max(w_a, w_b), d_total_a + d_total_b, d_pre)`` where ``d_pre`` is
        ``d_pre_a`` when ``w_a >= w_b`` (the left pivot wins ties) and
        ``d_total_a + d_pre_b`` when the pivot moves right.

    Raises
    ------
    TypeError
        If an argument is not a :class:`Context` or the keys are not
        comparable.

    See Also
    --------
    compose_commit : the committed product.
    fold, reduce_tree, reduce_arrays : reductions of many contexts.

    Notes
    -----
    ``VM`` §3, docs/guide/algebra.md §2. Associative (``VM-P1``) with identity
    ``IDENTITY`` (``VM-P2``); both are proven for all integers and all
    totally ordered keys in :mod:`proofs.monoid`.

    Examples
    --------
    >>> from algebra import Context, compose_endo
    >>> compose_endo(Context(5, 3, 1), Context(2, 4, 2))
    Context(w=5, d_total=7, d_pre=1)
    >>> compose_endo(Context(5, 3, 1), Context(9, 4, 2))
    Context(w=9, d_total=7, d_pre=5)
    """
    _require(a, Context, "a")
    _require(b, Context, "b")
    if key_ge(a.w, b.w):
        return Context(a.w, a.d_total + b.d_total, a.d_pre)
    return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_pre)


def compose_commit(a: CommittedContext, b: CommittedContext) -> CommittedContext:
    """Compose committed block ``a`` followed by ``b`` (``a ⊗commit b``).

    Parameters
    ----------
    a, b : CommittedContext
        The earlier and the later block.

    Returns
    -------
    CommittedContext
        If ``a`` is committed, ``(w_a, d_total_a + d_total_b, d_pre_a, True)``:
        the committed pivot cannot be replaced. Otherwise ``a ⊗endo b`` on the
        first three fields with the flag of ``b``.

    Raises
    ------
    TypeError
        If an argument is not a :class:`CommittedContext`.

    See Also
    --------
    compose_endo : the endogenous product.

    Notes
    -----
    ``VM`` §3.3, docs/guide/algebra.md §3. Associativity and identity are proven in
    :mod:`proofs.monoid`; closure of the committed absorbed set (``VM-P3``)
    in :mod:`proofs.ideal`.

    Examples
    --------
    >>> from algebra import CommittedContext, compose_commit
    >>> compose_commit(CommittedContext(3, 2, 1, True), CommittedContext(9, 4, 4, False))
    CommittedContext(w=3, d_total=6, d_pre=1, committed=True)
    >>> compose_commit(CommittedContext(3, 2, 1, False), CommittedContext(9, 4, 4, True))
    CommittedContext(w=9, d_total=6, d_pre=6, committed=True)
    """
    _require(a, CommittedContext, "a")
    _require(b, CommittedContext, "b")
    if a.committed:
        return CommittedContext(a.w, a.d_total + b.d_total, a.d_pre, True)
    inner = compose_endo(a.context, b.context)
    return CommittedContext(inner.w, inner.d_total, inner.d_pre, b.committed)


def _require(value: object, cls: type, name: str) -> None:
    if type(value) is not cls:
        msg = f"{name} must be a {cls.__name__}, got {type(value).__name__}"
        raise TypeError(msg)
