"""Random event timelines: the Bursty and MultiBurst generators (docs/guide/witnesses.md §2).

Both generators draw everything from one ``numpy.random.default_rng(seed)``
in a fixed order, so that a seed gives the same timeline on every machine
and under every ``PYTHONHASHSEED``. The draw order below is the
reference's (docs/guide/witnesses.md §2) and part of this module's contract: changing it
changes every published number.

Draw order, **Bursty** (``n`` events, ``B`` bursts):

1. ``centres = sort(rng.uniform(0.05, 0.95, size=B))``.
2. For each event ``i = 0..n-1`` in turn: ``u = rng.random()``; if
   ``u < 0.8``: ``c = centres[rng.integers(B)]`` and
   ``t = rng.normal(c, burst_width / 2)``; else ``t = rng.uniform(0, 1)``.
   Then ``clip(t, 0, 1)`` and a stable sort.
3. Weights, in time order: if ``epsilon == 0``, ``rng.uniform(0, 1, size=n)``;
   else ``w = rng.uniform(0, 0.5, size=n)``, then the events with
   ``t <= 1 - 0.9 epsilon`` (``m`` of them, in time order) get
   ``0.5 + 0.5 (1 - 1 / (x + 1))`` with ``x = rng.pareto(weight_heavy_tail,
   size=m)`` (numpy's Lomax draw), clipped to ``[0, 1]``.
4. Hubs, actors and parents (below).

Draw order, **MultiBurst** (burst windows ``[c - w, c + w]`` for each centre,
inter-burst windows between consecutive burst windows):

1. ``counts = rng.multinomial(n, p)`` with ``p`` proportional to the window
   masses: ``2w`` for each burst window (in centre order), then
   ``inter_burst_density * length`` for each inter-burst window (in time
   order), each rounded to 12 decimals (so that ``0.3 - 0.1`` counts as
   ``0.2``) and divided by their sum; for the defaults ``{0.2, 0.2, 0.3 * 0.4}``.
2. For each window in that order, ``rng.uniform(lo, hi, size=count)``;
   the concatenation is stably sorted, and each event remembers whether its
   window was a burst window.
3. Weights in time order: ``base = rng.uniform(0.1, 1, size=n)``, times
   ``burst_weight_boost`` for burst-window events; then
   ``rng.normal(0, weight_noise_std, size=n)`` is added and the result is
   floored at ``1e-6``.
4. Hubs, actors and parents (below).

**Hubs, actors, parents** (both generators, after the weights; docs/guide/witnesses.md
§2; draw order corrected on 2026-11-24):

* hubs are the ``round(hub_fraction * n)`` heaviest events, taken as the
  reference does, from the reverse of ``numpy.argsort(weights)`` (numpy's
  default sort; weights are continuous, so ties do not occur in practice);
  they involve every actor and no actor draw is made for them;
* then actors and parents are drawn **interleaved, event by event in time
  order**; for event ``i = 0, 1, ..., n-1``:

  1. unless ``i`` is a hub, ``r = rng.integers(1, min(3, A) + 1)``, then
     ``rng.choice(<the A actor names>, size=r, replace=False)``;
  2. for every event, hubs included: event 0 has no parents and makes no
     draw; otherwise ``rng.random() >= causal_density`` means no parents,
     and else ``r = rng.integers(1, min(3, i) + 1)`` parents are drawn with
     ``rng.choice(i, size=r, replace=False, p=q)`` among the earlier events
     ``j < i``, ``q`` proportional to ``(w_j + 1e-9) / (1 + t_i - t_j)``
     ("age" read as elapsed time), and stored in index order.

  Drawing all actor sets first and the parents afterwards (this module's
  order before 2026-11-24) gives the same timestamps and weights but other
  actors and parents, and reproduces none of the published sweep numbers.

Event ids are ``e0000, e0001, ...`` in time order (zero-padded to at least
four digits, wider when needed, so that id order equals time order) and
actors are ``actor_0 .. actor_{A-1}``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from theory.validation import check_int, check_probability, check_real
from witnesses.events import Event, Timeline

_MAX_EVENTS = 10**6
"""Cap on ``n_events`` of :class:`BurstyConfig` and :class:`MultiBurstConfig`."""

__all__ = ["BurstyConfig", "MultiBurstConfig", "bursty", "multiburst"]

_FloatArray = NDArray[np.float64]
_C = TypeVar("_C", "BurstyConfig", "MultiBurstConfig")


@dataclass(frozen=True, slots=True)
class BurstyConfig:
    """Parameters of :func:`bursty` (defaults as in docs/guide/witnesses.md §2).

    Parameters
    ----------
    n_events : int, default 200
        In ``[1, 10**6]`` (a timeline is held in memory).
    n_actors : int, default 6
    epsilon : float, default 0.3
        Front-loading in ``[0, 1]``: events with ``t <= 1 - 0.9 epsilon`` get
        heavy-tailed weights in ``[0.5, 1)``, the rest ``Uniform(0, 0.5)``;
        0 means ``Uniform(0, 1)`` everywhere.
    n_bursts : int, default 3
    burst_width : float, default 0.1
        Burst timestamps are ``Normal(centre, burst_width / 2)``.
    hub_fraction : float, default 0.05
    causal_density : float, default 0.08
    weight_heavy_tail : float, default 2.0
        Shape of the Pareto (Lomax) draw.

    Examples
    --------
    >>> from witnesses.generators import BurstyConfig
    >>> BurstyConfig().n_events, BurstyConfig(epsilon=0.8).epsilon
    (200, 0.8)
    >>> BurstyConfig(epsilon=1.5)
    Traceback (most recent call last):
    ...
    ValueError: epsilon must be in [0, 1], got 1.5
    """

    n_events: int = 200
    n_actors: int = 6
    epsilon: float = 0.3
    n_bursts: int = 3
    burst_width: float = 0.1
    hub_fraction: float = 0.05
    causal_density: float = 0.08
    weight_heavy_tail: float = 2.0

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(
            self,
            "n_events",
            check_int(self.n_events, "n_events", minimum=1, maximum=_MAX_EVENTS),
        )
        set_(self, "n_actors", check_int(self.n_actors, "n_actors", minimum=1))
        set_(self, "epsilon", check_probability(self.epsilon, "epsilon"))
        set_(self, "n_bursts", check_int(self.n_bursts, "n_bursts", minimum=1))
        width = check_real(
            self.burst_width, "burst_width", low=0.0, high=1.0, low_open=True
        )
        set_(self, "burst_width", width)
        _set_shared(self)
        tail = check_real(self.weight_heavy_tail, "weight_heavy_tail", low=0.0)
        if tail == 0 or math.isinf(tail):
            msg = (
                f"weight_heavy_tail must be in (0, inf), got {self.weight_heavy_tail!r}"
            )
            raise ValueError(msg)
        set_(self, "weight_heavy_tail", tail)


@dataclass(frozen=True, slots=True)
class MultiBurstConfig:
    """Parameters of :func:`multiburst` (defaults as in docs/guide/witnesses.md §2).

    Parameters
    ----------
    n_events : int, default 200
        In ``[1, 10**6]`` (a timeline is held in memory).
    n_actors : int, default 6
    burst_centres : tuple of float, default (0.2, 0.8)
        Increasing; each burst window ``[c - burst_width, c + burst_width]``
        lies in ``[0, 1]`` and windows do not overlap.
    burst_width : float, default 0.1
        Half-width of a burst window.
    burst_weight_boost : float, default 3.0
        Factor applied to the base weight of burst-window events.
    inter_burst_density : float, default 0.3
        Event density between burst windows, relative to inside them.
    hub_fraction : float, default 0.05
    causal_density : float, default 0.08
    weight_noise_std : float, default 0.01

    Examples
    --------
    >>> from witnesses.generators import MultiBurstConfig
    >>> MultiBurstConfig().window_masses()
    ((0.2, 0.2, 0.12), (True, True, False))
    >>> MultiBurstConfig(burst_centres=(0.2, 0.25))
    Traceback (most recent call last):
    ...
    ValueError: burst_centres=(0.2, 0.25): burst windows must not overlap (need c[i+1] - c[i] >= 2 * burst_width = 0.2)
    """

    n_events: int = 200
    n_actors: int = 6
    burst_centres: tuple[float, ...] = (0.2, 0.8)
    burst_width: float = 0.1
    burst_weight_boost: float = 3.0
    inter_burst_density: float = 0.3
    hub_fraction: float = 0.05
    causal_density: float = 0.08
    weight_noise_std: float = 0.01

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(
            self,
            "n_events",
            check_int(self.n_events, "n_events", minimum=1, maximum=_MAX_EVENTS),
        )
        set_(self, "n_actors", check_int(self.n_actors, "n_actors", minimum=1))
        width = check_real(
            self.burst_width, "burst_width", low=0.0, high=0.5, low_open=True
        )
        set_(self, "burst_width", width)
        set_(self, "burst_centres", _check_centres(self.burst_centres, width))
        boost = check_real(self.burst_weight_boost, "burst_weight_boost", low=0.0)
        set_(self, "burst_weight_boost", _finite(boost, "burst_weight_boost"))
        density = check_real(self.inter_burst_density, "inter_burst_density", low=0.0)
        set_(self, "inter_burst_density", _finite(density, "inter_burst_density"))
        noise = check_real(self.weight_noise_std, "weight_noise_std", low=0.0)
        set_(self, "weight_noise_std", _finite(noise, "weight_noise_std"))
        _set_shared(self)

    def windows(self) -> tuple[tuple[float, float, bool], ...]:
        """Return ``(lo, hi, is_burst)`` per window, in draw order.

        Burst windows first (in centre order), then the inter-burst windows.

        Examples
        --------
        >>> from witnesses.generators import MultiBurstConfig
        >>> [(round(lo, 3), round(hi, 3), b) for lo, hi, b in MultiBurstConfig().windows()]
        [(0.1, 0.3, True), (0.7, 0.9, True), (0.3, 0.7, False)]
        """
        w = self.burst_width
        bursts = [(c - w, c + w, True) for c in self.burst_centres]
        gaps = [
            (left[1], right[0], False) for left, right in itertools.pairwise(bursts)
        ]
        return tuple(bursts + gaps)

    def window_masses(self) -> tuple[tuple[float, ...], tuple[bool, ...]]:
        """Return the unnormalised multinomial masses and the burst flags.

        Examples
        --------
        >>> from witnesses.generators import MultiBurstConfig
        >>> MultiBurstConfig(inter_burst_density=0.5).window_masses()[0]
        (0.2, 0.2, 0.2)
        """
        masses: list[float] = []
        flags: list[bool] = []
        for lo, hi, burst in self.windows():
            factor = 1.0 if burst else self.inter_burst_density
            masses.append(round(factor * (hi - lo), 12))
            flags.append(burst)
        return tuple(masses), tuple(flags)


def bursty(*, config: BurstyConfig | None = None, seed: int = 0) -> Timeline:
    """Return a front-loaded bursty timeline (docs/guide/witnesses.md §2, *Bursty*).

    Parameters
    ----------
    config : BurstyConfig, optional
        Defaults to ``BurstyConfig()``.
    seed : int, default 0
        Seed of the single ``numpy.random.default_rng`` stream; the draw
        order is documented in the module docstring.

    Returns
    -------
    Timeline
        ``n_events`` events ``e0000..`` in time order over ``[0, 1]``.

    Examples
    --------
    >>> from witnesses.generators import BurstyConfig, bursty
    >>> tl = bursty(config=BurstyConfig(n_events=50, epsilon=0.5), seed=3)
    >>> len(tl), tl[0].id, tl == bursty(config=BurstyConfig(n_events=50, epsilon=0.5), seed=3)
    (50, 'e0000', True)
    >>> sum(len(e.actors) == 6 for e in tl)  # round(0.05 * 50) = 2 hubs
    2
    """
    config = BurstyConfig() if config is None else _config(config, BurstyConfig)
    rng = np.random.default_rng(_seed(seed))
    n = config.n_events
    centres = np.sort(rng.uniform(0.05, 0.95, size=config.n_bursts))
    times = np.empty(n)
    sd = config.burst_width / 2
    for i in range(n):
        if rng.random() < 0.8:
            centre = centres[rng.integers(config.n_bursts)]
            times[i] = rng.normal(centre, sd)
        else:
            times[i] = rng.uniform(0.0, 1.0)
    times = np.sort(np.clip(times, 0.0, 1.0), kind="stable")
    if config.epsilon == 0:
        weights = rng.uniform(0.0, 1.0, size=n)
    else:
        weights = rng.uniform(0.0, 0.5, size=n)
        heavy = times <= 1.0 - 0.9 * config.epsilon
        tail = rng.pareto(config.weight_heavy_tail, size=int(heavy.sum()))
        weights[heavy] = np.clip(0.5 + 0.5 * (1.0 - 1.0 / (tail + 1.0)), 0.0, 1.0)
    return _assemble(
        rng, times, weights, config.n_actors, config.hub_fraction, config.causal_density
    )


def multiburst(*, config: MultiBurstConfig | None = None, seed: int = 0) -> Timeline:
    """Return a two-burst timeline (docs/guide/witnesses.md §2, *MultiBurst*).

    The generator of the retention sweep (docs/guide/witnesses.md §10).

    Parameters
    ----------
    config : MultiBurstConfig, optional
        Defaults to ``MultiBurstConfig()``.
    seed : int, default 0
        Seed of the single ``numpy.random.default_rng`` stream; the draw
        order is documented in the module docstring.

    Returns
    -------
    Timeline
        ``n_events`` events ``e0000..`` in time order.

    Examples
    --------
    >>> from witnesses.generators import multiburst
    >>> tl = multiburst(seed=0)
    >>> len(tl), tl == multiburst(seed=0), tl == multiburst(seed=1)
    (200, True, False)
    >>> all(0.1 <= e.timestamp <= 0.9 for e in tl)
    True
    """
    config = MultiBurstConfig() if config is None else _config(config, MultiBurstConfig)
    rng = np.random.default_rng(_seed(seed))
    n = config.n_events
    masses, _ = config.window_masses()
    total = sum(masses)
    counts = rng.multinomial(n, [m / total for m in masses])
    parts: list[_FloatArray] = []
    burst_parts: list[NDArray[np.bool_]] = []
    for (lo, hi, burst), count in zip(config.windows(), counts, strict=True):
        parts.append(rng.uniform(lo, hi, size=int(count)))
        burst_parts.append(np.full(int(count), burst))
    raw = np.concatenate(parts)
    order = np.argsort(raw, kind="stable")
    times = raw[order]
    in_burst = np.concatenate(burst_parts)[order]
    base = rng.uniform(0.1, 1.0, size=n)
    base = np.where(in_burst, base * config.burst_weight_boost, base)
    noise = rng.normal(0.0, config.weight_noise_std, size=n)
    weights = np.maximum(base + noise, 1e-6)
    return _assemble(
        rng, times, weights, config.n_actors, config.hub_fraction, config.causal_density
    )


def _assemble(
    rng: np.random.Generator,
    times: _FloatArray,
    weights: _FloatArray,
    n_actors: int,
    hub_fraction: float,
    causal_density: float,
) -> Timeline:
    n = len(times)
    names = [f"actor_{a}" for a in range(n_actors)]
    n_hubs = round(hub_fraction * n)
    # The reference ranks by a reverse of numpy's default (unstable) argsort;
    # weights are continuous, so ties do not occur in practice.
    hubs = set(np.argsort(weights)[::-1][:n_hubs].tolist())
    most = min(3, n_actors)
    width = max(4, len(str(n - 1)))
    ids = [f"e{i:0{width}d}" for i in range(n)]
    actors: list[frozenset[str]] = []
    parents: list[tuple[str, ...]] = []
    for i in range(n):
        if i in hubs:
            actors.append(frozenset(names))
        else:
            size = int(rng.integers(1, most + 1))
            picked = rng.choice(names, size=size, replace=False)
            actors.append(frozenset(str(a) for a in picked))
        if i == 0 or rng.random() >= causal_density:
            parents.append(())
            continue
        size = int(rng.integers(1, min(3, i) + 1))
        prob = (weights[:i] + 1e-9) / (1.0 + (times[i] - times[:i]))
        chosen = rng.choice(i, size=size, replace=False, p=prob / prob.sum())
        parents.append(tuple(ids[int(j)] for j in sorted(chosen.tolist())))
    return Timeline(
        Event(ids[i], float(times[i]), float(weights[i]), actors[i], parents[i])
        for i in range(n)
    )


def _set_shared(config: BurstyConfig | MultiBurstConfig) -> None:
    set_ = object.__setattr__
    set_(config, "hub_fraction", check_probability(config.hub_fraction, "hub_fraction"))
    set_(
        config,
        "causal_density",
        check_probability(config.causal_density, "causal_density"),
    )


def _finite(value: float, name: str) -> float:
    if math.isinf(value):
        msg = f"{name} must be finite, got {value!r}"
        raise ValueError(msg)
    return value


def _check_centres(centres: object, width: float) -> tuple[float, ...]:
    if isinstance(centres, str) or not isinstance(centres, tuple | list):
        msg = f"burst_centres must be a tuple of floats, got {centres!r}"
        raise TypeError(msg)
    if not centres:
        msg = "burst_centres must not be empty"
        raise ValueError(msg)
    out = tuple(
        check_real(c, f"burst_centres[{i}]", low=width, high=1.0 - width)
        for i, c in enumerate(centres)
    )
    for left, right in itertools.pairwise(out):
        if right - left < 2 * width - 1e-12:
            msg = (
                f"burst_centres={out}: burst windows must not overlap "
                f"(need c[i+1] - c[i] >= 2 * burst_width = {2 * width:g})"
            )
            raise ValueError(msg)
    return out


def _config(config: object, kind: type[_C]) -> _C:
    if not isinstance(config, kind):
        msg = f"config must be a {kind.__name__}, got {type(config).__name__}"
        raise TypeError(msg)
    return config


def _seed(seed: object) -> int:
    return check_int(seed, "seed", minimum=0)
