"""The argument checks shared by ``theory``, ``witnesses`` and ``proofs``.

The one validator of the package (as Hypothesis keeps one validation module
for all of its parts): each check returns the value converted (an ``int``, a
``float``, a float array) or raises ``TypeError`` for a wrong type and
``ValueError`` for a value out of range, with a message that names the
argument, the value and the allowed range (``rho must be in (0, 1), got
1.3``). ``witnesses`` and ``proofs`` import it by this public path; code of
your own may too. ``algebra`` keeps its own checks with the same message
style, since it may not import ``theory`` (layering). The old private path
``theory.validation`` is kept for one release.

Sizes that allocate or loop are capped (:data:`MAX_SIZE`,
:data:`MAX_RESAMPLES`), so that ``2**63`` is an error, not a hang.
"""

from theory.validation._arrays import (
    check_pair,
    check_real_array,
    check_sample,
    check_vector,
)
from theory.validation._callables import call_user, callable_name, wrap_user_error
from theory.validation._scalars import (
    MAX_RESAMPLES,
    MAX_SIZE,
    check_choice,
    check_confidence,
    check_counts,
    check_instance,
    check_int,
    check_level_or_alpha,
    check_probability,
    check_real,
    check_size,
    check_tolerance,
    complement,
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
