"""The rates of many trials by columns (issue 30): NumPy over the trial fields.

:func:`witnesses.rates.rates` asks :func:`cell_counts` first when every trial is a
plain :class:`~witnesses.Trial` and no two share an identity. The outcomes of
:mod:`witnesses.rates._core` (``Conventions.outcome``) are computed here over
whole columns: a pivot is numbered by its text (equal texts, equal numbers; no
pivot is ``-1``), a true/false field is ``-1`` / ``0`` / ``1``, and each rate
counts ``k`` true outcomes among ``n`` defined ones, as the row path does.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from witnesses.rates._columns import distinct_rows, row_keys
from witnesses.rates._fields import BOOL_FIELDS, PIVOTS

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from witnesses.rates._core import Conventions
    from witnesses.rates.trials import Trial

__all__ = ["Columns", "cell_counts", "distinct_identities", "groups"]


Columns = dict[str, "NDArray[Any]"]


def distinct_identities(trials: Sequence[Trial], names: Sequence[str]) -> bool:
    """Whether no two trials are equal in every field of ``names``."""
    n = len(trials)
    lists = [list(map(attrgetter(name), trials)) for name in names]
    return distinct_rows([v for v in lists if v.count(None) != n], n)


def groups(
    trials: Sequence[Trial], by: Sequence[str]
) -> dict[tuple[Any, ...], list[int]]:
    """Return each group key's positions, in trial order (a key as its first trial has it)."""
    n = len(trials)
    lists = [list(map(attrgetter(name), trials)) for name in by]
    key, _ = row_keys(lists, n)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    order = np.argsort(inverse.ravel(), kind="stable")
    ends = np.cumsum(np.bincount(inverse.ravel(), minlength=len(first)))
    out = {}
    for at, (start, end) in zip(
        first.tolist(),
        zip([0, *ends[:-1].tolist()], ends.tolist(), strict=True),
        strict=True,
    ):
        out[tuple(values[at] for values in lists)] = order[start:end].tolist()
    return out


def columns(trials: Sequence[Trial]) -> Columns | None:
    """Return the outcome columns, or ``None`` for a pivot that is not a plain str."""
    n = len(trials)
    out: Columns = {}
    number: dict[str, int] = {}
    for name in PIVOTS:
        values = list(map(attrgetter(name), trials))
        if values.count(None) == n:
            out[name] = np.full(n, -1, dtype=np.int64)
            continue
        if not set(map(type, values)) <= {str, type(None)}:
            return None
        for value in dict.fromkeys(values):
            if value is not None:
                number.setdefault(value, len(number))
        number_of: dict[str | None, int] = {None: -1}
        number_of.update(number)
        out[name] = np.fromiter(map(number_of.__getitem__, values), np.int64, count=n)
    for name in BOOL_FIELDS:
        values = list(map(attrgetter(name), trials))
        if values.count(None) == n:
            out[name] = np.full(n, -1, dtype=np.int8)
        else:
            code: dict[bool | None, int] = {None: -1, False: 0, True: 1}
            out[name] = np.fromiter(map(code.__getitem__, values), np.int8, count=n)
    validity = list(map(attrgetter("raw_validity"), trials))
    score = {v: np.nan if v is None else float(v) for v in dict.fromkeys(validity)}
    scores = np.fromiter(map(score.__getitem__, validity), float, count=n)
    out["validity_known"] = ~np.isnan(scores)  # a Trial's validity is never NaN
    out["valid"] = scores > 0.5
    return out


def cell_counts(
    conv: Conventions, c: Columns, rows: NDArray[Any]
) -> dict[str, tuple[int, int]]:
    """Return ``{rate: (k, n)}`` over the trials at ``rows`` (see module doc)."""
    col = {name: values[rows] for name, values in c.items()}
    chosen = col["chosen_pivot"]
    ref = col[conv.pivot_reference + "_pivot"]
    has_ref = ref >= 0
    kept_known = (
        np.ones_like(has_ref) if conv.missing_reference == "not-preserved" else has_ref
    )
    kept = has_ref & (chosen == ref)
    vk, valid = col["validity_known"], col["valid"]
    if conv.information_shift == "chosen-full":
        a, b = chosen, col["full_pivot"]
    else:
        a, b = col["oracle_pivot"], col["truth_pivot"]
    if conv.degraded_reference == "oracle":
        degraded = col["oracle_degraded"] == 1
    else:
        dref = col[conv.degraded_reference + "_pivot"]
        degraded = (dref >= 0) & (chosen >= 0) & (chosen != dref)
    flag = col["degraded_flag"]
    # degraded and wrong: silent unless flagged, as its flag says
    candidate = degraded
    if conv.wrong_reference is not None:
        candidate = degraded & (chosen != col[conv.wrong_reference + "_pivot"])
    silent = candidate & (flag == 0)
    unknown = candidate & (flag < 0)  # the unknown flag would decide
    ff, hp = col["fixed_feasible"], col["header_present"]
    everyone = np.ones(len(rows), dtype=bool)
    pairs = {
        "raw_validity": (vk, valid),
        "pivot_preservation": (
            kept_known
            & (vk & valid if conv.preservation_denominator == "valid" else everyone),
            kept,
        ),
        "fixed_pivot_feasibility": (ff >= 0, ff == 1),
        "information_shift": ((a >= 0) & (b >= 0), a != b),
        "silent_mirage": (degraded & ~unknown, silent),
        "silent_mirage_per_trial": (~unknown, silent),
        "valid_but_switched": (vk & kept_known, valid & ~kept),
        "header_compliance": (hp >= 0, hp == 1),
        "protocol_collapse": (hp >= 0, hp == 0),
        "silent_substitution": ((hp >= 0) & kept_known, (hp == 1) & ~kept),
        "preservation_given_header": ((hp == 1) & kept_known, kept),
    }
    return {
        name: (int(np.count_nonzero(known & value)), int(np.count_nonzero(known)))
        for name, (known, value) in pairs.items()
    }
