"""The generators' configurations at their documented edges (issue 33).

docs/guide/witnesses.md §2 and the docstrings of BurstyConfig and
MultiBurstConfig give each parameter's range; each test below sits on an
edge (the last accepted value and the first refused one), so that moving
the edge by one changes the answer.
"""

from __future__ import annotations

import math
import re

import pytest

from witnesses.generators import BurstyConfig, MultiBurstConfig, bursty, multiburst

CONFIGS = [BurstyConfig, MultiBurstConfig]


@pytest.mark.parametrize("make", CONFIGS)
def test_n_events_capped_at_a_million(make) -> None:
    assert make(n_events=10**6).n_events == 10**6
    with pytest.raises(ValueError, match=re.escape("n_events must satisfy 1 <= n_events <= 1000000, got 1000001")):
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
    with pytest.raises(ValueError, match=re.escape("hub_fraction must be in [0, 1], got 1.5")):
        make(hub_fraction=1.5)
    with pytest.raises(ValueError, match=re.escape("causal_density must be in [0, 1], got 1.5")):
        make(causal_density=1.5)


def test_bursty_edges() -> None:
    assert BurstyConfig(epsilon=0.0).epsilon == 0.0
    assert BurstyConfig(epsilon=1.0).epsilon == 1.0
    assert BurstyConfig(n_bursts=1).n_bursts == 1
    assert BurstyConfig(burst_width=1.0).burst_width == 1.0
    with pytest.raises(ValueError, match=re.escape("burst_width must be in (0, 1], got 1.5")):
        BurstyConfig(burst_width=1.5)
    assert BurstyConfig(weight_heavy_tail=1e-3).weight_heavy_tail == 1e-3
    with pytest.raises(ValueError, match=re.escape("weight_heavy_tail must be in (0, inf), got inf")):
        BurstyConfig(weight_heavy_tail=math.inf)
    with pytest.raises(ValueError, match=re.escape("weight_heavy_tail must be in (0, inf), got 0")):
        BurstyConfig(weight_heavy_tail=0)
    with pytest.raises(ValueError, match="weight_heavy_tail"):
        BurstyConfig(weight_heavy_tail=-1.0)


def test_bursty_stores_converted_values() -> None:
    c = BurstyConfig(epsilon=1, burst_width=1, hub_fraction=0, causal_density=1, weight_heavy_tail=3)
    assert [type(v) for v in (c.epsilon, c.burst_width, c.hub_fraction, c.causal_density,
                              c.weight_heavy_tail)] == [float] * 5  # fmt: skip


def test_multiburst_edges() -> None:
    assert MultiBurstConfig(burst_width=0.5, burst_centres=(0.5,)).burst_width == 0.5
    with pytest.raises(ValueError, match=re.escape("burst_width must be in (0, 0.5], got 0.51")):
        MultiBurstConfig(burst_width=0.51, burst_centres=(0.5,))
    c = MultiBurstConfig(burst_weight_boost=0.0, inter_burst_density=0.0, weight_noise_std=0.0)
    assert (c.burst_weight_boost, c.inter_burst_density, c.weight_noise_std) == (0.0, 0.0, 0.0)
    for name in ("burst_weight_boost", "inter_burst_density", "weight_noise_std"):
        with pytest.raises(ValueError, match=f"^{name} must be finite, got inf$"):
            MultiBurstConfig(**{name: math.inf})
    c = MultiBurstConfig(burst_weight_boost=2, inter_burst_density=1, weight_noise_std=0)
    assert [type(v) for v in (c.burst_weight_boost, c.inter_burst_density,
                              c.weight_noise_std)] == [float] * 3  # fmt: skip


def test_centres_edges() -> None:
    # a list is read as a tuple, of floats
    c = MultiBurstConfig(burst_centres=[0.25, 0.75])
    assert c.burst_centres == (0.25, 0.75)
    # the centres' range is [w, 1 - w], both ends accepted
    assert MultiBurstConfig(burst_centres=(0.1, 0.9)).burst_centres == (0.1, 0.9)
    with pytest.raises(ValueError, match=re.escape("burst_centres[1] must be in [0.1, 0.9], got 0.95")):
        MultiBurstConfig(burst_centres=(0.2, 0.95))
    with pytest.raises(TypeError, match=r"^burst_centres must be a tuple of floats, got 0\.5$"):
        MultiBurstConfig(burst_centres=0.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="burst_centres must be a tuple of floats, got '0.5'"):
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
    c = MultiBurstConfig(burst_centres=(0.2, 0.5, 0.8), burst_width=0.1, inter_burst_density=0.5)
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
    assert multiburst(config=None, seed=4) == multiburst(config=MultiBurstConfig(), seed=4)
    assert bursty(seed=4) != bursty(seed=5)
