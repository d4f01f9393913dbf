"""Presets for the published harness schemas behind VM Tables 5-8 (issue 18).

A :class:`Preset` holds what :func:`witnesses.load_trials` needs to read a
harness file without a mapping, the conventions :func:`witnesses.rates` needs
to reproduce the published table, and the grouping of each table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["PRESETS", "Preset", "get_preset"]


@dataclass(frozen=True, slots=True)
class Preset:
    """A harness schema: columns, constants, rate conventions and tables.

    Parameters
    ----------
    name : str
        The key in :data:`PRESETS`.
    mapping : mapping
        ``{trial_field: column}``.
    measures : mapping
        ``{measure name: column}`` kept in :attr:`witnesses.Trial.measures`.
    constants : mapping
        Field values the file does not hold.
    conventions : mapping
        Keyword arguments of :func:`witnesses.rates` for the published table.
    tables : mapping
        ``{table: grouping columns}``: ``rates(trials, by=tables[t],
        **conventions)`` gives the rows of table ``t``.
    source : str
        Where the schema and the conventions are described.

    Examples
    --------
    >>> from witnesses import PRESETS
    >>> p = PRESETS["mirage-kv"]
    >>> p.mapping["header_present"], p.tables["Table 8"]
    ('has_pivot_header', ('budget',))
    """

    name: str
    mapping: Mapping[str, str]
    measures: Mapping[str, str]
    constants: Mapping[str, Any]
    conventions: Mapping[str, Any]
    tables: Mapping[str, tuple[str, ...]]
    source: str


_NTSB = Preset(
    name="mirage-ntsb",
    mapping={
        "task_id": "incident_id",
        "condition": "method",
        "budget": "budget",
        "seed": "seed",
        "model": "model",
        "truth_pivot": "oracle_full_pivot",
        "full_pivot": "predicted_full_pivot",
        "chosen_pivot": "predicted_pivot",
        "oracle_pivot": "oracle_compressed_pivot",
        "oracle_degraded": "oracle_degraded",
        "degraded_flag": "flagged_degraded",
    },
    measures={
        "achieved_retention": "achieved_retention",
        "n_events_total": "n_events_total",
        "n_events_kept": "n_events_kept",
        "prereq_ratio": "prereq_ratio",
    },
    constants={},
    conventions={
        "pivot_reference": "truth",
        "preservation_denominator": "all",
        "missing_reference": "not-preserved",
        "information_shift": "oracle-truth",
        "degraded_reference": "oracle",
        "wrong_reference": "oracle",
        "method": "wilson",
        "bounded_measures": ("achieved_retention", "prereq_ratio"),
    },
    tables={"Table 5": ("condition", "budget"), "overall": ("condition",)},
    source=(
        "VM section 8 and Table 5; the ground-truth pivot is the oracle's pivot "
        "on the full incident graph (oracle_full_pivot)"
    ),
)

_MIRAGEBENCH = Preset(
    name="miragebench",
    mapping={
        "task_id": "task_id",
        "model": "model_name",
        "category": "category",
        "budget": "compression_level",
        "full_pivot": "full_pivot",
        "chosen_pivot": "pivot_id_extracted",
        "raw_validity": "raw_validity",
        "fixed_feasible": "fixed_pivot_feasible",
        "semantic_regret": "semantic_regret",
    },
    measures={
        "raw_validity_full": "raw_validity_full",
        "raw_validity_compressed": "raw_validity_compressed",
    },
    constants={"condition": "blackbox"},
    conventions={
        "pivot_reference": "full",
        "preservation_denominator": "all",
        "missing_reference": "not-preserved",
        "bounded_measures": ("raw_validity_full", "raw_validity_compressed"),
    },
    tables={"Table 6": ("model",), "Table 7": ("category",)},
    source="VM section 9.1, Tables 6 and 7",
)

_KV = Preset(
    name="mirage-kv",
    mapping={
        "task_id": "task_id",
        "category": "category",
        "budget": "retention",
        "full_pivot": "full_pivot",
        "chosen_pivot": "compressed_pivot",
        "raw_validity": "raw_validity",
        "fixed_feasible": "fixed_pivot_feasible",
        "semantic_regret": "semantic_regret",
        "header_present": "has_pivot_header",
    },
    measures={
        "cache_tokens_full": "cache_tokens_full",
        "cache_tokens_kept": "cache_tokens_kept",
    },
    constants={"condition": "kv-eviction"},
    conventions={
        "pivot_reference": "full",
        "preservation_denominator": "all",
        "missing_reference": "not-preserved",
    },
    tables={"Table 8": ("budget",)},
    source="VM section 9.2 and Table 8",
)

PRESETS: Mapping[str, Preset] = {p.name: p for p in (_NTSB, _MIRAGEBENCH, _KV)}
"""The published harness schemas, by name."""


def get_preset(name: object) -> Preset:
    """Return the preset called ``name``.

    Raises
    ------
    ValueError
        For an unknown name.

    Examples
    --------
    >>> from witnesses._presets import get_preset
    >>> get_preset("miragebench").tables["Table 7"]
    ('category',)
    """
    if not isinstance(name, str) or name not in PRESETS:
        msg = f"preset must be one of {', '.join(map(repr, PRESETS))}, got {name!r}"
        raise ValueError(msg)
    return PRESETS[name]
