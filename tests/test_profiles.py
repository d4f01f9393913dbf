"""The suite's hypothesis profiles: the default cannot flake (issue 22)."""

import os

import pytest
from hypothesis import settings


def test_default_profile_is_deterministic_without_database():
    """The profile the README's command loads draws the same examples everywhere."""
    if os.getenv("HYPOTHESIS_PROFILE") == "explore":
        pytest.skip("explore draws fresh examples on purpose")
    current = settings()
    assert current.derandomize is True
    assert current.database is None
    assert current.deadline is None


@pytest.mark.parametrize("name", ["dev", "ci", "exhaustive"])
def test_gating_profiles_are_deterministic(name):
    """dev, ci and exhaustive are derandomized and keep no example database."""
    profile = settings.get_profile(name)
    assert profile.derandomize is True
    assert profile.database is None


def test_explore_profile_draws_fresh_examples():
    """explore is the opt-in random profile (HYPOTHESIS_PROFILE=explore)."""
    assert settings.get_profile("explore").derandomize is False
    assert settings.get_profile("ci").max_examples >= 400
