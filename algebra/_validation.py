"""Argument checks shared by the algebra (private)."""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real
from typing import Any

MAX_SLOTS = 10**6
"""Cap on ``k`` where a tropical element allocates ``k + 1`` slots."""


def check_int(
    value: object, name: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return ``value`` if it is an ``int`` (not ``bool``) in ``[minimum, maximum]``."""
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"{name} must be an int, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    if minimum is not None and value < minimum:
        msg = f"{name}={value!r} must satisfy {name} >= {minimum}"
        raise ValueError(msg)
    if maximum is not None and value > maximum:
        msg = f"{name}={value!r} must satisfy {name} <= {maximum}"
        raise ValueError(msg)
    return value


def check_key(value: object, name: str) -> Any:
    """Return a pivot key after rejecting bools, NaN and unorderable values.

    A key is ``None`` (no pivot), a real number (``int``, ``float``,
    ``Fraction`` and other ``numbers.Real``) or a tuple of such keys and
    strings, compared lexicographically.
    """
    if value is None:
        return None
    _check_key_part(value, name)
    return value


def _check_key_part(value: object, name: str) -> None:
    if isinstance(value, bool):
        msg = f"{name} must be a number, a string or a tuple, got bool {value!r}"
        raise TypeError(msg)
    if isinstance(value, tuple):
        if not value:
            msg = f"{name} must not be an empty tuple"
            raise ValueError(msg)
        for part in value:
            _check_key_part(part, name)
        return
    if isinstance(value, str):
        return
    if isinstance(value, (int, Fraction)):
        return
    if isinstance(value, Real):
        as_float = float(value)
        if math.isnan(as_float):
            msg = f"{name} must not be NaN, got {value!r}"
            raise ValueError(msg)
        if math.isinf(as_float):
            msg = (
                f"{name} must be finite, got {value!r}; a block with no pivot has "
                "key None (the paper's -inf)"
            )
            raise ValueError(msg)
        return
    msg = (
        f"{name} must be None, a real number, a string or a tuple of these, "
        f"got {value!r} of type {type(value).__name__}"
    )
    raise TypeError(msg)


def key_ge(a: Any, b: Any, name_a: str = "a.w", name_b: str = "b.w") -> bool:
    """Return ``a >= b`` for pivot keys, with ``None`` below every key."""
    if b is None:
        return True
    if a is None:
        return False
    try:
        return bool(a >= b)
    except TypeError:
        msg = (
            f"pivot keys {name_a}={a!r} and {name_b}={b!r} are not comparable; "
            "all keys of one computation must share one totally ordered type"
        )
        raise TypeError(msg) from None
