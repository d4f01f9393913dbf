"""Old private path of :mod:`theory.validation`; import ``theory.validation``.

Kept for one release (docs/guide/contract.md, "Deprecations"): the same
objects under the same names.
"""

from theory.validation import (
    MAX_RESAMPLES,
    MAX_SIZE,
    call_user,
    callable_name,
    check_choice,
    check_confidence,
    check_counts,
    check_instance,
    check_int,
    check_level_or_alpha,
    check_pair,
    check_probability,
    check_real,
    check_real_array,
    check_sample,
    check_size,
    check_tolerance,
    check_vector,
    complement,
    wrap_user_error,
)

__all__ = [
    "MAX_RESAMPLES",
    "MAX_SIZE",
    "call_user",
    "callable_name",
    "check_choice",
    "check_confidence",
    "check_counts",
    "check_instance",
    "check_int",
    "check_level_or_alpha",
    "check_pair",
    "check_probability",
    "check_real",
    "check_real_array",
    "check_sample",
    "check_size",
    "check_tolerance",
    "check_vector",
    "complement",
    "wrap_user_error",
]
