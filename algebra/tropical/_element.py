"""The tropical element ``T = (W, d_total)`` and its product (private; see :mod:`algebra.tropical`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from algebra._validation import MAX_SLOTS, check_instance, check_int, check_key, key_max
from algebra.context import Context

__all__ = ["TropicalContext", "compose_tropical", "to_monoid"]


@dataclass(frozen=True, slots=True)
class TropicalContext:
    """A tropical context ``T = (W, d_total)``: the best pivot per capped prefix count.

    Parameters
    ----------
    slots : tuple
        The slot vector ``W`` of length ``k + 1`` (``k >= 0``). ``slots[x]`` is
        the largest key among the block's pivot candidates preceded (within the
        block) by ``x`` development events, the count capped at ``k``; ``None``
        is bottom (``-inf``: no such candidate). Keys are any totally ordered
        values, as in :class:`algebra.Context`.
    d_total : int
        Development events in the block, ``d_total >= 0``.

    Raises
    ------
    TypeError
        If ``slots`` is not a tuple, a key is not a number, string or tuple,
        or ``d_total`` is not an ``int`` (``bool`` and ``float`` are rejected).
    ValueError
        If ``slots`` is empty, a key is NaN, or the normal form fails: a slot
        ``x > d_total`` must be bottom.

    See Also
    --------
    compose_tropical : the product.
    to_monoid : the homomorphism onto the (capped) context monoid.

    Notes
    -----
    docs/guide/algebra.md §6 (``VM-SEMIRING``). Normal form: a
    candidate cannot be preceded by more development events than the block
    holds, so ``slots[x]`` is bottom for ``x > d_total``. Every element in
    normal form is the value of some timeline (put the candidate of slot
    ``x`` after ``x`` development events) and the product preserves the
    normal form, so the carrier is exactly the set of reachable elements.
    Without it :func:`to_monoid` is not a homomorphism (``VM-TROP-HOM``).

    Examples
    --------
    >>> from algebra.tropical import TropicalContext
    >>> TropicalContext((None, None, 4, 20), 8).feasible
    True
    >>> TropicalContext.candidate(5, k=2)
    TropicalContext(slots=(5, None, None), d_total=0)
    >>> TropicalContext.development(k=2)
    TropicalContext(slots=(None, None, None), d_total=1)
    """

    slots: tuple[Any, ...]
    d_total: int

    def __post_init__(self) -> None:
        check_slots(self.slots, "slots")
        check_int(self.d_total, "d_total", minimum=0)
        for x in range(self.d_total + 1, len(self.slots)):
            if self.slots[x] is not None:
                msg = (
                    f"slots[{x}] must be None (bottom) because {x} > "
                    f"d_total={self.d_total} (normal form of a tropical context), "
                    f"got {self.slots[x]!r}"
                )
                raise ValueError(msg)

    @classmethod
    def candidate(cls, key: Any, *, k: int) -> TropicalContext:
        """Return the element of one pivot candidate: ``W[0] = key``, ``d_total = 0``.

        Examples
        --------
        >>> from algebra.tropical import TropicalContext
        >>> TropicalContext.candidate(3, k=1)
        TropicalContext(slots=(3, None), d_total=0)
        """
        check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
        if key is None:
            msg = "key must not be None for a candidate; use TropicalContext.development()"
            raise ValueError(msg)
        return cls((key, *([None] * k)), 0)

    @classmethod
    def development(cls, *, k: int) -> TropicalContext:
        """Return the element of one development event: all bottom, ``d_total = 1``.

        Examples
        --------
        >>> from algebra.tropical import TropicalContext
        >>> TropicalContext.development(k=0)
        TropicalContext(slots=(None,), d_total=1)
        """
        check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
        return cls((None,) * (k + 1), 1)

    @classmethod
    def identity(cls, *, k: int) -> TropicalContext:
        """Return the identity of :func:`compose_tropical`: all bottom, ``d_total = 0``.

        Examples
        --------
        >>> from algebra.tropical import TropicalContext
        >>> TropicalContext.identity(k=1)
        TropicalContext(slots=(None, None), d_total=0)
        """
        check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
        return cls((None,) * (k + 1), 0)

    @property
    def k(self) -> int:
        """The prefix requirement ``k = len(slots) - 1``."""
        return len(self.slots) - 1

    @property
    def feasible(self) -> bool:
        """Whether some candidate has at least ``k`` development events before it (``W[k]``)."""
        return self.slots[-1] is not None

    @property
    def best_weight(self) -> Any:
        """The largest key over all slots (``max W``), ``None`` if all are bottom."""
        return key_max(self.slots)


def compose_tropical(a: TropicalContext, b: TropicalContext) -> TropicalContext:
    """Compose tropical block ``a`` followed by ``b`` (``a ⊗ b``).

    Parameters
    ----------
    a, b : TropicalContext
        The earlier and the later block, with the same ``k``.

    Returns
    -------
    TropicalContext
        The left slots are kept; each finite right slot ``x`` moves to slot
        ``min(x + a.d_total, k)``, combined by maximum; ``d_total`` adds.

    Raises
    ------
    TypeError
        If an argument is not a :class:`TropicalContext` or keys are not
        comparable.
    ValueError
        If ``a.k != b.k``.

    Notes
    -----
    docs/guide/algebra.md §6. Associative with identity ``TropicalContext.identity``,
    proven in :mod:`proofs.claims.vm.semiring` (``VM-SEMIRING-*``).

    Examples
    --------
    >>> from algebra.tropical import TropicalContext, compose_tropical
    >>> a = TropicalContext((None, None, 4, None), 2)
    >>> compose_tropical(a, TropicalContext((20, None, None, None), 1))
    TropicalContext(slots=(None, None, 20, None), d_total=3)
    """
    k = same_k(a, b, TropicalContext)
    out = list(a.slots)
    for x, value in enumerate(b.slots):
        if value is not None:
            y = min(x + a.d_total, k)
            out[y] = key_max((out[y], value))
    return TropicalContext(tuple(out), a.d_total + b.d_total)


def to_monoid(t: TropicalContext) -> Context:
    """Map a tropical context onto the context monoid, with ``d_pre`` capped at ``k``.

    Parameters
    ----------
    t : TropicalContext
        The element to project.

    Returns
    -------
    Context
        ``(max W, d_total, x*)`` where ``x*`` is the *first* slot holding
        ``max W`` (``0`` when every slot is bottom).

    Raises
    ------
    TypeError
        If ``t`` is not a :class:`TropicalContext`.

    Notes
    -----
    ``VM-TROP-HOM`` (docs/guide/algebra.md §6): ``to_monoid(a ⊗ b)`` equals the
    endogenous product of the images with ``d_pre`` capped at ``k``, and on a
    timeline ``to_monoid`` gives ``(w*, d_total, min(d_pre, k))`` of
    :func:`algebra.from_events`. Ties: the monoid's pivot is the earliest
    heaviest candidate, which has the fewest development events before it,
    so it sits in the first slot holding the maximum.

    Examples
    --------
    >>> from algebra.tropical import TropicalContext, to_monoid
    >>> to_monoid(TropicalContext((None, None, 4, 20), 8))
    Context(w=20, d_total=8, d_pre=3)
    """
    check_instance(t, "t", TropicalContext, exact=True)
    best = t.best_weight
    if best is None:
        return Context(None, t.d_total, 0)
    first = next(x for x, v in enumerate(t.slots) if v is not None and v == best)
    return Context(best, t.d_total, first)


def check_slots(slots: object, name: str) -> tuple[Any, ...]:
    """Check a slot vector: a non-empty tuple of keys or ``None``."""
    if not isinstance(slots, tuple):
        msg = f"{name} must be a tuple of length k + 1, got {type(slots).__name__}"
        raise TypeError(msg)
    if not slots:
        msg = f"{name} must have length k + 1 >= 1, got an empty tuple"
        raise ValueError(msg)
    for x, value in enumerate(slots):
        check_key(value, f"{name}[{x}]")
    return slots


def same_k(a: Any, b: Any, cls: type) -> int:
    """Check both operands are ``cls`` instances with one ``k``; return ``k``."""
    check_instance(a, "a", cls, exact=True)
    check_instance(b, "b", cls, exact=True)
    if a.k != b.k:
        msg = f"a.k={a.k} and b.k={b.k} must be equal (slot vectors of one length)"
        raise ValueError(msg)
    return int(a.k)
