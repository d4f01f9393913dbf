"""Presets for the published harness schemas behind VM Tables 5-8 (issue 18).

A :class:`Preset` holds what :func:`witnesses.load_trials` needs to read a
harness file without a mapping, the conventions :func:`witnesses.rates.rates` needs
to reproduce the published table, the grouping of each table and which
statistic each published column is.

Recipe (the same for every table; ``python -m witnesses.rates FILE --preset
P --by ... --format md`` does it from the command line)::

    from witnesses import PRESETS, load_trials
    from witnesses.rates import rates
    p = PRESETS["mirage-ntsb"]
    trials = load_trials("ntsb_per_example.csv", preset="mirage-ntsb")
    cells = rates(trials, by=p.tables["Table 5"], **p.conventions)
    for cell in cells:
        for column, stat in p.columns["Table 5"]:
            value = cell.rates[stat] if stat in cell.rates else cell.means[stat]

- Table 5 (``mirage-ntsb``, by method and budget): retention is the mean of
  ``achieved_retention``; information shift is the oracle's compressed pivot
  differing from the ground truth; pivot preservation is prediction == ground
  truth over all rows; silent mirage is oracle-degraded, a prediction other
  than the oracle's compressed pivot and no flag, over oracle-degraded rows
  (``silent_mirage``), with the Wilson interval of the same count over all rows
  (``silent_mirage_per_trial``). The pooled line uses ``tables["overall"]``.
- Tables 6 and 7 (``miragebench``, by model, by category): means of the
  validity score and of the harness's semantic regret; preservation,
  fixed-pivot feasibility and valid-but-switched over all rows, a row without
  a full-context pivot counting as not preserved.
- Table 8 (``mirage-kv``, by retention): header compliance, preservation over
  all rows and among rows with a header, means of validity and regret.

The published numbers compare with a tolerance of 5e-4 (docs/guide/witnesses.md §11 item
14: the tables round inconsistently).
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
        Keyword arguments of :func:`witnesses.rates.rates` for the published table.
    tables : mapping
        ``{table: grouping columns}``: ``rates(trials, by=tables[t],
        **conventions)`` gives the rows of table ``t``.
    columns : mapping
        ``{table: ((published column, statistic), ...)}``: the statistic is a
        key of :attr:`CellRates.rates <witnesses.CellRates.rates>` or of
        :attr:`CellRates.means <witnesses.CellRates.means>`.
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
    columns: Mapping[str, tuple[tuple[str, str], ...]]
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
    columns={
        "Table 5": (
            ("Retention", "achieved_retention"),
            ("Info shift", "information_shift"),
            ("Pivot preserve", "pivot_preservation"),
            ("Silent mirage (deg.)", "silent_mirage"),
            ("Silent mirage CI (all)", "silent_mirage_per_trial"),
        ),
        "overall": (
            ("Silent mirage (deg.)", "silent_mirage"),
            ("Silent mirage CI (all)", "silent_mirage_per_trial"),
        ),
    },
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
    columns=dict.fromkeys(
        ("Table 6", "Table 7"),
        (
            ("Raw validity", "raw_validity_score"),
            ("Pivot preserve", "pivot_preservation"),
            ("Fixed-pivot feasible", "fixed_pivot_feasibility"),
            ("Semantic regret", "semantic_regret"),
            ("Valid but switched", "valid_but_switched"),
        ),
    ),
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
    columns={
        "Table 8": (
            ("Header compliance", "header_compliance"),
            ("Pivot preserve (all)", "pivot_preservation"),
            ("Pivot preserve (| header)", "preservation_given_header"),
            ("Raw validity", "raw_validity_score"),
            ("Semantic regret", "semantic_regret"),
        )
    },
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
    >>> from witnesses.rates._presets import get_preset
    >>> get_preset("miragebench").tables["Table 7"]
    ('category',)
    """
    if not isinstance(name, str) or name not in PRESETS:
        msg = f"preset must be one of {', '.join(map(repr, PRESETS))}, got {name!r}"
        raise ValueError(msg)
    return PRESETS[name]
