"""check_compressor checks its cheap arguments before drawing any timeline (issue 33)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from witnesses import check_compressor


def _keep_last(timeline: Any, *, target_size: int) -> Any:
    return timeline.ids[-target_size:]


@pytest.fixture
def no_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing a default timeline fails the test: the error must come first."""

    def drawn(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a timeline was drawn before the arguments were checked")

    monkeypatch.setattr("witnesses.check._core.multiburst", drawn)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"grammar": 0}, TypeError, "grammar must be a Grammar, got int"),
        ({"grammar": float("nan")}, TypeError, "grammar must be a Grammar, got float"),
        ({"progress": [0.5, float("inf")]}, TypeError,
         r"progress must be True, False or None, got \[0.5, inf\] of type list"),
        ({"progress": 1}, TypeError, "progress must be True, False or None, got 1"),
        ({"mirage": "yes"}, TypeError, "mirage must be True or False, got 'yes'"),
        ({"mirage": None}, TypeError, "mirage must be True or False, got None"),
        ({"time_scale": "log"}, ValueError, "time_scale must be None or 'unit', got 'log'"),
        ({"shrink": -1}, ValueError, "shrink"),
    ],
)  # fmt: skip
def test_a_bad_argument_is_refused_before_any_timeline_is_drawn(
    no_drawing: None, kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        check_compressor(_keep_last, k=2, seeds=range(3), **kwargs)


def test_numpy_bools_are_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """np.True_/np.False_ pass the flag checks (the run then goes on as usual)."""
    seen: list[bool] = []

    def stop(*args: Any, **kwargs: Any) -> Any:
        seen.append(True)
        raise RuntimeError("stop here")

    monkeypatch.setattr("witnesses.check._core.multiburst", stop)
    with pytest.raises(RuntimeError, match="stop here"):
        check_compressor(_keep_last, k=2, seeds=[0], mirage=np.False_,
                         progress=np.True_)  # fmt: skip
    assert seen == [True]
