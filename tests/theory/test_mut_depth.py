"""theory.depth edges that the law tests leave open (issue 33, item 5).

The survival product of zero hops from a callable (the empty product, 1), the
refusal of a negative hop count, where the underflow warning points, and the
sign and log-magnitude of a negative or zero advantage.
"""

from __future__ import annotations

import linecache
import math
import warnings

import pytest

from theory.depth import (
    DepthUnderflowWarning,
    log_survival_product,
    p_similarity,
    p_structured,
    slog_advantage,
    survival_product,
)


def test_zero_hops_from_a_callable_is_the_empty_product():
    calls: list[int] = []

    def f(k: int) -> float:
        calls.append(k)
        return 0.5

    assert survival_product(f, d=0) == 1.0
    assert log_survival_product(f, d=0) == 0.0
    assert calls == []
    assert survival_product(f, d=1) == 0.5
    assert calls == [1]


@pytest.mark.parametrize("func", [survival_product, log_survival_product])
def test_negative_hops_from_a_callable_are_refused(func):
    with pytest.raises(ValueError, match="d must be >= 0, got -1"):
        func(lambda k: 0.5, d=-1)


def _line(warning: warnings.WarningMessage) -> str:
    assert warning.filename == __file__
    return linecache.getline(warning.filename, warning.lineno).strip()


def test_underflow_warning_points_at_the_caller():
    """stacklevel=3: the warning names this file and the calling line, not theory/depth."""
    with pytest.warns(DepthUnderflowWarning, match="underflowed to 0.0") as sim:
        p_similarity(10_000, 0.7, 0.67)
    with pytest.warns(DepthUnderflowWarning, match="underflowed to 0.0") as struct:
        p_structured(10**6, 0.97)
    with pytest.warns(DepthUnderflowWarning, match="underflowed to 0.0") as chain:
        survival_product([1e-200, 1e-200])
    assert [_line(w) for w in sim] == ["p_similarity(10_000, 0.7, 0.67)"]
    assert [_line(w) for w in struct] == ["p_structured(10**6, 0.97)"]
    assert [_line(w) for w in chain] == ["survival_product([1e-200, 1e-200])"]


@pytest.mark.parametrize(
    ("d", "s0", "rho", "q"),
    [(1, 1.0, 0.9, 0.5), (2, 0.9, 0.8, 0.3), (1.5, 0.99, 0.95, 0.2)],
)
def test_slog_of_a_negative_advantage(d, s0, rho, q):
    """g < 0 (similarity wins): sign -1 and log|g| finite, by hand."""
    g = q**d - s0**d * rho ** (d * (d + 1) / 2)
    assert g < 0
    sign, logabs = slog_advantage(d, s0, rho, q)
    assert sign == -1.0
    assert logabs == pytest.approx(math.log(-g), rel=1e-12)


def test_slog_of_a_zero_advantage():
    """g = 0 exactly (q = s0 rho at d = 1): sign 0, log|g| = -inf."""
    sign, logabs = slog_advantage(1, 1.0, 0.5, 0.5)
    assert (sign, logabs) == (0.0, -math.inf)
