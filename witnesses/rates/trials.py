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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from witnesses._validation import check_path
from witnesses.rates._load import load_file, make_plan
from witnesses.rates._readers import DEFAULT_MAX_BYTES
from witnesses.rates._record import RESERVED_MEANS, TRIAL_FIELDS, Trial

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
    path = check_path(path, "path")
    plan = make_plan(
        path,
        TRIAL_FIELDS,
        mapping=mapping,
        measures=measures,
        constants=constants,
        preset=preset,
    )
    return load_file(path, plan, Trial, format=format, max_bytes=max_bytes).trials
