"""Argument checks shared by the algebra (private).

The one place algebra checks its arguments: one integer checker, one choice
checker, one type checker, the pivot-key checks. Messages follow the house
style ``"<name> must be <allowed range>, got <value!r>"`` (the same as
``theory/_validation.py``, which algebra may not import: layering).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from numbers import Real
from typing import Any

import numpy.typing as npt

MAX_SLOTS = 10**6
"""Cap on ``k`` where a tropical element allocates ``k + 1`` slots."""


def check_int(
    value: object, name: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return ``value`` if it is an ``int`` (not ``bool``) in ``[minimum, maximum]``.

    Only Python ``int`` is accepted (not NumPy integers): the counts of a
    context are stored as given and must stay exact Python integers.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        msg = f"{name} must be an int, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    if minimum is not None and value < minimum:
        msg = f"{name} must be >= {minimum}, got {value!r}"
        raise ValueError(msg)
    if maximum is not None and value > maximum:
        low = "" if minimum is None else f"{minimum} <= "
        msg = f"{name} must satisfy {low}{name} <= {maximum}, got {value!r}"
        raise ValueError(msg)
    return value


def check_choice(value: object, name: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``choices``."""
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        msg = f"{name} must be one of {', '.join(map(repr, options))}, got {value!r}"
        raise ValueError(msg)
    return value


def check_instance(
    value: object, name: str, kind: type | tuple[type, ...], *, exact: bool = False
) -> Any:
    """Return ``value`` if it is an instance of ``kind`` (with ``exact``: of that very type)."""
    if type(value) is kind:  # the common case, first: products call this per operand
        return value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = type(value) in kinds if exact else isinstance(value, kinds)
    if not ok:
        names = " or ".join(k.__name__ for k in kinds)
        article = "an" if names[0] in "AEIOUaeiou" else "a"
        msg = (
            f"{name} must be {article} {names}, got {value!r} of type "
            f"{type(value).__name__}"
        )
        raise TypeError(msg)
    return value


def check_int_dtype(value: npt.NDArray[Any], name: str) -> None:
    """Raise ``TypeError`` unless a non-empty array has an integer dtype (not bool)."""
    if value.size and value.dtype.kind not in "iu":  # not bool, not timedelta64
        msg = f"{name} must have an integer dtype, got {value.dtype}"
        raise TypeError(msg)


def check_callable(value: object, name: str) -> None:
    """Raise ``TypeError`` unless ``value`` is callable."""
    if not callable(value):
        msg = f"{name} must be callable, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)


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
    """Return ``a >= b`` for concrete pivot keys, with ``None`` below every key.

    The error names both keys when they are not comparable. The public,
    symbolic-aware version is :func:`algebra.arith.key_ge`.
    """
    if b is None:
        return True
    if a is None:
        return False
    try:
        return bool(a >= b)
    except TypeError:
        raise incomparable(a, b, name_a, name_b) from None


def key_max(values: Iterable[Any], name: str = "slot") -> Any:
    """Return the largest key with ``None`` as bottom (the first of equal keys)."""
    best: Any = None
    for value in values:
        if not key_ge(best, value, name, name):
            best = value
    return best


def incomparable(a: Any, b: Any, name_a: str, name_b: str) -> TypeError:
    """Return the ``TypeError`` for two pivot keys that cannot be compared."""
    msg = (
        f"pivot keys {name_a}={a!r} and {name_b}={b!r} are not comparable; "
        "all keys of one computation must share one totally ordered type"
    )
    return TypeError(msg)
