"""Hypothesis profiles: fast by default, thorough when CI is set (STYLE.md §11)."""

import os

# One BLAS thread per process: the suite runs process pools and small dense
# problems on 2 cores, where oversubscribed OpenBLAS threads cost up to 10x.
# Set before numpy is first imported by a test module.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from hypothesis import settings  # noqa: E402

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci", settings.get_profile("ci"), max_examples=400, deadline=None
)
settings.register_profile("exhaustive", settings.get_profile("ci"), max_examples=5_000)
settings.load_profile(
    os.getenv("HYPOTHESIS_PROFILE", "ci" if os.getenv("CI") else "dev")
)
