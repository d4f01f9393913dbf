"""Trial records and the plug-in protocols of the rate layer (docs/guide/rates.md).

A :class:`Trial` is one solve of one task under one condition: what a real
harness logs for a model run, and what our simulators produce. Anything that
yields trials plugs into :func:`witnesses.rates.rates`: a :class:`Harness` (a user's
logged runs) or a seeded :class:`Simulator`. :func:`load_trials` reads CSV,
JSON and JSONL files with a column mapping, so a harness's own output plugs in
without editing it; it never executes anything it reads.

One vocabulary: the Trial fields name these quantities everywhere in
:mod:`witnesses` (solver results, sweep rows, the Exp58 record); the grammar
alone keeps the paper's phase name, a *turning point* being our *pivot*
(the table in docs/guide/witnesses.md). The simulators' records are Trial
subclasses.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from witnesses.rates._fields import FIELDS
from witnesses.rates._load import load_file, make_plan
from witnesses.rates._readers import DEFAULT_MAX_BYTES

__all__ = [
    "DEFAULT_MAX_BYTES",
    "RESERVED_MEANS",
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
    oracle_pivot : str, optional
        The pivot an oracle computes on the compressed context (the NTSB
        harness's heaviest kept event), when the harness logs one.
    semantic_regret : float, optional
        A per-trial regret the harness computed itself, in ``[0, 1]`` (the
        MirageBench and KV harnesses' embedding dissimilarity
        ``1 - (cos + 1) / 2``; docs/guide/witnesses.md §11 item 7).
    measures : mapping of str to float, optional
        Any other named numeric column (token counts, achieved retention),
        summarised by :func:`witnesses.rates.rates` as a mean with an interval.
        Treated as read-only; not part of the hash.

    Raises
    ------
    TypeError, ValueError
        If a field has the wrong type or a value out of range.

    Notes
    -----
    Each field's type and range come from one table (its kind: text, pivot,
    flag, int, real, unit, validity, measures), which the loaders read too.
    A record with fields of its own (the simulators' records) subclasses
    ``Trial`` as a frozen dataclass with ``init=False``; its ``__init__``
    calls ``Trial.__init__(self, task_id, condition, ...)``, which sets and
    checks the Trial fields, then sets its own with ``object.__setattr__``.

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
    oracle_pivot: str | None = None
    semantic_regret: float | None = None
    measures: Mapping[str, float] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not _plainly_valid(self):
            self._check()

    def _check(self) -> None:
        # the table's fields, checked group by group (:data:`_CHECKS`)
        for check, names in _CHECKS:
            for name in names:
                check(getattr(self, name), name)

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

if tuple(f.name for f in FIELDS) != TRIAL_FIELDS:  # pragma: no cover - a code error
    msg = "witnesses.rates._fields.FIELDS must list Trial's fields in order"
    raise ImportError(msg)


def _kinds(*kinds: str, required: bool = False) -> tuple[str, ...]:
    return tuple(f.name for f in FIELDS if f.kind in kinds and f.required is required)


# The groups of fields by kind, in the order the full check runs them (the
# first field at fault is the one an error names).
_REQUIRED_STR = _kinds("text", required=True)
_OPTIONAL_STR = _kinds("text", "pivot")
_FLAGS = _kinds("flag")
_INTS = _kinds("int")
_REALS = _kinds("real")
_UNITS = _kinds("unit")
_VALIDITIES = _kinds("validity")


def _plainly_valid(t: Trial) -> bool:
    """Whether every field has its plain type and range (the fast path of loaders).

    ``False`` sends :class:`Trial` to its full check, which raises or accepts
    the less plain forms (an ``int`` budget, a mapping that is not a dict).
    """
    for name in _REQUIRED_STR:
        text = getattr(t, name)
        if type(text) is not str or not text:
            return False
    for name in _OPTIONAL_STR:
        text = getattr(t, name)
        if text is not None and type(text) is not str:
            return False
    for name in _FLAGS:
        flag = getattr(t, name)
        if flag is not None and type(flag) is not bool:
            return False
    for name in _INTS:
        number = getattr(t, name)
        if number is not None and type(number) is not int:
            return False
    for name in _REALS:
        number = getattr(t, name)
        if number is not None and (
            type(number) is not float or not math.isfinite(number)
        ):
            return False
    for name in _UNITS:
        number = getattr(t, name)
        if number is not None and (
            type(number) is not float or not 0.0 <= number <= 1.0
        ):
            return False
    for name in _VALIDITIES:
        validity = getattr(t, name)
        if validity is not None and type(validity) is not bool:  # noqa: SIM102
            if type(validity) is not float or not 0.0 <= validity <= 1.0:
                return False
    if type(t.measures) is not dict:
        return False
    for name, value in t.measures.items():
        if type(name) is not str or not name or name in RESERVED_MEANS:
            return False
        if type(value) is not float or not math.isfinite(value):
            return False
    return True


RESERVED_MEANS = (
    "raw_validity_score",
    "semantic_regret",
    "relative_regret",
    "absolute_regret",
)
"""Names of the means :func:`witnesses.rates.rates` always reports; no measure may use one."""


def _check_measures(measures: object) -> None:
    if not isinstance(measures, Mapping):
        msg = f"measures must be a mapping of names to numbers, got {measures!r}"
        raise TypeError(msg)
    for name, value in measures.items():
        if not isinstance(name, str) or not name:
            msg = f"measures keys must be non-empty str, got {name!r}"
            raise TypeError(msg)
        if name in RESERVED_MEANS:
            msg = f"measures key {name!r} is reserved (one of {', '.join(RESERVED_MEANS)})"
            raise ValueError(msg)
        _finite_or_none(value, f"measures[{name!r}]")
        if value is None:
            msg = f"measures[{name!r}] must be a real number, got None"
            raise TypeError(msg)


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
    preset: str | None = None

    def trials(self) -> list[Trial]:
        """Load the file's trials."""
        return load_trials(self.path, mapping=self.mapping, preset=self.preset)


