"""Where theory.decay's multi-start fit starts, and which run it keeps (issue 33).

``theory.decay`` documents "several deterministic starts: a log-linear
least-squares guess plus fixed grid points". The guess regresses the
smoothed log rate ``y = log((k + 1/2) / (n + 1))`` on each law's log-linear
form (computed here with statsmodels' OLS, an independent least-squares
code); it is skipped when the depths are all equal, i.e. a single depth.
The starts are recorded by wrapping the optimiser that the fit calls
(``scipy.optimize.minimize``, looked up in ``theory.decay._models``); the
wrapper runs the real optimiser, so the fits are unchanged.

The second half replaces the optimiser by one that stays where it starts and
reports chosen objective values, to pin which run the fit keeps: the lowest
negative log-likelihood, the earlier run on a tie, and that run's success
flag as ``converged``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
import statsmodels.api as sm
from scipy.optimize import OptimizeResult, minimize

from theory.decay import compare_decays, fit_decay

D = [1, 2, 3, 4, 5, 6]
K = [29, 18, 10, 5, 2, 1]
N = [40] * 6
RATE_MAX = 30.0

GRID = {
    "geometric": [[0.1], [2.0]],
    "triangular": [[0.5, 0.1], [0.1, 0.5]],
    "stretched": [[0.5, 1.0], [0.2, 2.0], [1.0, 0.5]],
    "power": [[0.1, 1.0], [1.0, 0.5]],
}
BOXES = {
    "geometric": [(0.0, RATE_MAX)],
    "triangular": [(0.0, RATE_MAX), (0.0, RATE_MAX)],
    "stretched": [(0.0, RATE_MAX), (0.05, 10.0)],
    "power": [(0.0, RATE_MAX), (0.0, RATE_MAX)],
}


def _y(k: list[int], n: list[int]) -> np.ndarray:
    return np.log((np.asarray(k) + 0.5) / (np.asarray(n) + 1.0))


def _guess(law: str, d: list[int], k: list[int], n: list[int]) -> list[float]:
    """The log-linear least-squares start in the internal parameters (rates, exponents)."""
    dd = np.asarray(d, dtype=float)
    y = _y(k, n)
    if law == "geometric":
        return [float(sm.OLS(y, -dd[:, None]).fit().params[0])]
    if law == "triangular":
        x = np.column_stack([-dd, -dd * (dd + 1.0) / 2.0])
        return [float(v) for v in sm.OLS(y, x).fit().params]
    if law == "stretched":
        b0, b1 = sm.OLS(np.log(-y), sm.add_constant(np.log(dd))).fit().params
        return [math.exp(b0), float(b1)]
    x = np.column_stack([-np.ones_like(dd), -np.log(dd)])
    return [float(v) for v in sm.OLS(y, x).fit().params]


def _clip(law: str, start: list[float]) -> list[float]:
    return [min(max(v, lo), hi) for v, (lo, hi) in zip(start, BOXES[law], strict=True)]


@pytest.fixture
def starts(monkeypatch: pytest.MonkeyPatch) -> list[list[float]]:
    seen: list[list[float]] = []

    def recording(fun: Any, x0: Any, **kwargs: Any) -> Any:
        seen.append([float(v) for v in x0])
        return minimize(fun, x0, **kwargs)

    monkeypatch.setattr("theory.decay._models.minimize", recording)
    return seen


def _assert_starts(got: list[list[float]], expected: list[list[float]]) -> None:
    assert len(got) == len(expected), (got, expected)
    for g, e in zip(got, expected, strict=True):
        assert g == pytest.approx(e, rel=1e-10, abs=1e-12), (got, expected)


def test_geometric_starts(starts: list[list[float]]) -> None:
    fit_decay(D, K, N, "geometric")
    guess = _guess("geometric", D, K, N)
    assert 0.0 < guess[0] < RATE_MAX
    _assert_starts(starts, [guess, *GRID["geometric"]])


def test_a_guess_outside_the_box_is_clipped_into_it(starts: list[list[float]]) -> None:
    """Rising counts give negative least-squares rates; each start is clipped to 0."""
    d, k, n = [1, 2, 3], [30, 50, 70], [100] * 3
    for law in ("triangular", "power"):
        starts.clear()
        fit_decay(d, k, n, law)
        guess = _guess(law, d, k, n)
        assert min(guess) < 0.0
        own = starts[3:] if law == "triangular" else starts
        _assert_starts(own[:1], [_clip(law, guess)])


@pytest.mark.parametrize("law", ["triangular", "stretched"])
def test_nested_laws_start_from_the_guess_the_grid_and_the_geometric_optimum(
    starts: list[list[float]], law: str
) -> None:
    fit = fit_decay(D, K, N, law)
    geometric = fit_decay(D, K, N, "geometric")
    guess = _guess(law, D, K, N)
    assert guess == _clip(law, guess)
    rate = -math.log(geometric.param("s0"))
    at_null = [rate, 0.0 if law == "triangular" else 1.0]
    # the geometric fit (3 starts) runs first, then the law's own starts
    _assert_starts(
        starts[3 : 7 if law == "triangular" else 8], [guess, *GRID[law], at_null]
    )
    assert fit.loglik >= geometric.loglik - 1e-9


def test_power_starts(starts: list[list[float]]) -> None:
    fit_decay(D, K, N, "power")
    guess = _guess("power", D, K, N)
    assert (
        guess[0] < 0.0 < guess[1] < RATE_MAX
    )  # c > 1 by least squares: clipped to c = 1
    _assert_starts(starts, [_clip("power", guess), *GRID["power"]])


@pytest.mark.parametrize("law", ["triangular", "stretched", "power"])
def test_two_depths_are_enough_for_the_guess(
    starts: list[list[float]], law: str
) -> None:
    d, k, n = [1, 2], [30, 12], [40, 40]
    fit_decay(d, k, n, law)
    own = starts[3:] if law != "power" else starts
    guess = _clip(law, _guess(law, d, k, n))
    assert own[0] == pytest.approx(guess, rel=1e-10, abs=1e-12)
    assert own[1 : 1 + len(GRID[law])] == GRID[law]


@pytest.mark.parametrize("law", ["triangular", "stretched", "power"])
def test_a_single_depth_has_no_guess(starts: list[list[float]], law: str) -> None:
    fit_decay([2], [12], [50], law)
    own = starts[3:] if law != "power" else starts
    extra = [] if law == "power" else own[len(GRID[law]) :]
    assert own[: len(GRID[law])] == GRID[law]
    assert len(extra) == (0 if law == "power" else 1)


def test_compare_decays_reuses_the_geometric_fit(starts: list[list[float]]) -> None:
    compare_decays(D, K, N, laws=("geometric", "triangular"))
    geometric = fit_decay(D, K, N, "geometric")
    assert (
        len(starts) == 3 + 4 + 3
    )  # geometric, triangular with the nested start, the refit
    assert starts[6] == pytest.approx(
        [-math.log(geometric.param("s0")), 0.0], rel=1e-10
    )


# -- which run is kept ---------------------------------------------------------


def _stay(values: list[float], success: list[bool], seen: list[list[float]]) -> Any:
    """An optimiser that returns its start with the i-th value and success flag."""

    def optimiser(fun: Any, x0: Any, **kwargs: Any) -> OptimizeResult:
        i = len(seen)
        seen.append([float(v) for v in x0])
        res = OptimizeResult()
        res.update(x=np.array(x0, dtype=float), fun=values[i], success=success[i])
        return res

    return optimiser


def test_the_lowest_objective_wins_and_ties_keep_the_earlier_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # start 0 (the guess), 1 (rate 0.1), 2 (rate 2.0): run 1 improves by 0.5, run 2 ties it
    seen: list[list[float]] = []
    monkeypatch.setattr(
        "theory.decay._models.minimize",
        _stay([3.0, 2.5, 2.5], [True, False, True], seen),
    )
    fit = fit_decay(D, K, N, "geometric")
    assert fit.param("s0") == pytest.approx(math.exp(-0.1), rel=1e-15)
    assert not fit.converged
    const = sum(math.log(math.comb(nn, kk)) for kk, nn in zip(K, N, strict=True))
    assert fit.loglik == pytest.approx(-2.5 + const, rel=1e-12)


def test_a_gain_below_one_in_a_trillion_is_a_tie(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[list[float]] = []
    monkeypatch.setattr(
        "theory.decay._models.minimize",
        _stay([2.0, 2.0 - 1e-13, 1.0], [True, True, False], seen),
    )
    fit = fit_decay(D, K, N, "geometric")
    assert fit.param("s0") == pytest.approx(math.exp(-2.0), rel=1e-15)
    assert not fit.converged
    seen.clear()
    monkeypatch.setattr(
        "theory.decay._models.minimize",
        _stay([2.0, 2.0 - 1e-13, 5.0], [False, True, True], seen),
    )
    fit = fit_decay(D, K, N, "geometric")
    assert fit.param("s0") == pytest.approx(math.exp(-_guess("geometric", D, K, N)[0]))
    assert not fit.converged


def test_the_first_run_is_kept_when_it_succeeds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[list[float]] = []
    monkeypatch.setattr(
        "theory.decay._models.minimize",
        _stay([1.0, 2.0, 3.0], [True, False, False], seen),
    )
    fit = fit_decay(D, K, N, "geometric")
    assert fit.converged
    assert fit.param("s0") == pytest.approx(math.exp(-_guess("geometric", D, K, N)[0]))


def test_the_optimiser_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """SLSQP with the analytic gradient, the law's box, ftol 1e-12 and at most 500 iterations."""
    calls: list[dict[str, Any]] = []

    def recording(fun: Any, x0: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return minimize(fun, x0, **kwargs)

    monkeypatch.setattr("theory.decay._models.minimize", recording)
    for law in ("geometric", "power"):
        calls.clear()
        fit_decay(D, K, N, law)
        assert len(calls) == 1 + len(GRID[law])
        for kwargs in calls:
            assert kwargs == {
                "jac": True,
                "method": "SLSQP",
                "bounds": tuple(BOXES[law]),
                "options": {"ftol": 1e-12, "maxiter": 500},
            }


def test_a_gain_of_exactly_one_in_a_trillion_is_still_a_tie(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[list[float]] = []
    monkeypatch.setattr(
        "theory.decay._models.minimize",
        _stay([2.0, 2.0 - 1e-12, 5.0], [True, False, False], seen),
    )
    fit = fit_decay(D, K, N, "geometric")
    assert fit.converged
    assert fit.param("s0") == pytest.approx(math.exp(-_guess("geometric", D, K, N)[0]))


def test_no_finite_objective_is_not_converged(monkeypatch: pytest.MonkeyPatch) -> None:
    """If every run ends on a NaN objective, no run is kept: not converged, -inf."""
    seen: list[list[float]] = []
    monkeypatch.setattr(
        "theory.decay._models.minimize",
        _stay([math.nan] * 3, [True, True, True], seen),
    )
    fit = fit_decay(D, K, N, "geometric")
    assert not fit.converged
    assert fit.loglik == -math.inf
    assert fit.param("s0") == 1.0  # the lower corner of the box: rate 0
