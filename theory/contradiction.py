"""Contradiction detection on memory sheaves (kept for one release; use :mod:`theory.sheaf`).

The detectors moved to :mod:`theory.sheaf.contradiction` and are re-exported
by :mod:`theory.sheaf`; this module re-exports the same objects.
"""

from theory.sheaf.contradiction import (
    PAPER_EPSILON,
    PAPER_THRESHOLD,
    ContradictionReport,
    ObstructionReport,
    detect_contradictions,
    detect_edge_contradictions,
    memory_sheaf,
    paper_score,
)

__all__ = [
    "PAPER_EPSILON",
    "PAPER_THRESHOLD",
    "ContradictionReport",
    "ObstructionReport",
    "detect_contradictions",
    "detect_edge_contradictions",
    "memory_sheaf",
    "paper_score",
]
