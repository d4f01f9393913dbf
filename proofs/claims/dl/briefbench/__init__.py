"""DL numbers checked against the BriefBench per-attempt rows (DL §7, §11-§16, App. 22-26).

Submodules:

- :mod:`proofs.claims.dl.briefbench.checks`: the claims and their checks (``CLAIMS``)
- private: ``_groups`` (the printed numbers, one group per claim), ``_rows`` (reading the rows)
"""

from __future__ import annotations

from proofs.claims.dl.briefbench.checks import (
    CLAIMS,
    GROUPS,
    Group,
    Rows,
    agrees,
    check_group,
    data_dir,
    load_rows,
)

__all__ = [
    "CLAIMS",
    "GROUPS",
    "Group",
    "Rows",
    "agrees",
    "check_group",
    "data_dir",
    "load_rows",
]
