"""Hypothesis profiles: fast by default, thorough when CI is set (STYLE.md §11)."""

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci", settings.get_profile("ci"), max_examples=400, deadline=None
)
settings.register_profile("exhaustive", settings.get_profile("ci"), max_examples=5_000)
settings.load_profile(
    os.getenv("HYPOTHESIS_PROFILE", "ci" if os.getenv("CI") else "dev")
)
