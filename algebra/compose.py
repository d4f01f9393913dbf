"""The two products of the context algebra: endogenous and committed."""

from __future__ import annotations

from typing import Any

from algebra._validation import check_instance
from algebra.arith import either, ite, key_ge
from algebra.context import CommittedContext, Context

__all__ = ["commit_fields", "compose_commit", "compose_endo", "endo_fields"]


def endo_fields(
    a_w: Any, a_total: Any, a_pre: Any, b_w: Any, b_total: Any, b_pre: Any
) -> tuple[Any, Any, Any]:
    """Return ``(w, d_total, d_pre)`` of ``a ⊗endo b`` from the fields of ``a`` and ``b``.

    The single definition of the endogenous product: :func:`compose_endo`
    calls it on Python values and :mod:`proofs` calls it on z3 terms (through
    :mod:`algebra.arith`), so the laws proven there are laws of this code.
    No validation: the fields are assumed to be in normal form, and a key
    the carrier rejects (an infinite float, NaN) passes through unchecked;
    :class:`algebra.Context` is where keys are checked.

    Parameters
    ----------
    a_w, a_total, a_pre, b_w, b_total, b_pre
        Key, ``d_total`` and ``d_pre`` of the earlier block ``a`` and the
        later block ``b``; keys are ``None`` for no pivot.

    Returns
    -------
    tuple
        The three fields of the product.

    Examples
    --------
    >>> from algebra.compose import endo_fields
    >>> endo_fields(5, 3, 1, 9, 4, 2)
    (9, 7, 5)
    """
    # the earlier pivot wins ties; if the pivot moves right, d_pre shifts by d_total_a
    w, pre = ite(key_ge(a_w, b_w), (a_w, a_pre), (b_w, a_total + b_pre))
    return w, a_total + b_total, pre


def commit_fields(
    a_w: Any,
    a_total: Any,
    a_pre: Any,
    a_c: Any,
    b_w: Any,
    b_total: Any,
    b_pre: Any,
    b_c: Any,
) -> tuple[Any, Any, Any, Any]:
    """Return ``(w, d_total, d_pre, c)`` of ``a ⊗commit b`` from the fields.

    The single definition of the committed product (see :func:`endo_fields`;
    no validation either, so an infinite key passes through unchecked).

    Parameters
    ----------
    a_w, a_total, a_pre, a_c, b_w, b_total, b_pre, b_c
        The fields of ``a`` and ``b``; ``*_c`` is the commitment flag.

    Returns
    -------
    tuple
        The four fields of the product.

    Examples
    --------
    >>> from algebra.compose import commit_fields
    >>> commit_fields(3, 2, 1, True, 9, 4, 4, False)
    (3, 6, 1, True)
    """
    w, total, pre = endo_fields(a_w, a_total, a_pre, b_w, b_total, b_pre)
    # a committed pivot cannot be replaced: keep a's key and d_pre
    w, pre = ite(a_c, (a_w, a_pre), (w, pre))
    return w, total, pre, either(a_c, b_c)


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
    totally ordered keys in :mod:`proofs.claims.vm.monoid`.

    Examples
    --------
    >>> from algebra import Context, compose_endo
    >>> compose_endo(Context(5, 3, 1), Context(2, 4, 2))
    Context(w=5, d_total=7, d_pre=1)
    >>> compose_endo(Context(5, 3, 1), Context(9, 4, 2))
    Context(w=9, d_total=7, d_pre=5)
    """
    check_instance(a, "a", Context, exact=True)
    check_instance(b, "b", Context, exact=True)
    return Context(*endo_fields(a.w, a.d_total, a.d_pre, b.w, b.d_total, b.d_pre))


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
    :mod:`proofs.claims.vm.monoid`; closure of the committed absorbed set (``VM-P3``)
    in :mod:`proofs.claims.vm.ideal`.

    Examples
    --------
    >>> from algebra import CommittedContext, compose_commit
    >>> compose_commit(CommittedContext(3, 2, 1, True), CommittedContext(9, 4, 4, False))
    CommittedContext(w=3, d_total=6, d_pre=1, committed=True)
    >>> compose_commit(CommittedContext(3, 2, 1, False), CommittedContext(9, 4, 4, True))
    CommittedContext(w=9, d_total=6, d_pre=6, committed=True)
    """
    check_instance(a, "a", CommittedContext, exact=True)
    check_instance(b, "b", CommittedContext, exact=True)
    fields = commit_fields(
        a.w, a.d_total, a.d_pre, a.committed, b.w, b.d_total, b.d_pre, b.committed
    )
    return CommittedContext(*fields)
