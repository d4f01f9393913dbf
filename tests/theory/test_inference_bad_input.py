"""One table of bad calls for theory.inference (STYLE.md §7)."""

import math

import numpy as np
import pytest

import theory.inference as inf


def mean(x):
    return float(x.mean())


BAD = [
    (
        inf.two_proportion_z,
        (3, 2, 1, 4),
        {},
        ValueError,
        r"arm 1: k1=3 must satisfy 0 <= k1 <= n1 \(n1=2\)",
    ),
    (
        inf.two_proportion_z,
        (1, 2, -1, 4),
        {},
        ValueError,
        "arm 2: k2 must be >= 0, got -1",
    ),
    (
        inf.two_proportion_z,
        (1, 2, 1, 4),
        {"alternative": "larger"},
        ValueError,
        "alternative must be one of",
    ),
    (
        inf.two_proportion_z_unpooled,
        (1, 0, 1, 4),
        {},
        ValueError,
        "arm 1: n1 must be >= 1, got 0",
    ),
    (inf.fisher_exact, (1.5, 2, 1, 4), {}, TypeError, "k1 must be an int"),
    (inf.mcnemar, ([[1, 2, 3], [1, 2, 3]],), {}, ValueError, "table must be 2x2"),
    (
        inf.mcnemar,
        ([[1, -2], [1, 2]],),
        {},
        ValueError,
        "table entry must be >= 0, got -2",
    ),
    (inf.cohens_h, (1.2, 0.5), {}, ValueError, r"p1 must be in \[0, 1\], got 1.2"),
    (inf.cohens_h, (0.5, math.nan), {}, ValueError, "p2 must not be NaN"),
    (inf.hoeffding_bound, (0, 0.1), {}, ValueError, "n must be >= 1, got 0"),
    (inf.hoeffding_bound, (10, 0.0), {}, ValueError, r"epsilon must be in \(0, inf\)"),
    (
        inf.hoeffding_sample_size,
        (0.1, 1.0),
        {},
        ValueError,
        r"delta must be in \(0, 1\)",
    ),
    (
        inf.power_two_proportions,
        (0.6, 0.4, -5),
        {},
        ValueError,
        r"n1 must be in \(0, inf\)",
    ),
    (
        inf.power_two_proportions,
        (0.6, 0.4, 50),
        {"confidence_level": 1.5},
        ValueError,
        r"confidence_level must be in \(0, 1\)",
    ),
    (
        inf.sample_size_two_proportions,
        (0.5, 0.5),
        {},
        ValueError,
        "p1 and p2 must differ",
    ),
    (
        inf.sample_size_two_proportions,
        (0.6, 0.4),
        {"power": 0.01},
        ValueError,
        "power must exceed alpha",
    ),
    (
        inf.sample_size_two_proportions,
        (0.6, 0.4),
        {"alternative": "less"},
        ValueError,
        "not reachable",
    ),
    (
        inf.posterior_superiority,
        (1, 2, 1, 2),
        {"prior": (0.0, 1.0)},
        ValueError,
        r"prior a must be in \(0, inf\)",
    ),
    (
        inf.posterior_superiority,
        (1, 2, 1, 2),
        {"prior": [0.5, 0.5]},
        TypeError,
        "prior must be a tuple",
    ),
    (
        inf.posterior_superiority,
        (1, 2, 1, 2),
        {"method": "mcmc"},
        ValueError,
        "method must be one of",
    ),
    (
        inf.use_factor,
        ([1, 0], [1, 0, 1]),
        {},
        ValueError,
        "comply and recall must have equal length, got 2 and 3",
    ),
    (
        inf.use_factor,
        ([1, 0], [0, 0]),
        {},
        ValueError,
        "recall must have a positive mean",
    ),
    (
        inf.use_factor,
        ([1, math.nan], [1, 1]),
        {},
        ValueError,
        "comply must not contain NaN",
    ),
    (
        inf.use_factor,
        ([1, 2], [1, 1]),
        {},
        ValueError,
        r"comply values must be in \[0, 1\], got 2.0",
    ),
    (inf.use_factor, ([1], [1]), {}, ValueError, "comply must have at least 2 value"),
    (
        inf.use_factor,
        ("ab", [1, 1]),
        {},
        TypeError,
        "comply must be a sequence of numbers",
    ),
    (
        inf.conditional_use_factor,
        ([1, 0], [0.5, 0]),
        {},
        ValueError,
        "recall has no trial equal to 1",
    ),
    (
        inf.bootstrap_ci,
        ([],),
        {"statistic": mean},
        TypeError,
        "data must be a non-empty tuple or list",
    ),
    (
        inf.bootstrap_ci,
        (([],),),
        {"statistic": mean},
        ValueError,
        r"data\[0\] must have at least 1 value",
    ),
    (
        inf.bootstrap_ci,
        (([1.0, 2.0],),),
        {"statistic": mean, "method": "basic"},
        ValueError,
        "method must be one of",
    ),
    (
        inf.bootstrap_ci,
        (([1.0, 2.0],),),
        {"statistic": mean, "n_resamples": 1},
        ValueError,
        "n_resamples must be >= 2",
    ),
    (
        inf.bootstrap_ci,
        (([1.0, 2.0],),),
        {"statistic": mean, "clusters": [0, 0]},
        ValueError,
        "at least 2 distinct labels",
    ),
    (
        inf.bootstrap_ci,
        (([1.0, 2.0],),),
        {"statistic": mean, "clusters": [0, 1, 2]},
        ValueError,
        "one label per row",
    ),
    (
        inf.bootstrap_ci,
        (([1.0, 2.0], [1.0]),),
        {"statistic": lambda x, y: 0.0, "paired": True},
        ValueError,
        "paired samples must have equal length",
    ),
    (
        inf.depth_slope,
        ([1, 1, 1], [0, 1, 1]),
        {},
        ValueError,
        "depth must take at least 2 distinct values",
    ),
    (
        inf.depth_slope,
        ([1, 2], [0, 1]),
        {"confidence_level": 95},
        ValueError,
        r"confidence_level must be in \(0, 1\)",
    ),
    (inf.friedman_nemenyi, ([[1, 2], [2, 1]],), {}, ValueError, ">= 3 treatments"),
    (
        inf.friedman_nemenyi,
        ([[1, 1, 1], [2, 2, 2]],),
        {},
        ValueError,
        "fully tied in every block",
    ),
    (
        inf.friedman_nemenyi,
        ([[1, 2, math.nan], [2, 1, 3]],),
        {},
        ValueError,
        "scores must not contain NaN",
    ),
    (inf.ndcg_at_k, ([1, 0],), {"k": 5}, ValueError, r"ranks\[1\] must be >= 1, got 0"),
    (inf.ndcg_at_k, ([1],), {"k": 0}, ValueError, "k must be >= 1, got 0"),
    (
        inf.mean_reciprocal_rank,
        ([],),
        {},
        ValueError,
        "ranks must be a non-empty sequence",
    ),
    (
        inf.expected_calibration_error,
        ([0.5, 1.5], [1, 0]),
        {},
        ValueError,
        r"confidence values must be in \[0, 1\]",
    ),
    (
        inf.expected_calibration_error,
        ([0.5], [1]),
        {"n_bins": 0},
        ValueError,
        "n_bins must be >= 1, got 0",
    ),
    (inf.retention_ratio, (3, 10, 0, 10), {}, ValueError, "k_0 must be >= 1"),
    (
        inf.baron_kenny,
        ([1, 1, 1, 1], [0, 1, 0, 1], [1, 2, 3, 4]),
        {},
        ValueError,
        "x must vary",
    ),
    (
        inf.baron_kenny,
        ([1, 2, 3, 4], [0, 1, 0, 1], [1, 2, 3, 4, 5]),
        {},
        ValueError,
        "x and y must have equal length",
    ),
    (
        inf.rule_of_three,
        (10,),
        {"confidence_level": -0.1},
        ValueError,
        r"confidence_level must be in \(0, 1\)",
    ),
]


@pytest.mark.parametrize(
    ("func", "args", "kwargs", "error", "match"),
    BAD,
    ids=[f"{row[0].__name__}-{i}" for i, row in enumerate(BAD)],
)
def test_inference_bad_input(func, args, kwargs, error, match):
    with pytest.raises(error, match=match):
        func(*args, **kwargs)


def ratio(x, y):
    return float(x.mean() / y.mean())


@pytest.mark.parametrize("clusters", [None, [0, 0, 1, 1, 2, 2]])
def test_bootstrap_ci_rejects_nan_resamples(clusters):
    # mean(y) = 0 on resamples that draw only the zero rows
    x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    y = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    with (
        pytest.raises(ValueError, match="NaN or infinite on"),
        np.errstate(divide="ignore", invalid="ignore"),
    ):
        inf.bootstrap_ci(
                (x, y), ratio, paired=True, clusters=clusters, method="percentile",
                n_resamples=200,
            )  # fmt: skip
