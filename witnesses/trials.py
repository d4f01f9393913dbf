"""Trial records and the plug-in protocols of the rate layer (docs/guide/rates.md).

A :class:`Trial` is one solve of one task under one condition: what a real
harness logs for a model run, and what our simulators produce. Anything that
yields trials plugs into :func:`witnesses.rates`: a :class:`Harness` (a user's
logged runs) or a seeded :class:`Simulator`. :func:`load_trials` reads CSV,
JSON and JSONL files with a column mapping, so a harness's own output plugs in
without editing it; it never executes anything it reads.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "TRIAL_FIELDS",
    "FileHarness",
    "Harness",
    "Simulator",
    "Trial",
    "load_trials",
]


@dataclass(frozen=True, slots=True)
class Trial:
    """One solve of one task under one condition.

    Parameters
    ----------
    task_id : str
        The task (or timeline) solved.
    condition : str
        The compression strategy or memory method.
    budget : float, optional
        Retention or token budget of the condition.
    seed : int, optional
        Seed of the run.
    category : str, optional
        Task category.
    model : str, optional
        Model or solver that produced the answer.
    full_pivot : str, optional
        Pivot chosen with the full context (the model's own, or the full
        timeline's dominant pivot).
    chosen_pivot : str, optional
        Pivot chosen under compression; ``None`` when none was emitted.
    truth_pivot : str, optional
        Ground-truth pivot, when the task has one.
    raw_validity : bool or float, optional
        Whether the compressed answer is grammar-valid, or a validity score in
        ``[0, 1]``; valid means ``> 0.5`` (the harnesses' convention).
    fixed_feasible : bool, optional
        Whether the compressed context still admits a valid answer with the
        full pivot forced.
    header_present : bool, optional
        Whether the answer carried the required ``PIVOT_ID=`` header.
    degraded_flag : bool, optional
        Whether the answer declared its evidence degraded.
    oracle_degraded : bool, optional
        Whether an oracle judged the trial degraded (harness convention).
    full_score, compressed_score : float, optional
        Scores of the full and the compressed solve.

    Raises
    ------
    TypeError, ValueError
        If a field has the wrong type or a value out of range.

    Examples
    --------
    >>> from witnesses import Trial
    >>> t = Trial("t1", "naive", budget=0.3, full_pivot="e41", chosen_pivot="e45",
    ...           raw_validity=True)
    >>> t.valid, t.pivot_preserved
    (True, False)
    """

    task_id: str
    condition: str
    budget: float | None = None
    seed: int | None = None
    category: str | None = None
    model: str | None = None
    full_pivot: str | None = None
    chosen_pivot: str | None = None
    truth_pivot: str | None = None
    raw_validity: bool | float | None = None
    fixed_feasible: bool | None = None
    header_present: bool | None = None
    degraded_flag: bool | None = None
    oracle_degraded: bool | None = None
    full_score: float | None = None
    compressed_score: float | None = None

    def __post_init__(self) -> None:
        for name in ("task_id", "condition"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                msg = f"{name} must be a non-empty str, got {value!r}"
                raise TypeError(msg)
        for name in ("category", "model", "full_pivot", "chosen_pivot", "truth_pivot"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                msg = f"{name} must be a str or None, got {value!r}"
                raise TypeError(msg)
        for name in (
            "fixed_feasible",
            "header_present",
            "degraded_flag",
            "oracle_degraded",
        ):
            value = getattr(self, name)
            if value is not None and not isinstance(value, bool):
                msg = f"{name} must be a bool or None, got {value!r}"
                raise TypeError(msg)
        if self.seed is not None and (
            isinstance(self.seed, bool) or not isinstance(self.seed, int)
        ):
            msg = f"seed must be an int or None, got {self.seed!r}"
            raise TypeError(msg)
        for name in ("budget", "full_score", "compressed_score"):
            _finite_or_none(getattr(self, name), name)
        validity = self.raw_validity
        if validity is not None and not isinstance(validity, bool):
            _finite_or_none(validity, "raw_validity")
            if not 0.0 <= float(validity) <= 1.0:
                msg = f"raw_validity must be a bool or in [0, 1], got {validity!r}"
                raise ValueError(msg)

    @property
    def valid(self) -> bool | None:
        """Raw validity as a bool (``raw_validity > 0.5``), ``None`` if unknown."""
        if self.raw_validity is None:
            return None
        return float(self.raw_validity) > 0.5

    @property
    def pivot_preserved(self) -> bool | None:
        """Whether the chosen pivot is the full pivot (``None`` if either is unknown)."""
        if self.full_pivot is None or self.chosen_pivot is None:
            return None
        return self.chosen_pivot == self.full_pivot


TRIAL_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Trial))
"""The field names of :class:`Trial`, in order."""

_BOOL_FIELDS = {"fixed_feasible", "header_present", "degraded_flag", "oracle_degraded"}
_FLOAT_FIELDS = {"budget", "full_score", "compressed_score"}
_STR_FIELDS = {"task_id", "condition", "category", "model"}
_PIVOT_FIELDS = {"full_pivot", "chosen_pivot", "truth_pivot"}
_TRUE = {"true", "t", "yes", "y", "1"}
_FALSE = {"false", "f", "no", "n", "0"}
_NULL = {"", "none", "null", "na", "nan"}


@runtime_checkable
class Harness(Protocol):
    """Anything that yields logged trials: ``trials() -> Iterable[Trial]``.

    Examples
    --------
    >>> from witnesses import Harness, Trial
    >>> class Logged:
    ...     def trials(self):
    ...         yield Trial("t1", "naive", full_pivot="a", chosen_pivot="a")
    >>> isinstance(Logged(), Harness)
    True
    """

    def trials(self) -> Iterable[Trial]:
        """Yield the trials."""
        ...


@runtime_checkable
class Simulator(Protocol):
    """A seeded source of trials: ``simulate(seed) -> Iterable[Trial]``.

    The same seed must give the same trials, bit for bit.

    Examples
    --------
    >>> from witnesses import Simulator, Trial
    >>> class Coin:
    ...     def simulate(self, seed):
    ...         yield Trial(f"t{seed}", "naive", seed=seed)
    >>> isinstance(Coin(), Simulator)
    True
    """

    def simulate(self, seed: int) -> Iterable[Trial]:
        """Yield the trials of one seeded run."""
        ...


@dataclass(frozen=True, slots=True)
class FileHarness:
    r"""A :class:`Harness` over a CSV, JSON or JSONL file of trials.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from witnesses import FileHarness, Harness
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.csv"
    >>> _ = path.write_text("task,method,full,chosen\nt1,naive,e41,e45\n")
    >>> h = FileHarness(path, {"task_id": "task", "condition": "method",
    ...                        "full_pivot": "full", "chosen_pivot": "chosen"})
    >>> isinstance(h, Harness), [t.chosen_pivot for t in h.trials()]
    (True, ['e45'])
    """

    path: str | Path
    mapping: Mapping[str, str] | None = None

    def trials(self) -> list[Trial]:
        """Load the file's trials."""
        return load_trials(self.path, mapping=self.mapping)


def load_trials(
    path: str | Path,
    *,
    mapping: Mapping[str, str] | None = None,
    format: str | None = None,
) -> list[Trial]:
    r"""Read trial records from a CSV, JSON or JSONL file.

    Parameters
    ----------
    path : str or Path
        The file. JSON holds a list of objects (or ``{"trials": [...]}``);
        JSONL one object per line; CSV a header row.
    mapping : mapping, optional
        ``{trial_field: column}`` for columns named differently in the file;
        unmapped fields are read from the column of the same name when present.
    format : {"csv", "json", "jsonl"}, optional
        Overrides the format guessed from the suffix.

    Returns
    -------
    list of Trial

    Raises
    ------
    ValueError
        Naming the file, the row (1-based; the CSV header is row 1) and the
        column at fault: a missing required column, a value that does not
        parse, malformed JSON, an unknown field in ``mapping``.

    Notes
    -----
    Booleans parse from ``true/false``, ``yes/no``, ``1/0`` (any case);
    empty cells, ``null``, ``none``, ``na`` and ``nan`` are missing values.
    Pivots are read as strings (a numeric pivot id ``7`` becomes ``"7"``).
    Nothing read is executed (no pickle, no eval).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from witnesses import load_trials
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.jsonl"
    >>> _ = path.write_text('{"id": "t1", "arm": "naive", "valid": true}\n')
    >>> load_trials(path, mapping={"task_id": "id", "condition": "arm",
    ...                            "raw_validity": "valid"})[0].raw_validity
    True
    """
    path = Path(path)
    columns = _columns(mapping, path)
    kind = _format(path, format)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        msg = f"{path}: cannot read the file ({exc.strerror})"
        raise ValueError(msg) from None
    records = _records(text, kind, path)
    return [_trial(record, row, columns, path) for row, record in records]


def _columns(mapping: Mapping[str, str] | None, path: Path) -> dict[str, str]:
    columns = {name: name for name in TRIAL_FIELDS}
    for key, value in (mapping or {}).items():
        if key not in columns:
            msg = (
                f"{path}: mapping names an unknown trial field {key!r}; "
                f"fields are {', '.join(TRIAL_FIELDS)}"
            )
            raise ValueError(msg)
        if not isinstance(value, str):
            msg = f"{path}: mapping[{key!r}] must be a column name (str), got {value!r}"
            raise TypeError(msg)
        columns[key] = value
    return columns


def _format(path: Path, fmt: str | None) -> str:
    kind = fmt if fmt is not None else path.suffix.lower().lstrip(".")
    if kind not in ("csv", "json", "jsonl"):
        msg = f"{path}: format must be one of 'csv', 'json', 'jsonl', got {kind!r}"
        raise ValueError(msg)
    return kind


def _records(
    text: str, kind: str, path: Path
) -> Iterator[tuple[int, Mapping[str, Any]]]:
    if kind == "csv":
        reader = csv.DictReader(text.splitlines())
        for offset, record in enumerate(reader):
            if None in record:
                msg = f"{path}: row {offset + 2}: more cells than header columns"
                raise ValueError(msg)
            yield offset + 2, record
        return
    if kind == "jsonl":
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield number, _json_object(line, path, number)
        return
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        msg = f"{path}: malformed JSON at line {exc.lineno}: {exc.msg}"
        raise ValueError(msg) from None
    if isinstance(doc, dict) and isinstance(doc.get("trials"), list):
        doc = doc["trials"]
    if not isinstance(doc, list):
        msg = f"{path}: JSON must hold a list of trial objects or {{'trials': [...]}}"
        raise ValueError(msg)
    for number, record in enumerate(doc, start=1):
        if not isinstance(record, dict):
            msg = f"{path}: row {number}: a trial must be a JSON object, got {record!r}"
            raise ValueError(msg)
        yield number, record


def _json_object(line: str, path: Path, number: int) -> Mapping[str, Any]:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        msg = f"{path}: row {number}: malformed JSON ({exc.msg})"
        raise ValueError(msg) from None
    if not isinstance(record, dict):
        msg = f"{path}: row {number}: a trial must be a JSON object, got {record!r}"
        raise ValueError(msg)
    return record


def _trial(
    record: Mapping[str, Any], row: int, columns: Mapping[str, str], path: Path
) -> Trial:
    values: dict[str, Any] = {}
    for name, column in columns.items():
        raw = record.get(column)
        where = f"{path}: row {row}, column {column!r}"
        value = _parse(name, raw, where)
        if value is None and name in ("task_id", "condition"):
            msg = f"{where}: required field {name} is missing or empty"
            raise ValueError(msg)
        if value is not None:
            values[name] = value
    try:
        return Trial(**values)
    except (TypeError, ValueError) as exc:
        msg = f"{path}: row {row}: {exc}"
        raise ValueError(msg) from None


def _parse(name: str, raw: Any, where: str) -> Any:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in _NULL):
        return None
    if isinstance(raw, float) and math.isnan(raw):
        return None
    if name in _BOOL_FIELDS:
        return _parse_bool(raw, where)
    if name in _FLOAT_FIELDS:
        return _parse_float(raw, where)
    if name == "raw_validity":
        if isinstance(raw, bool) or (
            isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE
        ):
            return _parse_bool(raw, where)
        return _parse_float(raw, where)
    if name == "seed":
        return _parse_int(raw, where)
    if name in _PIVOT_FIELDS | _STR_FIELDS:
        if isinstance(raw, (dict, list)):
            msg = f"{where}: expected a scalar, got {raw!r}"
            raise ValueError(msg)
        return str(raw).strip() if isinstance(raw, str) else _scalar_str(raw)
    msg = f"{where}: unknown field {name}"  # pragma: no cover - fields are fixed
    raise ValueError(msg)


def _scalar_str(raw: Any) -> str:
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return str(raw)


def _parse_bool(raw: Any, where: str) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, (int, float)) and raw in (0, 1):
        return bool(raw)
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    msg = f"{where}: expected a boolean (true/false, yes/no, 1/0), got {raw!r}"
    raise ValueError(msg)


def _parse_float(raw: Any, where: str) -> float:
    if isinstance(raw, bool):
        msg = f"{where}: expected a number, got {raw!r}"
        raise ValueError(msg)
    try:
        value = float(raw)
    except (TypeError, ValueError):
        msg = f"{where}: expected a number, got {raw!r}"
        raise ValueError(msg) from None
    if not math.isfinite(value):
        msg = f"{where}: expected a finite number, got {raw!r}"
        raise ValueError(msg)
    return value


def _parse_int(raw: Any, where: str) -> int:
    value = _parse_float(raw, where)
    if not value.is_integer():
        msg = f"{where}: expected an integer, got {raw!r}"
        raise ValueError(msg)
    return int(value)


def _finite_or_none(value: object, name: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        msg = f"{name} must be a real number or None, got {value!r}"
        raise TypeError(msg)
    if not math.isfinite(value):
        msg = f"{name} must be finite, got {value!r}"
        raise ValueError(msg)
