"""Law checks for users' own operators: monoid, homomorphism, ideal.

The checks every context operator must pass, packaged for a user's own
summary type and merge (in the spirit of cats-laws and Hypothesis'
ghostwriter): :func:`check_monoid` (associativity, two-sided identity),
:func:`check_homomorphism` (summarising a concatenation equals composing the
summaries: the law that makes block summaries safe to combine in any tree,
``VM-SYS``) and :func:`check_ideal` (an absorbing set stays closed under the
product, ``VM-P3``'s question for the user's own predicate). Each returns a
:class:`LawReport` with one :class:`LawResult` per law and, for a law that
fails, a minimal counterexample.

``elements`` is a finite iterable (checked **exhaustively**, every tuple, in
order of a size measure so that the counterexample reported is minimal), a
hypothesis strategy (sampled deterministically, the counterexample shrunk by
hypothesis), or both (a strategy in ``elements`` and a finite domain in
``exhaustive``). Hypothesis is imported only when a strategy is given; it is
the optional extra ``strategies``.
"""

from algebra.laws._checks import check_homomorphism, check_ideal, check_monoid
from algebra.laws._report import LawReport, LawResult

__all__ = [
    "LawReport",
    "LawResult",
    "check_homomorphism",
    "check_ideal",
    "check_monoid",
]
