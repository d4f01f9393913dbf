"""The block-level no-absorption contract (VM Definition 2)."""

from __future__ import annotations

from typing import Any

from algebra._validation import check_instance, check_int
from algebra.arith import minimum
from algebra.context import CommittedContext, Context

__all__ = ["contract_fields", "satisfies_contract"]


def contract_fields(original_total: Any, compressed_total: Any, k: Any) -> Any:
    """Return ``compressed_total >= min(original_total, k)`` on raw fields.

    The single definition of the contract: :func:`satisfies_contract` calls
    it on Python ints and :mod:`proofs.claims.vm.contract` on z3 terms (through
    :mod:`algebra.arith`). No validation.

    Parameters
    ----------
    original_total, compressed_total : int or z3 term
        ``d_total`` of the block before and after compression.
    k : int or z3 term
        Prefix demand.

    Returns
    -------
    bool or z3 term
        Whether the compression keeps enough development events.

    Examples
    --------
    >>> from algebra.contract import contract_fields
    >>> contract_fields(10, 3, 3), contract_fields(2, 2, 3)
    (True, True)
    """
    return compressed_total >= minimum(original_total, k)


def satisfies_contract(
    original: Context | CommittedContext,
    compressed: Context | CommittedContext,
    k: int,
) -> bool:
    """Return whether a compression step keeps enough development events.

    Parameters
    ----------
    original : Context or CommittedContext
        The block before compression, ``B``.
    compressed : Context or CommittedContext
        The block after compression, ``mu(B)``.
    k : int
        Prefix demand, ``k >= 0``.

    Returns
    -------
    bool
        ``d_total(mu(B)) >= min(d_total(B), k)``.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If ``k < 0``.

    Notes
    -----
    ``VM-D2`` (docs/guide/algebra.md §5). Sound and necessary for every suffix whose
    pivot strictly dominates both blocks (``VM-D2-SOUND``, ``VM-D2-NEC``,
    proven in :mod:`proofs.claims.vm.contract`). It does **not** protect the block's own
    ``d_pre`` when no later pivot dominates, nor the identity of the pivot
    (``VM-D2-GAP``). This is the paper's block-level form; the reference
    experiments' stronger state-level guard lives in ``witnesses``.

    Examples
    --------
    >>> from algebra import Context, satisfies_contract
    >>> satisfies_contract(Context(5, 10, 4), Context(5, 3, 0), 3)
    True
    >>> satisfies_contract(Context(5, 10, 4), Context(5, 2, 0), 3)
    False
    """
    check_instance(original, "original", (Context, CommittedContext))
    check_instance(compressed, "compressed", (Context, CommittedContext))
    check_int(k, "k", minimum=0)
    return bool(contract_fields(original.d_total, compressed.d_total, k))
