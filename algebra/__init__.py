"""The context algebra (VM §3; docs/guide/algebra.md).

The context monoid, its committed variant, the absorbing ideal, the
no-absorption contract and reductions. Families of their own live in
subpackages and modules imported by name: :mod:`algebra.tropical` (the
tropical lift and the context semiring), :mod:`algebra.laws` (law checks for
users' own operators), :mod:`algebra.arith` (the numeric interface z3 proves
laws about) and :mod:`algebra.strategies` (hypothesis strategies).
"""

from algebra.absorb import is_absorbed
from algebra.compose import compose_commit, compose_endo
from algebra.context import COMMITTED_IDENTITY, IDENTITY, CommittedContext, Context
from algebra.contract import satisfies_contract
from algebra.events import from_events
from algebra.laws import (
    LawReport,
    LawResult,
    check_homomorphism,
    check_ideal,
    check_monoid,
)
from algebra.reduce import fold, reduce_arrays, reduce_tree, tree_depth

__all__ = [
    "COMMITTED_IDENTITY",
    "IDENTITY",
    "CommittedContext",
    "Context",
    "LawReport",
    "LawResult",
    "check_homomorphism",
    "check_ideal",
    "check_monoid",
    "compose_commit",
    "compose_endo",
    "fold",
    "from_events",
    "is_absorbed",
    "reduce_arrays",
    "reduce_tree",
    "satisfies_contract",
    "tree_depth",
]
