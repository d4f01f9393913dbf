"""fano_floor keeps the digits of tiny h and errs low (h-mthb's finding, issue 33).

The exact root is found with mpmath at 60 digits by bisection on the
increasing branch of Fano's bound; the old inversion (``xtol=1e-14`` and
``entr(1 - p)``) was 4e-5 too high, relative, at ``h = 1e-12``.
"""

from __future__ import annotations

import mpmath as mp
import pytest

from theory.floors import fano_floor


def _exact(h: float, k: int) -> mp.mpf:
    with mp.workdps(60):
        hh = mp.mpf(h)

        def bound(p: mp.mpf) -> mp.mpf:
            return -p * mp.log(p, 2) - (1 - p) * mp.log(1 - p, 2) + p * mp.log(k - 1, 2)

        lo, hi = mp.mpf(10) ** -400, 1 - mp.mpf(1) / k
        for _ in range(1600):
            mid = mp.sqrt(lo * hi) if hi / lo > 4 else (lo + hi) / 2
            lo, hi = (mid, hi) if bound(mid) <= hh else (lo, mid)
        return lo


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("h", [1e-15, 1e-12, 1e-9, 1e-4, 0.3, 0.9])
def test_fano_floor_matches_the_exact_root_to_a_few_ulps(h: float, k: int) -> None:
    got = fano_floor(h, k)
    exact = _exact(h, k)
    assert abs(mp.mpf(got) - exact) <= 2e-15 * exact


# (h, k) where brentq's own root lies above the exact one (found by a seeded
# search): only the steps down by ulps bring the floor below it.
ABOVE = [(9.330440476744779e-05, 7), (1.8662647191794604, 7),
         (4.896299585110805e-13, 5), (8.788928934974081e-06, 2),
         (0.0038556535036975413, 4)]  # fmt: skip


@pytest.mark.parametrize(("h", "k"), ABOVE)
def test_the_floor_steps_below_a_root_that_rounds_high(h: float, k: int) -> None:
    got = mp.mpf(fano_floor(h, k))
    exact = _exact(h, k)
    assert got <= exact
    assert exact - got <= 2e-15 * exact  # a few ulps below, not thousands


@pytest.mark.parametrize(("h", "k"), [(1e-12, 2), (1e-9, 5), (0.5, 2), (1.2, 4)])
def test_fano_floor_is_never_above_the_exact_root_beyond_rounding(
    h: float, k: int
) -> None:
    assert mp.mpf(fano_floor(h, k)) <= _exact(h, k) * (1 + 4e-16)


def test_a_tiny_h_converges_and_errs_low() -> None:
    """h = 1e-200 needs ~700 bisection steps (brentq's default 100 failed)."""
    got = fano_floor(1e-200, 7)
    assert 0.0 < got <= _exact(1e-200, 7)
