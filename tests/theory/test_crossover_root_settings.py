"""crossover_depth_real's root is brentq's, with the documented xtol and iteration cap."""

from __future__ import annotations

from typing import Any

import pytest
from scipy.optimize import brentq

from theory.depth import crossover_depth_real


@pytest.mark.parametrize(
    ("s0", "rho", "q", "tau"),
    [
        (0.7, 0.67, 0.97, 0.6),  # q < 1: bracketed by 1 and the peak
        (0.7, 0.67, 1.0, 0.6),  # q = 1: g rises towards 1, the bracket is grown
    ],
)
def test_the_root_uses_the_documented_brentq_settings(
    s0: float, rho: float, q: float, tau: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, Any]] = []

    def spy(f: Any, a: float, b: float, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return brentq(f, a, b, **kwargs)

    monkeypatch.setattr("theory.depth._crossover.brentq", spy)
    root = crossover_depth_real(s0, rho, q, tau)
    assert root is not None and root > 1.0
    assert calls == [{"xtol": 1e-12, "maxiter": 1000}]
