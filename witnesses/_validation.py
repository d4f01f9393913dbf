"""Argument checks of ``witnesses`` (private; messages name the argument, value and range).

The numeric checks are those of :mod:`theory.validation` (one rule, one
message format across the packages); this module is where ``witnesses``
code imports them from, and adds the checks of its own objects.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from theory.validation import (
    MAX_SIZE,
    check_choice,
    check_instance,
    check_int,
    check_probability,
    check_real,
    check_size,
)

__all__ = [
    "MAX_SIZE",
    "check_choice",
    "check_instance",
    "check_int",
    "check_iterable",
    "check_keys",
    "check_max_bytes",
    "check_path",
    "check_probability",
    "check_real",
    "check_sequence",
    "check_size",
]


def check_keys(
    value: object, name: str, required: tuple[str, ...]
) -> Mapping[str, Any]:
    """Return ``value`` if it is a mapping holding every key in ``required``."""
    if not isinstance(value, Mapping):
        msg = f"{name} must be a mapping, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    missing = [key for key in required if key not in value]
    if missing:
        msg = f"{name} must have the keys {list(required)}, missing {missing} in {value!r}"
        raise ValueError(msg)
    return value


def check_iterable(value: object, name: str, what: str = "records") -> Iterable[Any]:
    """Return ``value`` if it is an iterable of items (not a ``str`` or ``bytes``)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        msg = f"{name} must be an iterable of {what}, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    return value


def check_max_bytes(value: object, name: str = "max_bytes") -> None:
    """Check that ``value`` is an int ``>= 0`` (a size cap of a file read)."""
    check_int(value, name, minimum=0)


def check_path(value: object, name: str) -> Path:
    """Return ``value`` as a :class:`~pathlib.Path` if it is a ``str`` or ``os.PathLike``."""
    if isinstance(value, str) or (
        isinstance(value, os.PathLike) and isinstance(os.fspath(value), str)
    ):
        return Path(value)
    msg = f"{name} must be a path (str or os.PathLike), got {value!r} of type {type(value).__name__}"
    raise TypeError(msg)


def check_sequence(value: object, name: str) -> Sequence[Any]:
    """Return ``value`` if it is sized and iterable (not a ``str`` or ``bytes``)."""
    sized = hasattr(value, "__len__") and hasattr(value, "__iter__")
    if isinstance(value, str | bytes) or not sized:
        msg = f"{name} must be a sequence, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    return cast("Sequence[Any]", value)
