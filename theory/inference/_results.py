"""Result types shared by ``theory.inference`` (private).

Every result is a frozen dataclass of builtin ``int``/``float``/``str`` (never
numpy scalars), with scipy's field names where they exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["ConfidenceInterval", "MeanCI"]


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


@dataclass(frozen=True, slots=True)
class MeanCI:
    """A mean (or a proportion from 0/1 data) with a two-sided interval.

    The one mean-with-interval result of ``theory`` and ``witnesses``; a
    count with an interval is :class:`~theory.inference.ProportionCI`.

    Attributes
    ----------
    low, high : float
        Interval ends.
    estimate : float
        The sample mean.
    n : int
        Sample size.
    method : str
        ``"wilson"`` (binary data) or ``"t"`` (Student t on the mean).
    confidence_level : float
        Two-sided level.

    Examples
    --------
    >>> from theory.inference import MeanCI, conditional_use_factor
    >>> ci = MeanCI(0.2, 0.6, 0.4, 10, "t", 0.95)
    >>> ci.confidence_interval, round(ci.width, 2)
    (ConfidenceInterval(low=0.2, high=0.6), 0.4)
    >>> conditional_use_factor([1, 1, 0, 1], [1, 1, 1, 0]).method
    'wilson'
    """

    low: float
    high: float
    estimate: float
    n: int
    method: str
    confidence_level: float

    @property
    def confidence_interval(self) -> ConfidenceInterval:
        """The interval as a ``ConfidenceInterval(low, high)``."""
        return ConfidenceInterval(self.low, self.high)

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low
