"""Expected calibration error: bin membership at both ends of the range (issue 33, mutants of _calibration.py).

ECE depends only on which predictions share a bin, so a bin assignment that
is shifted or clipped wrongly shows only where it merges two bins: the cases
put one prediction in each of the two lowest and the two highest bins.
"""

import pytest

from theory.inference import expected_calibration_error as ece


def test_top_two_bins_stay_apart():
    # bins of 4: (0.5, 0.75] and (0.75, 1]; separate: (|1 - 0.75| + |0 - 0.95|) / 2
    assert ece([0.75, 0.95], [1, 0], n_bins=4) == pytest.approx(0.6)
    assert ece([0.7, 1.0], [0, 1], n_bins=4) == pytest.approx(0.35)
    # one bin merges them: |0.5 - 0.85|
    assert ece([0.75, 0.95], [1, 0], n_bins=1) == pytest.approx(0.35)


def test_bottom_two_bins_stay_apart():
    # (0, 0.25] and (0.25, 0.5]; 0 goes to the first bin
    assert ece([0.05, 0.3], [1, 0], n_bins=4) == pytest.approx((0.95 + 0.3) / 2)
    assert ece([0.0, 0.5], [1, 0], n_bins=4) == pytest.approx((1.0 + 0.5) / 2)
    assert ece([0.25, 0.26], [1, 0], n_bins=4) == pytest.approx((0.75 + 0.26) / 2)


def test_every_bin_its_own_at_ten_bins():
    conf = [0.05 + 0.1 * i for i in range(10)]
    hit = [1 if i % 2 else 0 for i in range(10)]
    expected = sum(abs(h - c) for h, c in zip(hit, conf, strict=True)) / 10
    assert ece(conf, hit) == pytest.approx(expected)
