"""The experiments' timelines are drawn once per process and equal fresh draws (issue 30)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

import witnesses.experiments.closure
import witnesses.experiments.exp52 as exp52_module
from witnesses.generators import BurstyConfig, MultiBurstConfig, bursty, multiburst

# the modules under test are private: read from sys.modules (loaded above)
_timelines: Any = sys.modules["witnesses.experiments._timelines"]
case = sys.modules["witnesses.experiments.closure._common"].case
_case = exp52_module._case
assert witnesses.experiments.closure is not None


@pytest.mark.parametrize("seed", [0, 1, 7, 42])
@pytest.mark.parametrize("n", [20, 200])
def test_cached_timelines_equal_fresh_draws(seed: int, n: int) -> None:
    fresh = multiburst(config=MultiBurstConfig(n_events=n), seed=seed)
    assert _timelines.multiburst_timeline(n, seed).events == fresh.events
    for eps in (0.2, 0.5, 0.8):
        drawn = bursty(config=BurstyConfig(n_events=n, epsilon=eps), seed=seed)
        assert _timelines.bursty_timeline(n, eps, seed).events == drawn.events


def test_every_argument_is_part_of_the_key() -> None:
    mb = _timelines.multiburst_timeline
    assert mb(30, 1) is mb(30, 1)
    assert mb(30, 1).events != mb(30, 2).events
    assert len(mb(31, 1)) == 31
    b = _timelines.bursty_timeline
    assert b(30, 0.2, 1).events != b(30, 0.8, 1).events


def test_the_experiments_draw_what_they_drew_before() -> None:
    for i in range(8):
        timeline, gap = _case(i, 40)
        if i % 4 < 2:
            eps = (0.2, 0.5, 0.8)[i % 3]
            want = bursty(config=BurstyConfig(n_events=40, epsilon=eps), seed=i)
        else:
            want = multiburst(config=MultiBurstConfig(n_events=40), seed=i)
        assert timeline.events == want.events
        assert gap == (0.11 if i % 4 in (1, 3) else float("inf"))
        eps = (0.2, 0.5, 0.8)[i % 3]
        drawn = bursty(config=BurstyConfig(n_events=40, epsilon=eps), seed=i)
        assert case(i, 40).events == drawn.events


def test_the_sweep_draws_its_seeds_before_the_pool_and_gets_the_same_rows() -> None:
    from witnesses.experiments.sweep import retention_sweep

    _timelines.multiburst_timeline.cache_clear()
    pooled = retention_sweep(retentions=[0.4], seeds=[3, 4], progress=False)
    info = _timelines.multiburst_timeline.cache_info()
    assert info.currsize >= 2  # drawn in this process, for the forked workers
    here = retention_sweep(retentions=[0.4], seeds=[3, 4], executor=False)
    assert pooled == here
