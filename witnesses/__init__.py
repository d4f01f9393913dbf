"""The witness layer (WITNESS.md).

Event timelines, the phase grammar, pivot-conditioned solvers, compression
strategies, the Exp58 witness and the rate layer.
"""

from witnesses.events import Event, Timeline
from witnesses.grammar import (
    Grammar,
    Phase,
    Violation,
    development_eligible_count,
    label_phases,
    setup_count,
    tp_weighted_score,
    validate,
)
from witnesses.sequence import ExtractedSequence, Solution
from witnesses.solve import SOLVERS, pivot_candidates, solve

__all__ = [
    "SOLVERS",
    "Event",
    "ExtractedSequence",
    "Grammar",
    "Phase",
    "Solution",
    "Timeline",
    "Violation",
    "development_eligible_count",
    "label_phases",
    "pivot_candidates",
    "setup_count",
    "solve",
    "tp_weighted_score",
    "validate",
]
