"""GRIMMER, DEBIT and difference intervals: open ends, caps, shown values (issue 33, mutants of _moments.py).

Each case goes through the public functions. The GRIMMER cases with
``items=2`` are real data: every sample of 3 responses in half-points 0..3
printed at two decimals must be accepted; the open-end cases are derived by
hand in their comments.
"""

import itertools
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest

from theory.consistency import debit, grimmer, recompute_difference_interval


def _printed(x: Fraction, places: int) -> str:
    with localcontext() as ctx:
        ctx.prec = 50
        value = Decimal(x.numerator) / Decimal(x.denominator)
        return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def _printed_sqrt(x: Fraction, places: int) -> str:
    with localcontext() as ctx:
        ctx.prec = 50
        value = (Decimal(x.numerator) / Decimal(x.denominator)).sqrt()
        return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def test_grimmer_accepts_every_real_sample_of_two_item_scores():
    # responses a_i / 2 with a_i in 0..6 (two integer items of 0..3 each)
    n, items = 3, 2
    for sample in itertools.combinations_with_replacement(range(7), n):
        scores = [Fraction(a, items) for a in sample]
        mean = sum(scores, Fraction(0)) / n
        var = sum(((s - mean) ** 2 for s in scores), Fraction(0)) / (n - 1)
        res = grimmer(_printed(mean, 2), _printed_sqrt(var, 2), n, items=items)
        assert res.consistent, sample
        assert sum(sample) in res.candidates, sample


def test_grimmer_two_items_rejects_a_one_item_only_sd():
    # three responses 0, 0.5, 1 (a = 0, 1, 2): mean 0.5, sd 0.5; with one
    # item per response the same printed pair needs totals of whole points
    assert grimmer("0.50", "0.50", 3, items=2).consistent
    assert not grimmer("0.50", "0.50", 3, items=1).consistent


def test_grimmer_open_mean_ends_drop_exactly_the_end_totals():
    # "2.3" accepts [2.25, 2.35] (totals 45..47 of 20); half-even with an odd
    # last digit accepts (2.25, 2.35): 45 and 47 are excluded, 46 stays
    assert grimmer("2.3", "1.0", 20).candidates == (45, 46, 47)
    assert grimmer("2.3", "1.0", 20, rounding="half-even").candidates == (46,)


def test_grimmer_open_sd_end_is_respected():
    # 33 responses with mean 1 and two deviations +-1: SD**2 = 2/32, SD = 0.25
    # exactly, a tie that half-even prints as 0.2. Under half-even "0.3"
    # accepts (0.25, 0.35): Q - S**2/n must lie in (2, 3.92) with Q of the
    # parity of S = 33, so no Q fits; "nearest" closes the end and accepts.
    assert not grimmer("1.00", "0.3", 33, rounding="half-even").consistent
    assert grimmer("1.00", "0.3", 33).consistent
    assert grimmer("1.00", "0.2", 33, rounding="half-even").consistent


def test_grimmer_totals_capped_at_1000():
    # mean "5" of 3000 accepts totals 13500..16500; the search stops after 1000
    res = grimmer("5", "2", 3000)
    assert res.candidates == tuple(range(13_500, 14_500))
    assert res.recomputed == tuple(
        float(Fraction(s, 3000)) for s in range(13_500, 13_510)
    )


def test_grimmer_shows_the_first_ten_fitting_means():
    res = grimmer("5.2", "1.6", 100)
    assert res.candidates == tuple(range(515, 526))
    means = tuple(s / 100 for s in range(515, 525))
    assert res.recomputed == means
    assert res.reachable == tuple((m, m) for m in means)


def test_grimmer_shows_fitting_totals_not_grim_totals():
    # GRIM allows 515..525; the sd "0.0" only fits 517, 520 and 524
    res = grimmer("5.2", "0.0", 100)
    assert res.candidates == (517, 520, 524)
    assert res.recomputed == (5.17, 5.2, 5.24)


def test_grimmer_shows_ten_grim_means_when_no_sd_fits():
    # "5.2" of 113: totals 582..593 (12 of them); "0.00" needs Q - S**2/113 in
    # [0, 0.0028], but S**2/113 is k/113 above an integer with 0 < k < 113
    res = grimmer("5.2", "0.00", 113)
    assert not res.consistent
    assert res.candidates == ()
    assert res.recomputed == tuple(float(Fraction(s, 113)) for s in range(582, 592))


def test_debit_mean_below_zero_is_refused():
    with pytest.raises(ValueError, match=r"mean=.-0\.5. must be in \[0, 1\]"):
        debit("-0.5", "0.5", 10)
    assert debit("0.0", "0.0", 10).candidates == (0,)


def test_debit_counts_capped_at_1000_and_ten_shown():
    # "0.5" of 10**5 accepts k in 45000..55000; the search stops after 1000
    res = debit("0.5", "0.5", 10**5)
    assert res.candidates == tuple(range(45_000, 46_000))
    n = 10**5
    sds = tuple(
        float((Decimal(k * (n - k)) / Decimal(n * (n - 1))).sqrt())
        for k in range(45_000, 45_010)
    )
    assert res.recomputed == pytest.approx(sds, rel=1e-15)
    assert len(res.recomputed) == 10
    assert res.reachable == tuple((v, v) for v in res.recomputed)


def test_difference_interval_scale_and_order_of_ends():
    frac = recompute_difference_interval(56, 70, 48, 80, "0.0524", "0.3339")
    lo, hi = frac.recomputed
    res = recompute_difference_interval(56, 70, 48, 80, "5.2", "33.39", scale=100)
    assert res.consistent
    assert res.recomputed == (lo * 100, hi * 100)
    assert res.reachable == ((lo * 100, lo * 100), (hi * 100, hi * 100))
    assert res.accepted == ((5.15, 5.25), (33.385, 33.395))
    assert res.decimals == (1, 2)
    assert res.printed == "5.2;33.39"
    assert res.rounding.startswith(
        "any round-to-nearest, ties either way at 1 decimals;"
    )
    assert not recompute_difference_interval(
        56, 70, 48, 80, "0.052", "33.39", scale=100
    ).consistent


def test_difference_interval_scale_zero_is_refused():
    with pytest.raises(ValueError, match="scale must be >= 1, got 0"):
        recompute_difference_interval(1, 5, 1, 5, "0", "0", scale=0)
