"""Simulators of the papers' memory systems that feed the rate layer.

Every simulator is a frozen dataclass with ``simulate(seed)`` (the
:class:`witnesses.Simulator` protocol), seeded and bit-for-bit reproducible;
:func:`run_simulation` runs many seeds on any executor.
"""

from witnesses.simulators.adaptive import AdaptiveRetrievalSimulator, KnowledgeTrial
from witnesses.simulators.analysis import DepthRecall, recall_by_depth
from witnesses.simulators.compaction import (
    FACT_TYPES,
    CompactionSimulator,
    CurveTest,
    RetentionTrial,
    survival_curve_test,
)
from witnesses.simulators.depth import DepthSimulator, RetrievalTrial
from witnesses.simulators.knowledge import (
    KnowledgeObject,
    KnowledgeStore,
    Retrieval,
    density,
    density_adaptive_retrieve,
    embed_texts,
    ko_key,
)
from witnesses.simulators.run import run_simulation
from witnesses.simulators.scatter import LAYOUTS, ScatterSimulator, ScatterTrial
from witnesses.simulators.text_depth import TextDepthSimulator

__all__ = [
    "FACT_TYPES",
    "LAYOUTS",
    "AdaptiveRetrievalSimulator",
    "CompactionSimulator",
    "CurveTest",
    "DepthRecall",
    "DepthSimulator",
    "KnowledgeObject",
    "KnowledgeStore",
    "KnowledgeTrial",
    "RetentionTrial",
    "Retrieval",
    "RetrievalTrial",
    "ScatterSimulator",
    "ScatterTrial",
    "TextDepthSimulator",
    "density",
    "density_adaptive_retrieve",
    "embed_texts",
    "ko_key",
    "recall_by_depth",
    "run_simulation",
    "survival_curve_test",
]
