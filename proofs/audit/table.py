"""The audit of a table of printed statistics (the format is in :mod:`proofs.audit`)."""

from __future__ import annotations

import csv
import enum
import io
import os
from collections import Counter
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

from proofs.audit._kinds import KINDS, TableError, run_kind
from theory.consistency import ConsistencyResult
from witnesses.runtime import read_text

__all__ = ["COLUMNS", "AuditReport", "AuditRow", "Status", "audit_table"]

COLUMNS = ("id", "where", "kind", "printed", "inputs", "note")
"""The required columns of an audit table, in order of use."""

_MAX_ROWS = 100_000
_MAX_BYTES = 16 * 1024 * 1024
"""Largest table :func:`audit_table` reads (16 MiB); only regular files are read."""


class Status(enum.Enum):
    """The outcome of one audited number.

    Examples
    --------
    >>> from proofs.audit import Status
    >>> Status.NOT_CHECKABLE.value
    'not checkable'
    """

    CONSISTENT = "consistent"
    INCONSISTENT = "inconsistent"
    NOT_CHECKABLE = "not checkable"


@dataclass(frozen=True, slots=True)
class AuditRow:
    """One audited number: the row as read, its status and the check's result.

    Examples
    --------
    >>> from proofs.audit import audit_table
    >>> from importlib.resources import files
    >>> report = audit_table(files("proofs") / "data" / "examples" / "audit.csv")
    >>> row = report.rows[0]
    >>> row.id, row.status.value
    ('T1-naive', 'consistent')
    """

    id: str
    where: str
    kind: str
    printed: str
    inputs: str
    note: str
    line: int
    status: Status
    result: ConsistencyResult | None = None
    reason: str = ""

    @property
    def decision_error(self) -> bool:
        """True for an inconsistent p-value whose reachable values all lie across ``alpha``.

        statcheck's gross error, as ``audit PAPER`` reports it: the row's
        ``alpha=`` input, ``0.05`` by default (:func:`theory.consistency.recompute_pvalue`,
        ``significance_level``). The status stays ``inconsistent``; this
        says the error changes the test's decision.

        Examples
        --------
        >>> from proofs.audit.table import AuditRow, Status
        >>> AuditRow("a", "", "sum", "1", "values=1", "", 2, Status.CONSISTENT).decision_error
        False
        """
        return (
            self.status is Status.INCONSISTENT
            and self.result is not None
            and bool(self.result.gross_error)
        )

    @property
    def recomputed(self) -> str:
        """The recomputed value(s) as text ('' when not checkable)."""
        if self.result is None:
            return ""
        return ";".join(f"{v:.6g}" for v in self.result.recomputed)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        out: dict[str, Any] = {
            "id": self.id,
            "where": self.where,
            "kind": self.kind,
            "printed": self.printed,
            "inputs": self.inputs,
            "note": self.note,
            "line": self.line,
            "status": self.status.value,
            "decision_error": self.decision_error,
            "recomputed": None,
            "accepted": None,
            "reason": self.reason,
        }
        if self.result is not None:
            out["recomputed"] = list(self.result.recomputed)
            out["accepted"] = [list(a) for a in self.result.accepted]
        return out


@dataclass(frozen=True, slots=True)
class AuditReport:
    """Every audited row of one table, with counts.

    Examples
    --------
    >>> from proofs.audit import audit_table
    >>> from importlib.resources import files
    >>> report = audit_table(files("proofs") / "data" / "examples" / "audit.csv")
    >>> report.counts()
    {'consistent': 4, 'inconsistent': 1, 'not checkable': 1}
    >>> [row.id for row in report.inconsistent]
    ['T1-total']
    """

    path: str
    rows: tuple[AuditRow, ...]

    @property
    def inconsistent(self) -> tuple[AuditRow, ...]:
        """The rows whose printed value is inconsistent."""
        return tuple(r for r in self.rows if r.status is Status.INCONSISTENT)

    def counts(self) -> dict[str, int]:
        """Return the number of rows per status (every status listed)."""
        seen = Counter(r.status for r in self.rows)
        return {s.value: seen[s] for s in Status}

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "file": self.path,
            "counts": self.counts(),
            "rows": [r.to_dict() for r in self.rows],
        }


