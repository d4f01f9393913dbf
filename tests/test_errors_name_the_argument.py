"""Errors that once named no argument of the call now name it (issue 33).

Each case was found by the public-API fuzz (``unnamed_messages``): the
message used to be Python's own (``'float' object is not iterable``,
``expected str, bytes or os.PathLike object``) or named an inner helper's
argument (``value``, ``k``) instead of the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from proofs.audit.paper import read_paper
from theory.consistency import grim, percent_attainable, recompute_difference_interval
from theory.decay import counts_by_depth
from witnesses import check_compressor, load_trials, multiburst, pivot_candidates
from witnesses.benchmarks import (
    accuracy,
    compare_systems,
    holm,
    load_locomo,
    load_longmemeval,
)
from witnesses.rates import rates
from witnesses.runtime import write_atomic

TIMELINE = multiburst(seed=0)


def _keep(timeline: Any, *, target_size: int) -> Any:
    return timeline.ids[-target_size:]


CASES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("load_trials", lambda: load_trials(1.5), TypeError,
     "path must be a path (str or os.PathLike), got 1.5 of type float"),
    ("load_longmemeval", lambda: load_longmemeval(b"x.jsonl"), TypeError,
     "path must be a path (str or os.PathLike), got b'x.jsonl' of type bytes"),
    ("load_locomo", lambda: load_locomo(None), TypeError,
     "path must be a path (str or os.PathLike), got None"),
    ("rates", lambda: rates(None), TypeError,
     "trials must be an iterable of Trial, got None"),
    ("rates", lambda: rates(-0.5), TypeError,
     "trials must be an iterable of Trial, got -0.5 of type float"),
    ("accuracy", lambda: accuracy(1.5), TypeError,
     "answers must be an iterable of Answer, got 1.5"),
    ("holm", lambda: holm(True), TypeError,
     "pvalues must be an iterable of p-values, got True"),
    ("holm", lambda: holm([0.1, "x"]), TypeError,
     "pvalues[1] must be a real number, got 'x' of type str"),
    ("compare_systems", lambda: compare_systems([1, 2]), TypeError,
     "systems must be a mapping of system name to answers, got [1, 2]"),
    ("check_compressor", lambda: check_compressor(_keep, k=2, timelines=1.5),
     TypeError, "timelines must be an iterable of Timeline, got 1.5"),
    ("pivot_candidates", lambda: pivot_candidates(TIMELINE, "actor_0", pivot_ids=3),
     TypeError, "pivot_ids must be an iterable of event ids, got 3"),
    ("grim", lambda: grim("", 10), ValueError, "mean='' is not a number as printed"),
    ("grim", lambda: grim(1 + 2j, 10), TypeError,
     "mean must be a str, int, float or Decimal, got complex"),
    ("percent_attainable", lambda: percent_attainable(-1, 10), ValueError,
     "percent=-1 must be in [0, 100]"),
    ("percent_attainable", lambda: percent_attainable("x", 10), ValueError,
     "percent='x' is not a number as printed"),
    ("recompute_difference_interval",
     lambda: recompute_difference_interval("x", 10, 1, 10, "0.1", "0.2"), TypeError,
     "k1 must be an int, got 'x'"),
    ("recompute_difference_interval",
     lambda: recompute_difference_interval(1, 10, 11, 10, "0.1", "0.2"), ValueError,
     "k2=11 must satisfy 0 <= k2 <= n2 (n2=10)"),
    ("counts_by_depth", lambda: counts_by_depth([], group_by=3.0), TypeError,
     "group_by must be a sequence of field names (str), got 3.0"),
    ("counts_by_depth", lambda: counts_by_depth([], group_by="arm"), TypeError,
     "group_by must be a sequence of field names (str), got 'arm'"),
    ("counts_by_depth", lambda: counts_by_depth(7), TypeError,
     "rows must be an iterable of mappings, got 7 of type int"),
    ("write_atomic", lambda: write_atomic("never-written.txt", 1.5), TypeError,
     "text must be a str, got float"),
    ("read_paper", lambda: read_paper({"a": 1}), TypeError,
     "path must be a path (str or os.PathLike), got {'a': 1} of type dict"),
    ("rates", lambda: rates([], by=1.5), TypeError,
     "by must be an iterable of Trial field names, got 1.5"),
    ("rates", lambda: rates([], by="condition"), TypeError,
     "by must be an iterable of Trial field names, got 'condition'"),
    ("load_trials", lambda: load_trials("x.csv", measures=1.5), TypeError,
     "measures must be an iterable of column names, got 1.5"),
    ("check_compressor", lambda: check_compressor(_keep, k=2, seeds=1.5), TypeError,
     "seeds must be an iterable of ints, got 1.5"),
    ("check_compressor", lambda: check_compressor(_keep, k=2, retentions=0.5),
     TypeError, "retentions must be an iterable of retentions, got 0.5"),
    ("load_longmemeval", lambda: load_longmemeval("no_such.jsonl", max_bytes=-1),
     ValueError, "max_bytes must be >= 0, got -1"),
    ("load_locomo", lambda: load_locomo("no_such.json", max_bytes=1.5), TypeError,
     "max_bytes must be an int, got 1.5"),
    ("load_longmemeval", lambda: load_longmemeval("no_such.jsonl", max_bytes=True),
     TypeError, "max_bytes must be an int, got True"),
    ("rates", lambda: rates([], bounded_measures=["score", 1]), TypeError,
     "bounded_measures must be a sequence of names, got ('score', 1)"),
    ("rates", lambda: rates([], bounded_measures=1.5), TypeError,
     "bounded_measures must be a sequence of names, got 1.5 of type float"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "call", "error", "message"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])  # fmt: skip
def test_the_error_names_the_callers_argument(
    name: str, call: Callable[[], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_accuracy_takes_any_iterable_of_answers() -> None:
    """A generator is read once: the same result as the list (it was a
    TypeError about len())."""
    from witnesses.benchmarks import Answer

    answers = [Answer(f"q{i}", "t" if i < 8 else "u", i % 4 != 0) for i in range(12)]
    assert accuracy(a for a in answers) == accuracy(answers)


def test_holm_takes_numpy_reals() -> None:
    import numpy as np

    assert holm([np.float32(0.01), np.float64(0.04), 0.03]) == pytest.approx(
        [0.03, 0.06, 0.06]
    )


class _BytesPath:
    """An os.PathLike whose path is bytes: not a path the loaders accept."""

    def __fspath__(self) -> bytes:
        return b"runs.csv"


def test_a_bytes_pathlike_is_refused_and_str_or_path_is_read(tmp_path) -> None:
    from pathlib import Path

    with pytest.raises(TypeError, match="path must be a path"):
        load_trials(_BytesPath())
    csv = tmp_path / "runs.csv"
    csv.write_text("task_id,condition,raw_validity\nt1,a,1\n")
    assert load_trials(str(csv)) == load_trials(Path(csv))
    assert [t.task_id for t in load_trials(csv)] == ["t1"]


def test_a_count_above_the_cap_names_its_own_argument() -> None:
    """The cap on n (10**7, documented in theory.consistency) names n2."""
    with pytest.raises(ValueError, match=r"n2=10000001 must be <= 10000000"):
        recompute_difference_interval(1, 10, 1, 10**7 + 1, "0.1", "0.2")


def test_rates_reads_a_generator_of_bounded_measures_once() -> None:
    """bounded_measures as a generator: its check consumed it, and the measure
    silently got Student-t instead of the percentile bootstrap (exit 0)."""
    from witnesses.rates.trials import Trial

    trials = [
        Trial(task_id=f"t{i}", condition="x", seed=0, measures={"score": (i % 5) / 4})
        for i in range(20)
    ]
    listed = rates(trials, bounded_measures=["score"])
    generated = rates(trials, bounded_measures=(m for m in ["score"]))
    assert listed[0].means["score"].method == "bootstrap-percentile"
    assert generated == listed


@pytest.mark.parametrize("load", [load_trials, load_longmemeval, load_locomo])
def test_max_bytes_zero_is_a_cap_not_an_error(
    load: Callable[..., Any], tmp_path
) -> None:
    """0 is the least cap allowed: a non-empty file is then too large, and the
    message says so (not that max_bytes is out of range)."""
    path = tmp_path / "runs.jsonl"
    path.write_text('{"task_id": "t1"}\n')
    with pytest.raises(ValueError, match="max_bytes=0") as info:
        load(path, max_bytes=0)
    assert "must be >= 0" not in str(info.value)
