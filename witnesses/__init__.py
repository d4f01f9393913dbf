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

__all__ = [
    "Event",
    "ExtractedSequence",
    "Grammar",
    "Phase",
    "Solution",
    "Timeline",
    "Violation",
    "development_eligible_count",
    "label_phases",
    "setup_count",
    "tp_weighted_score",
    "validate",
]
