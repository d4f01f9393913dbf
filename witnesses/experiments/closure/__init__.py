"""Closure experiments Exp51, Exp56 and Exp57 on our generators (docs/guide/witnesses.md §7).

Each function runs one of the paper's algebra checks (docs/guide/witnesses.md §7, ``VM-E51``,
``VM-E56``, ``VM-E57``) on :mod:`witnesses.generators` timelines, seeded, and
returns counts with their denominators; :class:`ClosureRate` adds the
rule-of-three and exact one-sided 95% upper bounds. ``scale="smoke"`` is the
size of the paper's Tables 1-2 (80 sequences; 16 states x 6 suffixes; 30
seeds), ``scale="full"`` the larger preset (500; 60 x 16; 200).

Two semantics (:mod:`witnesses.semantics`, docs/guide/witnesses.md §1); the
block algebra follows the semantics' development counting. ``REFERENCE`` runs the checks on
the reference's block states (:mod:`witnesses.state`: all-event prefix
counts with the 20% setup share, top-``M`` pivot lists, endogenous
composition, "some candidate has ``j_dev < k``" as the absorbing predicate,
the ``contract_guarded`` compressor); ``PAPER`` runs them on the monoid
elements ``(w*, d_total, d_pre)`` of docs/guide/algebra.md
(:func:`~witnesses.state.paper_block_context`: non-focal events are
development, no setup share) with ``compose_endo``, the committed product
for Exp56, ``d_pre < k`` as the absorbing predicate, and the
``definition2`` compressor (docs/guide/algebra.md §5, ``VM-D2``).

The generators draw in the reference's order (docs/guide/witnesses.md §2, corrected
2026-11-24), so the smoke-scale counts are comparable with the paper's
Tables 1-2.
"""

from __future__ import annotations

from witnesses.experiments.closure._common import EPSILONS, SCALES, ClosureRate
from witnesses.experiments.closure._exp51 import Exp51Result, exp51
from witnesses.experiments.closure._exp56 import Exp56Result, exp56
from witnesses.experiments.closure._exp57 import (
    OPERATIONS,
    Exp57Result,
    OperationCounts,
    exp57,
)
from witnesses.semantics import SEMANTICS as _SEMANTICS

__all__ = [
    "EPSILONS",
    "OPERATIONS",
    "SCALES",
    "SEMANTICS_NAMES",
    "ClosureRate",
    "Exp51Result",
    "Exp56Result",
    "Exp57Result",
    "OperationCounts",
    "exp51",
    "exp56",
    "exp57",
]

SEMANTICS_NAMES = tuple(s.name for s in _SEMANTICS)
"""Names of the semantics the closure checks run under (the objects:
:data:`witnesses.semantics.SEMANTICS`)."""


def __getattr__(name: str) -> tuple[str, ...]:
    # ``SEMANTICS`` was this module's name for the names; it means the
    # Semantics objects in witnesses.semantics. Kept readable for one release.
    if name == "SEMANTICS":
        return SEMANTICS_NAMES
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
