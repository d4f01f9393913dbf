"""Contexts built directly from a timeline of single events (VM §3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from algebra._validation import check_key, key_ge
from algebra.context import Context

__all__ = ["from_events"]


def from_events(events: Iterable[Any]) -> Context:
    """Return the context of a block of single events, by direct definition.

    Parameters
    ----------
    events : iterable
        The block's events in time order. Each is either ``None`` (a
        development event) or a pivot key (a pivot candidate): a number, or a
        ``(w, -t, id)`` tuple compared lexicographically.

    Returns
    -------
    Context
        ``w`` is the largest key (the earliest one on ties), ``d_total`` the
        number of development events and ``d_pre`` the number of development
        events before the pivot.

    Raises
    ------
    TypeError
        If a key is not a number, string or tuple, or keys are not comparable.
    ValueError
        If a key is NaN.

    Notes
    -----
    This is the brute-force definition of docs/guide/algebra.md §2, written without
    the product: folding the single-event contexts with ``compose_endo``
    gives the same value (checked exhaustively in the tests).

    Examples
    --------
    >>> from algebra import from_events
    >>> from_events([None, 2, None, None, 5, None])
    Context(w=5, d_total=4, d_pre=3)
    >>> from_events([(0.9, -0.1, "e1"), None, (0.9, -0.3, "e2")])
    Context(w=(0.9, -0.1, 'e1'), d_total=1, d_pre=0)
    """
    best: Any = None
    d_total = 0
    d_pre = 0
    for pos, event in enumerate(events):
        if event is None:
            d_total += 1
            continue
        check_key(event, f"events[{pos}]")
        if best is None or not key_ge(best, event, "pivot", f"events[{pos}]"):
            best = event
            d_pre = d_total
    return Context(best, d_total, d_pre)
