"""Sizes and arguments a user's fresh fuzz found unchecked (h-findings, issue 33).

``CellularSheaf.constant(G, 10**9)`` ended in numpy's MemoryError,
``decay_power`` ran on 10**5 depths without end, and
``posterior_superiority(draws=-5)`` was accepted with the default method.
"""

from __future__ import annotations

import networkx as nx
import pytest

from theory.decay import decay_power
from theory.inference import posterior_superiority
from theory.sheaf import CellularSheaf


def test_a_constant_sheafs_stalk_is_capped() -> None:
    with pytest.raises(
        ValueError, match=r"dim must satisfy 1 <= dim <= 256, got 1000000000"
    ):
        CellularSheaf.constant(nx.cycle_graph(3), 10**9)
    with pytest.raises(ValueError, match=r"<= 256, got 257"):
        CellularSheaf.constant(nx.cycle_graph(3), 257)
    assert CellularSheaf.constant(nx.path_graph(2), 256).cohomology().h0 == 256


def test_decay_power_caps_its_depths() -> None:
    with pytest.raises(
        ValueError, match="depths must hold at most 1000 depths to simulate, got 1001"
    ):
        decay_power("power", list(range(1, 1002)), 10, s0=0.9, rho=0.8)


@pytest.mark.parametrize("method", ["quad", "monte-carlo"])
@pytest.mark.parametrize(
    ("draws", "match"), [(-5, "draws must be >= 1, got -5"), (10**8, "draws")]
)
def test_posterior_superiority_checks_draws_with_either_method(
    method, draws, match
) -> None:
    with pytest.raises(ValueError, match=match):
        posterior_superiority(3, 10, 5, 10, method=method, draws=draws)


def test_posterior_superiority_checks_the_seed_with_either_method() -> None:
    with pytest.raises(ValueError, match="seed must be >= 0"):
        posterior_superiority(3, 10, 5, 10, method="quad", seed=-1)
