"""Addition of tropical contexts: the slot-wise candidates and the hypothesis-set semiring (private)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from algebra._validation import (
    MAX_SLOTS,
    check_choice,
    check_instance,
    check_int,
    key_max,
)
from algebra.tropical._element import TropicalContext, check_slots, same_k

__all__ = ["HypothesisSet", "lift", "oplus", "oplus_tropical", "otimes"]

_TOTAL_RULES = ("equal", "max", "min")


def oplus_tropical(
    a: TropicalContext, b: TropicalContext, *, d_total: str = "equal"
) -> TropicalContext:
    """Add two tropical contexts slot-wise (``W_a ⊕ W_b``), combining ``d_total`` by a rule.

    Parameters
    ----------
    a, b : TropicalContext
        Two alternative hypotheses for one block, with the same ``k``.
    d_total : {"equal", "max", "min"}, default "equal"
        ``"equal"``: the partial sum, defined only when both totals agree;
        ``"max"`` / ``"min"``: the total sums that keep the larger / smaller
        total.

    Returns
    -------
    TropicalContext
        ``(max(W_a, W_b) slot-wise, combined d_total)``.

    Raises
    ------
    TypeError
        If an argument is not a :class:`TropicalContext`.
    ValueError
        If ``a.k != b.k``, ``d_total`` is not a known rule, the totals differ
        under ``"equal"``, or the ``"min"`` result leaves the normal form.

    See Also
    --------
    oplus : the addition of the semiring :class:`HypothesisSet`.

    Notes
    -----
    None of these candidates makes ``(W, d_total)`` a semiring
    (``VM-SEMIRING-EQ``, ``-MAX``, ``-MIN`` in :mod:`proofs.claims.vm.semiring`):
    ``"equal"`` is partial and its zero is the product's identity, so it does
    not annihilate; ``"max"`` fails right distributivity already at ``k = 1``;
    ``"min"`` is not closed on the normal form and has no additive identity.

    Examples
    --------
    >>> from algebra.tropical import TropicalContext, oplus_tropical
    >>> oplus_tropical(TropicalContext((1, None), 1), TropicalContext((None, 7), 1))
    TropicalContext(slots=(1, 7), d_total=1)
    >>> oplus_tropical(TropicalContext((1, None), 0), TropicalContext((None, 7), 1),
    ...                d_total="max")
    TropicalContext(slots=(1, 7), d_total=1)
    """
    same_k(a, b, TropicalContext)
    check_choice(d_total, "d_total", _TOTAL_RULES)
    if d_total == "equal" and a.d_total != b.d_total:
        msg = (
            f'd_total="equal" needs a.d_total == b.d_total, got {a.d_total} and '
            f"{b.d_total}; the partial sum is undefined (use HypothesisSet)"
        )
        raise ValueError(msg)
    total = min(a.d_total, b.d_total) if d_total == "min" else max(a.d_total, b.d_total)
    slots = tuple(key_max(pair) for pair in zip(a.slots, b.slots, strict=True))
    return TropicalContext(slots, total)


@dataclass(frozen=True, slots=True)
class HypothesisSet:
    """An element of the tropical context semiring: several hypotheses at once.

    Parameters
    ----------
    totals : frozenset of int
        The development totals of the hypotheses, each ``>= 0``; empty only
        for the zero element.
    slots : tuple
        The slot vector ``W`` of length ``k + 1``: the best key per capped
        prefix count over all hypotheses (``None`` is bottom).

    Raises
    ------
    TypeError
        If ``totals`` is not a frozenset of ``int`` or ``slots`` is not a
        tuple of keys and ``None``.
    ValueError
        If a total is negative, ``slots`` is empty, the zero element
        (``totals`` empty) has a finite slot, or a finite slot ``x`` exceeds
        ``max(totals)`` (normal form).

    See Also
    --------
    lift : embed a :class:`TropicalContext`.
    oplus, otimes : the semiring operations.

    Notes
    -----
    ``VM-SEMIRING`` (docs/guide/algebra.md §6). With ``oplus`` (union of totals,
    slot-wise maximum) and ``otimes`` (Minkowski sum of totals; left slots
    kept, right slots shifted by *every* left total) this is an idempotent
    semiring with zero ``HypothesisSet.zero(k)`` and one
    ``HypothesisSet.one(k)``; ``lift`` embeds the tropical contexts
    faithfully and preserves the product. Proofs in :mod:`proofs.claims.vm.semiring`.

    Examples
    --------
    >>> from algebra.tropical import HypothesisSet
    >>> HypothesisSet(frozenset({1, 3}), (None, 2, None))
    HypothesisSet(totals=frozenset({1, 3}), slots=(None, 2, None))
    >>> HypothesisSet.zero(1)
    HypothesisSet(totals=frozenset(), slots=(None, None))
    """

    totals: frozenset[int]
    slots: tuple[Any, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.totals, frozenset):
            msg = f"totals must be a frozenset of int, got {type(self.totals).__name__}"
            raise TypeError(msg)
        for total in sorted(self.totals, key=_sort_key):
            check_int(total, "totals element", minimum=0)
        check_slots(self.slots, "slots")
        top = max(self.totals, default=-1)
        for x, value in enumerate(self.slots):
            if value is not None and x > top:
                msg = (
                    f"slots[{x}] must be None (bottom) because {x} > "
                    f"max(totals)={top if self.totals else None} (normal form), "
                    f"got {value!r}"
                )
                raise ValueError(msg)

    @classmethod
    def zero(cls, k: int) -> HypothesisSet:
        """Return the additive identity (no hypothesis), which annihilates ``otimes``.

        Examples
        --------
        >>> from algebra.tropical import HypothesisSet
        >>> HypothesisSet.zero(0).is_zero
        True
        """
        check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
        return cls(frozenset(), (None,) * (k + 1))

    @classmethod
    def one(cls, k: int) -> HypothesisSet:
        """Return the multiplicative identity, the lift of the empty block.

        Examples
        --------
        >>> from algebra.tropical import HypothesisSet
        >>> HypothesisSet.one(1)
        HypothesisSet(totals=frozenset({0}), slots=(None, None))
        """
        check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
        return cls(frozenset({0}), (None,) * (k + 1))

    @property
    def k(self) -> int:
        """The prefix requirement ``k = len(slots) - 1``."""
        return len(self.slots) - 1

    @property
    def is_zero(self) -> bool:
        """Whether this is the zero element (no hypothesis)."""
        return not self.totals

    @property
    def feasible(self) -> bool:
        """Whether some hypothesis has a pivot with ``>= k`` development events before it."""
        return self.slots[-1] is not None

    @property
    def best_weight(self) -> Any:
        """The largest key over all slots and hypotheses, ``None`` if none."""
        return key_max(self.slots)


def lift(t: TropicalContext) -> HypothesisSet:
    """Embed a tropical context as a single hypothesis, ``({d_total}, W)``.

    Raises
    ------
    TypeError
        If ``t`` is not a :class:`TropicalContext`.

    Notes
    -----
    Injective, and ``lift(a ⊗ b) == otimes(lift(a), lift(b))``
    (``VM-SEMIRING-SET``); ``lift(TropicalContext.identity(k=k))`` is
    ``HypothesisSet.one(k)``.

    Examples
    --------
    >>> from algebra.tropical import TropicalContext, lift
    >>> lift(TropicalContext((None, 4), 2))
    HypothesisSet(totals=frozenset({2}), slots=(None, 4))
    """
    check_instance(t, "t", TropicalContext, exact=True)
    return HypothesisSet(frozenset({t.d_total}), t.slots)


def oplus(a: HypothesisSet, b: HypothesisSet) -> HypothesisSet:
    """Add two hypothesis sets: union of totals, slot-wise maximum (``a ⊕ b``).

    Raises
    ------
    TypeError
        If an argument is not a :class:`HypothesisSet`.
    ValueError
        If ``a.k != b.k``.

    Notes
    -----
    Associative, commutative, idempotent, with identity
    ``HypothesisSet.zero(k)`` (``VM-SEMIRING-SET``).

    Examples
    --------
    >>> from algebra.tropical import HypothesisSet, oplus
    >>> oplus(HypothesisSet(frozenset({0}), (5, None)),
    ...       HypothesisSet(frozenset({1}), (None, 7)))
    HypothesisSet(totals=frozenset({0, 1}), slots=(5, 7))
    """
    same_k(a, b, HypothesisSet)
    slots = tuple(key_max(pair) for pair in zip(a.slots, b.slots, strict=True))
    return HypothesisSet(a.totals | b.totals, slots)


def otimes(a: HypothesisSet, b: HypothesisSet) -> HypothesisSet:
    """Compose hypothesis set ``a`` followed by ``b`` (``a ⊗ b``), all pairs at once.

    Raises
    ------
    TypeError
        If an argument is not a :class:`HypothesisSet`.
    ValueError
        If ``a.k != b.k``.

    Notes
    -----
    Totals: ``{s + t : s in a.totals, t in b.totals}``. Slots: ``W_a``, and
    every finite ``W_b[x]`` moved to ``min(x + s, k)`` for every ``s`` in
    ``a.totals``, by maximum. Equals ``oplus`` over all pairs of single
    hypotheses composed with :func:`compose_tropical` (distributivity); the
    zero annihilates on both sides.

    Examples
    --------
    >>> from algebra.tropical import HypothesisSet, otimes
    >>> otimes(HypothesisSet(frozenset({0, 1}), (None, None)),
    ...        HypothesisSet(frozenset({0}), (9, None)))
    HypothesisSet(totals=frozenset({0, 1}), slots=(9, 9))
    """
    k = same_k(a, b, HypothesisSet)
    if a.is_zero or b.is_zero:
        return HypothesisSet.zero(k)
    out = list(a.slots)
    for shift in sorted({min(s, k) for s in a.totals}):
        for x, value in enumerate(b.slots):
            if value is not None:
                y = min(x + shift, k)
                out[y] = key_max((out[y], value))
    totals = frozenset(s + t for s in a.totals for t in b.totals)
    return HypothesisSet(totals, tuple(out))


def _sort_key(value: object) -> tuple[str, str]:
    return (type(value).__name__, repr(value))