def audit_table(path: str | os.PathLike[str] | Traversable) -> AuditReport:
    """Read an audit table and check every printed number in it.

    Parameters
    ----------
    path : str, path-like or importlib.resources Traversable
        The CSV file (UTF-8; a byte-order mark is tolerated).

    Returns
    -------
    AuditReport

    Raises
    ------
    ValueError
        On a malformed table: missing or duplicate columns, a ragged row, a
        duplicate id, an unknown kind, or inputs that do not parse; the
        message names the file, the line and the column. Also for a file
        that cannot be read, is not a regular file (a FIFO, a device: never
        read, never waited on) or has more than 16 MiB, and for a table with
        no row to check (a check that compares nothing is no verdict).

    Examples
    --------
    >>> from importlib.resources import files
    >>> from proofs.audit import audit_table
    >>> report = audit_table(files("proofs") / "data" / "examples" / "audit.csv")
    >>> len(report.rows)
    6
    """
    name = str(path)
    text = _read_text(path, name)
    try:
        rows = _read(name, csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        msg = f"{name}: not a CSV table ({exc})"
        raise ValueError(msg) from None
    if not rows:
        msg = f"{name}: no row to check (the table holds only its header, or nothing)"
        raise ValueError(msg)
    return AuditReport(name, tuple(rows))


def _read_text(path: str | os.PathLike[str] | Traversable, name: str) -> str:
    """Return the table's text: a regular file of at most ``_MAX_BYTES`` bytes, UTF-8."""
    if isinstance(path, str | os.PathLike):
        return read_text(path, max_bytes=_MAX_BYTES, name="path")
    if not isinstance(path, Traversable):
        msg = f"path must be a str, os.PathLike or Traversable, got {path!r}"
        raise TypeError(msg)
    with path.open("rb") as raw:  # a resource inside a package (a zip, say)
        data = raw.read(_MAX_BYTES + 1)
    if len(data) > _MAX_BYTES:
        msg = f"{name}: more than {_MAX_BYTES} bytes (16 MiB)"
        raise ValueError(msg)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        msg = f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        raise ValueError(msg) from None


def _read(name: str, reader: Any) -> list[AuditRow]:
    header: dict[str, int] | None = None
    seen: set[str] = set()
    out: list[AuditRow] = []
    for cells in reader:
        line = reader.line_num
        if not cells or not "".join(cells).strip() or cells[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = _header(name, line, cells)
            width = len(cells)
            continue
        if len(cells) != width:
            msg = f"{name}, line {line}: {len(cells)} cells, the header has {width}"
            raise ValueError(msg)
        if len(out) >= _MAX_ROWS:
            msg = f"{name}: more than {_MAX_ROWS} rows"
            raise ValueError(msg)
        row = {col: cells[i].strip() for col, i in header.items()}
        if not row["id"] or row["id"] in seen:
            what = "is empty" if not row["id"] else f"{row['id']!r} is a duplicate"
            msg = f"{name}, line {line}, column id: the id {what}"
            raise ValueError(msg)
        seen.add(row["id"])
        out.append(_row(name, line, row))
    if header is None:
        msg = f"{name}: no header row (expected {','.join(COLUMNS)})"
        raise ValueError(msg)
    return out


def _header(name: str, line: int, cells: list[str]) -> dict[str, int]:
    names = [c.strip() for c in cells]
    dupes = sorted({c for c in names if names.count(c) > 1})
    if dupes:
        msg = f"{name}, line {line}: duplicate column(s) {', '.join(dupes)}"
        raise ValueError(msg)
    missing = [c for c in COLUMNS if c not in names]
    if missing:
        msg = f"{name}, line {line}: missing column(s) {', '.join(missing)}"
        raise ValueError(msg)
    return {c: names.index(c) for c in COLUMNS}


def _row(name: str, line: int, row: dict[str, str]) -> AuditRow:
    kind = row["kind"]
    try:
        if kind not in KINDS:
            msg = f"unknown kind {kind!r} (known: {', '.join(KINDS)})"
            raise TableError(msg, column="kind")
        if not row["printed"]:
            msg = "the printed value is empty"
            raise TableError(msg, column="printed")
        status, result, reason = run_kind(kind, row["printed"], row["inputs"])
    except TableError as exc:
        msg = f"{name}, line {line}, column {exc.column}: {exc}"
        raise ValueError(msg) from None
    return AuditRow(
        row["id"],
        row["where"],
        kind,
        row["printed"],
        row["inputs"],
        row["note"],
        line,
        Status(status),
        result,
        reason,
    )
