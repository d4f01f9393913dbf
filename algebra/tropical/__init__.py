"""The tropical lift of the context monoid and the context semiring (VM; docs/guide/algebra.md §6).

A :class:`TropicalContext` ``T = (W, d_total)`` keeps, for every capped
prefix count ``x = 0..k``, the best pivot key preceded by ``x`` development
events (docs/guide/algebra.md §6). It maps onto the context monoid by
:func:`to_monoid` (``VM-TROP-HOM``) and answers the committed and the
enumerative questions at once: the block is feasible when ``W[k]`` is finite.

Adding alternative hypotheses slot-wise (:func:`oplus_tropical`) does not make
``(W, d_total)`` a semiring, whatever is done with ``d_total``. Keeping the
*set* of development totals does: :class:`HypothesisSet` with :func:`oplus`
and :func:`otimes` is an idempotent semiring into which :func:`lift` embeds
the tropical contexts, and :func:`to_matrix` represents it by
``(k + 2) x (k + 2)`` matrices over the (max, min) semiring. The verdicts
are in :mod:`proofs.claims.vm.semiring` (``VM-SEMIRING``).

Examples
--------
>>> from algebra.tropical import tropical_from_events, to_monoid
>>> t = tropical_from_events([None, None, 4, None, 20, None, None, None, 13,
...                           None, None], k=3)
>>> t
TropicalContext(slots=(None, None, 4, 20), d_total=8)
>>> to_monoid(t)
Context(w=20, d_total=8, d_pre=3)
"""

from algebra.tropical._element import TropicalContext, compose_tropical, to_monoid
from algebra.tropical._matrix import TOP, matrix_oplus, matrix_otimes, to_matrix
from algebra.tropical._reduce import (
    FeasiblePivot,
    best_feasible_pivot,
    fold_tropical,
    reduce_tropical_arrays,
    tropical_from_events,
)
from algebra.tropical._semiring import (
    HypothesisSet,
    lift,
    oplus,
    oplus_tropical,
    otimes,
)

__all__ = [
    "TOP",
    "FeasiblePivot",
    "HypothesisSet",
    "TropicalContext",
    "best_feasible_pivot",
    "compose_tropical",
    "fold_tropical",
    "lift",
    "matrix_oplus",
    "matrix_otimes",
    "oplus",
    "oplus_tropical",
    "otimes",
    "reduce_tropical_arrays",
    "to_matrix",
    "to_monoid",
    "tropical_from_events",
]
