"""Searches over a public hypothesis strategy, shared by the strategy tests (issue 33).

Imported as ``tests.strategy_search`` by tests/algebra/test_mut_algebra_strategies.py
and tests/theory/test_mut_theory_strategies.py (``pythonpath = ["."]``).

How the strategy tests avoid depending on a draw:

- An edge of a range (a largest size, a largest value) is checked by
  construction: the strategy is built with bounds under which the edge is the
  only value it can draw (``max_patterns=1`` where at least one pattern is
  drawn), so :func:`only` returns it whatever hypothesis draws, and a bound
  off by one raises hypothesis' ``InvalidArgument`` or gives another value.
  A default bound is read from the public signature (:func:`defaults`).
- A shrinking target is :func:`minimal` with no condition: every draw meets
  it and hypothesis shrinks it to the same minimal example.
- A value that a draw reaches with a fair chance at every example (a key
  being drawn at all, one of five grid values) is found by :func:`minimal`,
  which widens its derandomized search from 100 to 2,000 and 20,000 examples
  before it gives up: the draws depend on the process's hypothesis state
  (under xdist a worker's differs), the minimal example found does not.
- :func:`never` asserts that no example meets a condition (an edge that
  must not be crossed). It cannot fail on a correct strategy, whatever the
  draw.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=100,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

_WIDENING = (100, 2_000, 20_000)


def _always(_: object) -> bool:
    return True


def minimal(
    strategy: st.SearchStrategy[Any], condition: Callable[..., Any] = _always
) -> Any:
    """The minimal example of ``strategy`` meeting ``condition``.

    Searches 100, then 2,000, then 20,000 derandomized examples before it
    raises ``NoSuchExample``.
    """
    for count in _WIDENING:
        try:
            return find(
                strategy, condition, settings=settings(SETTINGS, max_examples=count)
            )
        except NoSuchExample:
            if count == _WIDENING[-1]:
                raise
    raise AssertionError  # unreachable: the last search returns or raises


def only(strategy: st.SearchStrategy[Any]) -> Any:
    """The example of a strategy whose bounds leave it a single possible value."""
    return find(strategy, _always, settings=SETTINGS)


def never(strategy: st.SearchStrategy[Any], condition: Callable[..., Any]) -> None:
    """Assert that no example of ``strategy`` meets ``condition``."""
    with pytest.raises(NoSuchExample):
        find(strategy, condition, settings=SETTINGS)


def defaults(function: Callable[..., Any]) -> dict[str, Any]:
    """The keyword defaults of a public strategy function, from its signature."""
    return {
        name: p.default
        for name, p in inspect.signature(function).parameters.items()
        if p.default is not inspect.Parameter.empty
    }
