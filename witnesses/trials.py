"""Trial records and their loader (kept for one release; use :mod:`witnesses.rates.trials`).

This thin module re-exports the names of :mod:`witnesses.rates.trials` (the
same ``__all__``) for one release; it imports without a warning
(docs/guide/contract.md, "Deprecations"). Import the names from
``witnesses.rates.trials``, or the public ones from :mod:`witnesses`.
"""

from witnesses.rates.trials import (
    DEFAULT_MAX_BYTES,
    RESERVED_MEANS,
    TRIAL_FIELDS,
    FileHarness,
    Harness,
    Simulator,
    Trial,
    load_trials,
)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "RESERVED_MEANS",
    "TRIAL_FIELDS",
    "FileHarness",
    "Harness",
    "Simulator",
    "Trial",
    "load_trials",
]
