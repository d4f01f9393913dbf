"""The experiments' generated timelines, made once per process (issue 30).

Exp52, Exp53, the retention sweep and the closure experiments draw the same
MultiBurst and Bursty timelines (a seed and a size give one timeline): the
ledger's checks asked for about 580 MultiBurst timelines of which about 110
differ. A :class:`~witnesses.events.Timeline` is immutable, so one object can
serve every experiment in a process. Nothing is kept across processes or runs.
"""

from __future__ import annotations

from functools import lru_cache

from witnesses.events import Timeline
from witnesses.generators import BurstyConfig, MultiBurstConfig, bursty, multiburst

__all__ = ["CACHED", "bursty_timeline", "multiburst_timeline"]

CACHED = 256
"""Timelines kept per generator (least recently used dropped first)."""


@lru_cache(maxsize=CACHED)
def multiburst_timeline(n_events: int, seed: int) -> Timeline:
    """Return ``multiburst(config=MultiBurstConfig(n_events=n_events), seed=seed)``.

    Examples
    --------
    >>> from witnesses.experiments._timelines import multiburst_timeline
    >>> multiburst_timeline(40, 3) is multiburst_timeline(40, 3)
    True
    """
    return multiburst(config=MultiBurstConfig(n_events=n_events), seed=seed)


@lru_cache(maxsize=CACHED)
def bursty_timeline(n_events: int, epsilon: float, seed: int) -> Timeline:
    """Return ``bursty(config=BurstyConfig(n_events=n_events, epsilon=epsilon), seed=seed)``.

    Examples
    --------
    >>> from witnesses.experiments._timelines import bursty_timeline
    >>> len(bursty_timeline(40, 0.5, 1))
    40
    """
    return bursty(config=BurstyConfig(n_events=n_events, epsilon=epsilon), seed=seed)