def load_trials(
    path: str | Path,
    *,
    mapping: Mapping[str, str] | None = None,
    format: str | None = None,
    preset: str | None = None,
    measures: Mapping[str, str] | Sequence[str] | None = None,
    constants: Mapping[str, Any] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[Trial]:
    r"""Read trial records from a CSV, JSON or JSONL file.

    Parameters
    ----------
    path : str or Path
        The file. JSON holds a list of objects (or ``{"trials": [...]}``);
        JSONL one object per line; CSV a header row. Only regular files are
        read, as UTF-8 (a byte-order mark is skipped).
    mapping : mapping, optional
        ``{trial_field: column}`` for columns named differently in the file;
        unmapped fields are read from the column of the same name when present.
        A mapped column must be in the file (in at least one record). A
        dotted column ``a.b`` reads the key ``b`` of the object in ``a``
        (``autoeval_label.label``) unless the record has a key ``"a.b"``.
    format : {"csv", "json", "jsonl"}, optional
        Overrides the format told by the suffix (``.csv``, ``.json``,
        ``.jsonl``); with any other suffix (LongMemEval's
        ``.eval-results-gpt-4o``) the content tells: ``[`` JSON, a first
        line that is a JSON object JSONL, anything else CSV.
    preset : str, optional
        A published harness schema (a key of :data:`witnesses.PRESETS`:
        ``"mirage-ntsb"``, ``"miragebench"``, ``"mirage-kv"``) supplying the
        mapping, the measures and the constants; ``mapping``, ``measures`` and
        ``constants`` given here override it.
    measures : mapping or sequence of str, optional
        Extra numeric columns kept in :attr:`Trial.measures`:
        ``{name: column}``, or column names kept under their own name.
    constants : mapping, optional
        ``{trial_field: value}`` for fields the file does not hold (a file of
        one method has no method column: ``{"condition": "kv-eviction"}``);
        a mapped column present in a row wins.
    max_bytes : int
        Largest file read, in bytes (default :data:`DEFAULT_MAX_BYTES`,
        256 MiB); a larger file is refused before it is read.

    Returns
    -------
    list of Trial

    Raises
    ------
    ValueError
        Naming the file, the row (1-based; the CSV header is row 1) and the
        column at fault: a missing required column, a value that does not
        parse, malformed or too deeply nested JSON, text that is not UTF-8, a
        duplicate CSV header, a row with more or fewer cells than the header,
        a file that is not a regular file or is larger than ``max_bytes``, an
        unknown field in ``mapping`` or an unknown preset.
    TypeError
        If ``mapping``, ``measures`` or ``constants`` has the wrong type.

    Notes
    -----
    Booleans parse from ``true/false``, ``yes/no``, ``1/0`` (any case);
    empty cells, ``null``, ``none``, ``na`` and ``nan`` are missing values.
    Pivots are read as strings (a numeric pivot id ``7`` becomes ``"7"``, and
    an integer written with a zero fraction, ``7.0`` or ``"7.0"``, is ``"7"`` too:
    pandas writes an integer column with a missing value that way).
    CSV is parsed from the file, so a quoted cell keeps its newlines.
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
    plan = make_plan(
        path,
        TRIAL_FIELDS,
        mapping=mapping,
        measures=measures,
        constants=constants,
        preset=preset,
    )
    return load_file(path, plan, Trial, format=format, max_bytes=max_bytes).trials


def _finite_or_none(value: object, name: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        msg = f"{name} must be a real number or None, got {value!r}"
        raise TypeError(msg)
    if not math.isfinite(value):
        msg = f"{name} must be finite, got {value!r}"
        raise ValueError(msg)


def _non_empty_str(value: object, name: str) -> None:
    if not isinstance(value, str) or not value:
        msg = f"{name} must be a non-empty str, got {value!r}"
        raise TypeError(msg)


def _str_or_none(value: object, name: str) -> None:
    if value is not None and not isinstance(value, str):
        msg = f"{name} must be a str or None, got {value!r}"
        raise TypeError(msg)


def _bool_or_none(value: object, name: str) -> None:
    if value is not None and not isinstance(value, bool):
        msg = f"{name} must be a bool or None, got {value!r}"
        raise TypeError(msg)


def _int_or_none(value: object, name: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        msg = f"{name} must be an int or None, got {value!r}"
        raise TypeError(msg)


def _unit_or_none(value: Any, name: str) -> None:
    if value is not None:
        _finite_or_none(value, name)
        if not 0.0 <= value <= 1.0:
            msg = f"{name} must be in [0, 1], got {value!r}"
            raise ValueError(msg)


def _validity_or_none(value: Any, name: str) -> None:
    if value is not None and not isinstance(value, bool):
        _finite_or_none(value, name)
        if not 0.0 <= float(value) <= 1.0:
            msg = f"{name} must be a bool or in [0, 1], got {value!r}"
            raise ValueError(msg)


def _measures(value: object, name: str) -> None:
    _check_measures(value)


_CHECKS: tuple[tuple[Callable[[Any, str], None], tuple[str, ...]], ...] = (
    (_non_empty_str, _REQUIRED_STR),
    (_str_or_none, _OPTIONAL_STR),
    (_bool_or_none, _FLAGS),
    (_int_or_none, _INTS),
    (_finite_or_none, _REALS),
    (_unit_or_none, _UNITS),
    (_measures, _kinds("measures")),
    (_validity_or_none, _VALIDITIES),
)
"""The full check of :class:`Trial`: each kind's check over its fields, in order."""

if sorted(n for _, names in _CHECKS for n in names) != sorted(TRIAL_FIELDS):
    msg = "a Trial field of witnesses.rates._fields.FIELDS has no check"  # pragma: no cover
    raise ImportError(msg)  # pragma: no cover
