"""Recall-by-depth counts from per-attempt rows (private; re-exported by ``theory.decay``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Integral

from theory.validation import check_choice


@dataclass(frozen=True, slots=True)
class DepthCounts:
    """Successes ``k`` of ``n`` attempts at each depth, depths ascending.

    Examples
    --------
    >>> from theory.decay import DepthCounts
    >>> DepthCounts((1, 2), (3, 1), (4, 4)).n
    (4, 4)
    """

    depths: tuple[int, ...]
    k: tuple[int, ...]
    n: tuple[int, ...]


def counts_by_depth(
    rows: Iterable[Mapping[str, object]],
    *,
    outcome: str = "chain_recovered",
    group_by: Sequence[str] = ("dataset", "arm"),
) -> dict[tuple[object, ...], DepthCounts]:
    """Group per-attempt rows and count successes by depth.

    Parameters
    ----------
    rows : iterable of mapping
        One mapping per attempt with an integer ``depth >= 1``, the
        ``group_by`` keys and the ``outcome`` field (the BriefBench layout).
    outcome : {"chain_recovered", "recall"}
        ``"chain_recovered"``: success when the field is true.
        ``"recall"``: success when recall equals 1 (the whole chain
        recovered; fractional recall is not a binomial count).
    group_by : sequence of str
        Keys that define a group (default ``("dataset", "arm")``).

    Returns
    -------
    dict
        ``{group key tuple: DepthCounts}``, keys sorted.

    Raises
    ------
    TypeError
        If ``rows`` is not an iterable of rows or ``group_by`` not a sequence
        of field names.
    ValueError
        Naming the row and field when a row lacks a field or has a bad value.

    Examples
    --------
    >>> from theory.decay import counts_by_depth
    >>> rows = [{"arm": "a", "depth": 1, "chain_recovered": True},
    ...         {"arm": "a", "depth": 1, "chain_recovered": False},
    ...         {"arm": "a", "depth": 2, "chain_recovered": False}]
    >>> counts_by_depth(rows, group_by=("arm",))
    {('a',): DepthCounts(depths=(1, 2), k=(1, 0), n=(2, 1))}
    """
    field = check_choice(outcome, "outcome", ("chain_recovered", "recall"))
    if isinstance(group_by, str) or not (
        isinstance(group_by, Sequence) and all(isinstance(g, str) for g in group_by)
    ):
        msg = f"group_by must be a sequence of field names (str), got {group_by!r}"
        raise TypeError(msg)
    if isinstance(rows, str | bytes | Mapping) or not isinstance(rows, Iterable):
        msg = f"rows must be an iterable of mappings, got {rows!r} of type {type(rows).__name__}"
        raise TypeError(msg)
    tally: dict[tuple[object, ...], dict[int, list[int]]] = {}
    for i, row in enumerate(rows):
        for key in (*group_by, "depth", field):
            if key not in row:
                msg = f"row {i} lacks the field {key!r}"
                raise ValueError(msg)
        depth = row["depth"]
        if isinstance(depth, bool) or not isinstance(depth, Integral) or depth < 1:
            msg = f"row {i}: depth must be an int >= 1, got {depth!r}"
            raise ValueError(msg)
        cell = tally.setdefault(tuple(row[g] for g in group_by), {}).setdefault(
            int(depth), [0, 0]
        )
        cell[0] += _success(row[field], field, i)
        cell[1] += 1
    out = {}
    for group in sorted(tally, key=repr):
        by_depth = tally[group]
        ds = tuple(sorted(by_depth))
        out[group] = DepthCounts(
            ds, tuple(by_depth[d][0] for d in ds), tuple(by_depth[d][1] for d in ds)
        )
    return out


def _success(value: object, field: str, i: int) -> int:
    if field == "chain_recovered":
        if not isinstance(value, bool):
            msg = f"row {i}: chain_recovered must be a bool, got {value!r}"
            raise ValueError(msg)
        return int(value)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 0 <= value <= 1
    ):
        msg = f"row {i}: recall must be a number in [0, 1], got {value!r}"
        raise ValueError(msg)
    return int(value == 1)
