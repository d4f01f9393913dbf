"""The generators' configurations at their documented edges (issue 33).

docs/guide/witnesses.md §2 and the docstrings of BurstyConfig and
MultiBurstConfig give each parameter's range; each test below sits on an
edge (the last accepted value and the first refused one), so that moving
the edge by one changes the answer.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from witnesses.generators import BurstyConfig, MultiBurstConfig, bursty, multiburst

CONFIGS = [BurstyConfig, MultiBurstConfig]


@pytest.mark.parametrize("make", CONFIGS)
def test_n_events_capped_at_a_million(make) -> None:
    assert make(n_events=10**6).n_events == 10**6
    with pytest.raises(
        ValueError,
        match=re.escape("n_events must satisfy 1 <= n_events <= 1000000, got 1000001"),
    ):
        make(n_events=10**6 + 1)
    assert make(n_events=1).n_events == 1
    with pytest.raises(ValueError, match="n_events"):
        make(n_events=0)


@pytest.mark.parametrize("make", CONFIGS)
def test_one_actor_is_enough(make) -> None:
    assert make(n_actors=1).n_actors == 1
    with pytest.raises(ValueError, match="n_actors must be >= 1, got 0"):
        make(n_actors=0)


@pytest.mark.parametrize("make", CONFIGS)
def test_shared_probabilities_take_both_ends(make) -> None:
    for value in (0.0, 1.0):
        c = make(hub_fraction=value, causal_density=value)
        assert (c.hub_fraction, c.causal_density) == (value, value)
    with pytest.raises(
        ValueError, match=re.escape("hub_fraction must be in [0, 1], got 1.5")
    ):
        make(hub_fraction=1.5)
    with pytest.raises(
        ValueError, match=re.escape("causal_density must be in [0, 1], got 1.5")
    ):
        make(causal_density=1.5)


def test_bursty_edges() -> None:
    assert BurstyConfig(epsilon=0.0).epsilon == 0.0
    assert BurstyConfig(epsilon=1.0).epsilon == 1.0
    assert BurstyConfig(n_bursts=1).n_bursts == 1
    assert BurstyConfig(burst_width=1.0).burst_width == 1.0
    with pytest.raises(
        ValueError, match=re.escape("burst_width must be in (0, 1], got 1.5")
    ):
        BurstyConfig(burst_width=1.5)
    assert BurstyConfig(weight_heavy_tail=1e-3).weight_heavy_tail == 1e-3
    with pytest.raises(
        ValueError, match=re.escape("weight_heavy_tail must be in (0, inf), got inf")
    ):
        BurstyConfig(weight_heavy_tail=math.inf)
    with pytest.raises(
        ValueError, match=re.escape("weight_heavy_tail must be in (0, inf), got 0")
    ):
        BurstyConfig(weight_heavy_tail=0)
    with pytest.raises(ValueError, match="weight_heavy_tail"):
        BurstyConfig(weight_heavy_tail=-1.0)


def test_bursty_stores_converted_values() -> None:
    c = BurstyConfig(
        epsilon=1, burst_width=1, hub_fraction=0, causal_density=1, weight_heavy_tail=3
    )
    assert [type(v) for v in (c.epsilon, c.burst_width, c.hub_fraction, c.causal_density,
                              c.weight_heavy_tail)] == [float] * 5  # fmt: skip


def test_multiburst_edges() -> None:
    assert MultiBurstConfig(burst_width=0.5, burst_centres=(0.5,)).burst_width == 0.5
    with pytest.raises(
        ValueError, match=re.escape("burst_width must be in (0, 0.5], got 0.51")
    ):
        MultiBurstConfig(burst_width=0.51, burst_centres=(0.5,))
    c = MultiBurstConfig(
        burst_weight_boost=0.0, inter_burst_density=0.0, weight_noise_std=0.0
    )
    assert (c.burst_weight_boost, c.inter_burst_density, c.weight_noise_std) == (
        0.0,
        0.0,
        0.0,
    )
    for name in ("burst_weight_boost", "inter_burst_density", "weight_noise_std"):
        with pytest.raises(ValueError, match=f"^{name} must be finite, got inf$"):
            MultiBurstConfig(**{name: math.inf})
    c = MultiBurstConfig(
        burst_weight_boost=2, inter_burst_density=1, weight_noise_std=0
    )
    assert [type(v) for v in (c.burst_weight_boost, c.inter_burst_density,
                              c.weight_noise_std)] == [float] * 3  # fmt: skip


def test_centres_edges() -> None:
    # a list is read as a tuple, of floats
    c = MultiBurstConfig(burst_centres=[0.25, 0.75])
    assert c.burst_centres == (0.25, 0.75)
    # the centres' range is [w, 1 - w], both ends accepted
    assert MultiBurstConfig(burst_centres=(0.1, 0.9)).burst_centres == (0.1, 0.9)
    with pytest.raises(
        ValueError, match=re.escape("burst_centres[1] must be in [0.1, 0.9], got 0.95")
    ):
        MultiBurstConfig(burst_centres=(0.2, 0.95))
    with pytest.raises(
        TypeError, match=r"^burst_centres must be a tuple of floats, got 0\.5$"
    ):
        MultiBurstConfig(burst_centres=0.5)  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"burst_centres must be a tuple of floats, got '0\.5'"
    ):
        MultiBurstConfig(burst_centres="0.5")  # type: ignore[arg-type]


def test_touching_windows_are_accepted_despite_rounding() -> None:
    """0.7 - 0.5 is 0.19999999999999996 in floats: windows that touch are not an overlap."""
    assert 0.7 - 0.5 < 0.2
    assert MultiBurstConfig(burst_centres=(0.5, 0.7)).burst_centres == (0.5, 0.7)
    msg = (
        "burst_centres=(0.5, 0.69): burst windows must not overlap "
        "(need c[i+1] - c[i] >= 2 * burst_width = 0.2)"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(msg)}$"):
        MultiBurstConfig(burst_centres=(0.5, 0.69))
    # every consecutive pair is checked, not only the first
    with pytest.raises(ValueError, match="must not overlap"):
        MultiBurstConfig(burst_centres=(0.1, 0.5, 0.6))


def test_windows_and_masses_of_three_bursts() -> None:
    c = MultiBurstConfig(
        burst_centres=(0.2, 0.5, 0.8), burst_width=0.1, inter_burst_density=0.5
    )
    got = [(round(lo, 12), round(hi, 12), b) for lo, hi, b in c.windows()]
    assert got == [
        (0.1, 0.3, True), (0.4, 0.6, True), (0.7, 0.9, True),
        (0.3, 0.4, False), (0.6, 0.7, False),
    ]  # fmt: skip
    masses, flags = c.window_masses()
    assert masses == (0.2, 0.2, 0.2, 0.05, 0.05)
    assert flags == (True, True, True, False, False)


def test_default_config_is_used_when_none() -> None:
    assert bursty(config=None, seed=4) == bursty(config=BurstyConfig(), seed=4)
    assert multiburst(config=None, seed=4) == multiburst(
        config=MultiBurstConfig(), seed=4
    )
    assert bursty(seed=4) != bursty(seed=5)


def test_multiburst_refuses_negative_rates() -> None:
    for name in ("burst_weight_boost", "inter_burst_density", "weight_noise_std"):
        with pytest.raises(ValueError, match=f"^{name} must be in"):
            MultiBurstConfig(**{name: -0.5})


def test_overlap_tolerance_is_1e_12() -> None:
    """Windows closer than ``2 w`` by exactly 1e-12 still touch; by more, they overlap."""
    left, right = 0.1, 0.299999999999
    assert right - left == 2 * 0.1 - 1e-12
    assert MultiBurstConfig(burst_centres=(left, right)).burst_centres == (left, right)
    with pytest.raises(ValueError, match="must not overlap"):
        MultiBurstConfig(burst_centres=(0.1, 0.2999999999))


def test_masses_are_rounded_to_twelve_decimals() -> None:
    c = MultiBurstConfig(inter_burst_density=0.123456789012345)
    # 0.123456789012345 * (0.7 - 0.3) = 0.049382715604937996
    assert c.window_masses()[0] == (0.2, 0.2, 0.049382715605)


def test_seed_defaults_to_zero() -> None:
    small = BurstyConfig(n_events=20)
    assert bursty(config=small) == bursty(config=small, seed=0)
    assert bursty(config=small) != bursty(config=small, seed=1)
    multi = MultiBurstConfig(n_events=20)
    assert multiburst(config=multi) == multiburst(config=multi, seed=0)
    assert multiburst(config=multi) != multiburst(config=multi, seed=1)


def test_multiburst_weights_are_floored_at_1e_6() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=200, weight_noise_std=5.0), seed=0)
    weights = [e.weight for e in tl]
    assert min(weights) == 1e-6
    assert sum(w == 1e-6 for w in weights) > 10


def test_ids_are_four_digits_up_to_ten_thousand_events() -> None:
    """e0000..e9999 for 10,000 events (the last index 9999 has four digits)."""
    config = MultiBurstConfig(n_events=10_000, hub_fraction=0.0, causal_density=0.0)
    tl = multiburst(config=config, seed=0)
    assert tl[0].id == "e0000" and tl[-1].id == "e9999"


# --- the documented comparisons, at equality, with a scripted stream -----------
# The generators draw from numpy.random.default_rng(seed). A stream that
# answers chosen values to random() or normal() (and delegates every other
# draw to the real generator of the same seed) puts a draw exactly on the
# documented threshold, where "<" and "<=" differ.


class _Scripted:
    def __init__(
        self, real: np.random.Generator, randoms: list[float], normals: list[float]
    ) -> None:
        self._real = real
        self._randoms = list(randoms)
        self._normals = list(normals)

    def random(self, *args: object, **kwargs: object) -> object:
        if self._randoms and not args and not kwargs:
            return self._randoms.pop(0)
        return self._real.random(*args, **kwargs)

    def normal(self, *args: object, **kwargs: object) -> object:
        if self._normals and "size" not in kwargs:
            return self._normals.pop(0)
        return self._real.normal(*args, **kwargs)

    def __getattr__(self, name: str) -> object:
        return getattr(self._real, name)


def _script(monkeypatch, randoms=(), normals=()):  # type: ignore[no-untyped-def]
    real = np.random.default_rng
    monkeypatch.setattr(
        "witnesses.generators.np.random.default_rng",
        lambda seed: _Scripted(real(seed), list(randoms), list(normals)),
    )


def test_a_draw_of_exactly_0_8_is_not_a_burst_event(monkeypatch) -> None:
    """Bursty step 2: ``u < 0.8`` is a burst event, so ``u = 0.8`` is uniform on [0, 1]."""
    config = BurstyConfig(n_events=1, n_bursts=1, hub_fraction=0.0)
    _script(monkeypatch, randoms=[0.8])
    got = bursty(config=config, seed=11)[0].timestamp
    rng = np.random.default_rng(11)
    rng.uniform(0.05, 0.95, size=1)
    assert got == rng.uniform(0.0, 1.0)


def test_an_event_exactly_at_the_front_threshold_is_heavy(monkeypatch) -> None:
    """Bursty step 3: ``t <= 1 - 0.9 epsilon`` gets a heavy weight in [0.5, 1)."""
    eps = 0.5
    config = BurstyConfig(n_events=1, n_bursts=1, epsilon=eps, hub_fraction=0.0)
    _script(monkeypatch, randoms=[0.0], normals=[1.0 - 0.9 * eps])
    event = bursty(config=config, seed=2)[0]
    assert event.timestamp == 1.0 - 0.9 * eps
    assert 0.5 <= event.weight < 1.0


def test_a_draw_equal_to_the_causal_density_gives_no_parents(monkeypatch) -> None:
    """``rng.random() >= causal_density`` means no parents; below it, parents are drawn."""
    config = MultiBurstConfig(n_events=2, hub_fraction=0.0, causal_density=0.5)
    _script(monkeypatch, randoms=[0.5])
    assert multiburst(config=config, seed=0)[1].causal_parents == ()
    _script(monkeypatch, randoms=[0.4999])
    assert multiburst(config=config, seed=0)[1].causal_parents == ("e0000",)


def _replay_parents(seed: int, n: int) -> list[list[int]]:
    """The documented draws of bursty with epsilon 0, no hubs and causal density 1."""
    rng = np.random.default_rng(seed)
    centres = np.sort(rng.uniform(0.05, 0.95, size=3))
    raw = []
    for _ in range(n):
        if rng.random() < 0.8:
            raw.append(rng.normal(centres[rng.integers(3)], 0.05))
        else:
            raw.append(rng.uniform(0.0, 1.0))
    times = np.sort(np.clip(np.array(raw), 0.0, 1.0), kind="stable")
    weights = rng.uniform(0.0, 1.0, size=n)
    names = [f"actor_{a}" for a in range(6)]
    out: list[list[int]] = []
    for i in range(n):
        rng.choice(names, size=int(rng.integers(1, 4)), replace=False)
        if i == 0 or rng.random() >= 1.0:
            out.append([])
            continue
        size = int(rng.integers(1, min(3, i) + 1))
        q = np.array(
            [(weights[j] + 1e-9) / (1.0 + times[i] - times[j]) for j in range(i)]
        )
        out.append(
            sorted(rng.choice(i, size=size, replace=False, p=q / q.sum()).tolist())
        )
    return out


def test_parents_follow_the_documented_weights_over_elapsed_time() -> None:
    """q_j proportional to (w_j + 1e-9) / (1 + t_i - t_j), with every event drawing parents."""
    config = BurstyConfig(
        n_events=60, epsilon=0.0, hub_fraction=0.0, causal_density=1.0
    )
    tl = bursty(config=config, seed=4)
    got = [[tl.position(p) for p in e.causal_parents] for e in tl]
    assert got == _replay_parents(4, 60)


class _ZeroWeights:
    """A stream whose Uniform(0, 1) weight draw (epsilon 0) is 0.5, 0, 0.5, 0, ...

    0 is a value Uniform(0, 1) can draw.
    """

    def __init__(self, real: np.random.Generator) -> None:
        self._real = real

    def uniform(self, *args: object, **kwargs: object) -> object:
        if args == (0.0, 1.0) and "size" in kwargs:
            return np.resize([0.5, 0.0], int(kwargs["size"]))  # type: ignore[call-overload]
        return self._real.uniform(*args, **kwargs)  # type: ignore[call-overload]

    def __getattr__(self, name: str) -> object:
        return getattr(self._real, name)


def test_parents_are_drawn_when_some_weights_are_zero(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The 1e-9 added to each weight keeps every q_j >= 0 (a distribution) when w_j = 0."""
    real = np.random.default_rng
    monkeypatch.setattr(
        "witnesses.generators.np.random.default_rng",
        lambda seed: _ZeroWeights(real(seed)),
    )
    config = BurstyConfig(n_events=6, epsilon=0.0, hub_fraction=0.0, causal_density=1.0)
    tl = bursty(config=config, seed=1)
    assert [e.weight for e in tl] == [0.5, 0.0] * 3
    assert tl[0].causal_parents == ()
    assert all(len(e.causal_parents) >= 1 for e in tl.events[1:])
