"""Argument checks of ``proofs`` (private; messages name the argument, value and range).

The rules and messages are those of :mod:`theory.validation`; this module
adds the bounds of the exhaustive checks, whose cost grows exponentially in
their size argument (``4**max_events`` tiny timelines).
"""

from __future__ import annotations

from theory.validation import check_choice, check_instance, check_int

__all__ = ["check_bound", "check_choice", "check_instance", "check_int"]


def check_bound(value: object, name: str, *, minimum: int, maximum: int) -> int:
    """Return the size of an exhaustive search, ``minimum <= value <= maximum``.

    An empty search (``value < minimum``) would make a check hold vacuously;
    a huge one would run for years.
    """
    return check_int(value, name, minimum=minimum, maximum=maximum)
