"""Result types shared by ``theory.inference`` (private).

Every result is a frozen dataclass of builtin ``int``/``float``/``str`` (never
numpy scalars), with scipy's field names where they exist.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ConfidenceInterval"]


class ConfidenceInterval(NamedTuple):
    """A two-sided interval ``[low, high]`` (scipy's ``ConfidenceInterval``).

    Examples
    --------
    >>> from theory.inference import ConfidenceInterval
    >>> low, high = ConfidenceInterval(0.25, 0.75)
    >>> high - low
    0.5
    """

    low: float
    high: float
