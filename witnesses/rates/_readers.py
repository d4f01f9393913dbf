"""Read tabular records from files that may be hostile (issue 22, item 3).

Only regular files are read (a FIFO, a device or a directory is refused before
anything blocks), never more than a stated number of bytes, as UTF-8 with an
optional byte-order mark. CSV is parsed from the file object, so quoted cells
keep their newlines; a duplicate header or a row with too few or too many
cells is an error naming the row. JSON is read strictly: a key repeated in
one object (JSON would keep only the last) and the non-standard ``NaN`` and
``Infinity`` tokens are errors, never a silently kept or missing value. A
file without a single record (empty, blank or a header row alone) is an
error. Every failure is a :class:`ValueError` that names the file and, where
there is one, the row.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT_MAX_BYTES",
    "Record",
    "loads",
    "open_regular",
    "read_json",
    "read_jsonl",
    "read_records",
    "show",
    "sniff_format",
]

DEFAULT_MAX_BYTES = 256 * 1024 * 1024
"""Largest file the loaders read unless told otherwise (256 MiB)."""

Record = tuple[int, Mapping[str, Any]]
"""A row number (1-based; a CSV header is row 1) and its cells."""

_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a directory",
    stat.S_IFSOCK: "a socket",
}


def read_records(path: Path, kind: str, max_bytes: int) -> Iterator[Record]:
    """Yield ``(row, record)`` from a CSV, JSON or JSONL file (see module doc).

    Raises ValueError, naming the file, when it holds no record at all.
    """
    readers = {"csv": _csv_records, "jsonl": _jsonl_records, "json": _json_records}
    empty = True
    with _open_regular(path, max_bytes) as raw:
        for record in readers[kind](raw, path):
            empty = False
            yield record
    if empty:
        msg = f"{path}: no records to read ({_EMPTY[kind]})"
        raise ValueError(msg)


_EMPTY = {
    "csv": "the file is empty or holds a header row alone",
    "jsonl": "the file holds no JSON line",
    "json": "the JSON list is empty",
}


def sniff_format(path: Path, max_bytes: int) -> str | None:
    """Tell ``"json"`` or ``"jsonl"`` from a file's first bytes (else ``None``).

    ``[``: a JSON document; ``{`` on a first line that is a whole JSON object:
    JSONL (unless that line is the file's only one and holds a ``trials``
    list); any other ``{``: JSON; anything else is not told apart from text
    (``None``: CSV needs its suffix or an explicit format). An empty file is
    an error.
    """
    with _open_regular(path, max_bytes) as raw:
        lines = iter(io.BufferedReader(raw))
        first = next(lines, b"").decode("utf-8-sig", errors="replace").strip()
        while not first:
            line = next(lines, None)
            if line is None:
                msg = f"{path}: no records to read (the file is empty)"
                raise ValueError(msg)
            first = line.decode("utf-8", errors="replace").strip()
        more = any(line.strip() for line in lines)
    if first.startswith("["):
        return "json"
    if not first.startswith("{"):
        return None
    try:
        record = _loads(first, path, "")
    except ValueError:
        return "json"
    if more:
        return "jsonl"
    return "json" if isinstance(record.get("trials"), list) else "jsonl"


def _open_regular(path: Path, max_bytes: int) -> _Capped:
    """Open a regular file of at most ``max_bytes`` bytes (else ValueError)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        msg = f"{path}: cannot read the file ({exc.strerror})"
        raise ValueError(msg) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            msg = f"{path}: is {what}; only regular files are read"
            raise ValueError(msg)
        if info.st_size > max_bytes:
            msg = (
                f"{path}: the file has {info.st_size} bytes, more than "
                f"max_bytes={max_bytes} (pass a larger max_bytes to read it)"
            )
            raise ValueError(msg)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        stream = io.FileIO(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise
    return _Capped(stream, max_bytes, path)


open_regular = _open_regular


class _Capped(io.RawIOBase):
    """A raw reader that refuses to read past ``limit`` bytes (a growing file)."""

    def __init__(self, stream: io.FileIO, limit: int, path: Path) -> None:
        self._stream, self._left, self._path = stream, limit, path

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        got = self._stream.readinto(view[: self._left + 1]) or 0
        if got > self._left:
            msg = f"{self._path}: the file grew past max_bytes while being read"
            raise ValueError(msg)
        self._left -= got
        return got

    def close(self) -> None:
        self._stream.close()
        super().close()


class _Lines:
    """Decode a binary file line by line, counting physical lines."""

    def __init__(self, raw: _Capped, path: Path) -> None:
        self._lines = io.BufferedReader(raw)
        self._path = path
        self.number = 0

    def __iter__(self) -> Iterator[str]:
        for data in self._lines:
            self.number += 1
            try:
                text = data.decode("utf-8-sig" if self.number == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                msg = f"{self._path}: line {self.number}: not UTF-8 text ({exc.reason})"
                raise ValueError(msg) from None
            yield text


def _csv_records(raw: _Capped, path: Path) -> Iterator[Record]:
    lines = _Lines(raw, path)
    # strict: a quote left open runs to the end of the file and would take
    # every later row into one cell; the csv module then says so
    reader = csv.reader(lines, strict=True)
    row = 1
    try:
        header = next(reader, None)
        if header is None:
            return
        seen: dict[str, int] = {}
        for position, name in enumerate(header, start=1):
            if name in seen:
                msg = (
                    f"{path}: row 1: duplicate column {name!r} "
                    f"(columns {seen[name]} and {position})"
                )
                raise ValueError(msg)
            seen[name] = position
        width = len(header)
        for cells in reader:
            row += 1
            if not cells:
                continue  # a blank line
            if len(cells) != width:
                which = "more" if len(cells) > width else "fewer"
                msg = (
                    f"{path}: row {row}: {which} cells than header columns "
                    f"({len(cells)} cells, {width} columns)"
                )
                raise ValueError(msg)
            yield row, dict(zip(header, cells, strict=True))
    except csv.Error as exc:
        why = str(exc)
        if why == "unexpected end of data":
            why = (
                'a quoted cell is never closed: its opening " takes every later '
                "line into one cell up to the end of the file"
            )
        msg = f"{path}: row {row + 1} (line {lines.number}): malformed CSV ({why})"
        raise ValueError(msg) from None


_ARRAY_HINT = (
    " (the file opens a JSON array, not one object a line: read it as JSON, "
    "--file-format json or format='json')"
)


def _jsonl_records(raw: _Capped, path: Path) -> Iterator[Record]:
    for number, line in enumerate(_Lines(raw, path), start=1):
        if line.strip():
            try:
                record = _loads(line, path, f"row {number}: ")
            except ValueError as exc:
                if number == 1 and line.lstrip().startswith("["):
                    msg = f"{exc}{_ARRAY_HINT}"
                    raise ValueError(msg) from None
                if "\r" in line.rstrip("\r\n"):
                    msg = (
                        f"{exc}; the line holds a carriage return that ends no line "
                        "(old Mac line ends, a bare CR): JSONL lines end with a "
                        "newline (\\n or \\r\\n); convert the line ends"
                    )
                    raise ValueError(msg) from None
                raise
            if not isinstance(record, dict):
                hint = _ARRAY_HINT if isinstance(record, list) and number == 1 else ""
                msg = (
                    f"{path}: row {number}: a trial must be a JSON object, got "
                    f"{show(record)}{hint}"
                )
                raise ValueError(msg)
            yield number, record


def read_json(path: Path, max_bytes: int) -> Any:
    """Return the JSON document in ``path`` (same refusals as :func:`read_records`)."""
    with _open_regular(path, max_bytes) as raw:
        return _json_document(raw, path)


def read_jsonl(path: Path, max_bytes: int) -> Iterator[Record]:
    """Yield ``(line, object)`` for every non-blank line of a JSONL file."""
    with _open_regular(path, max_bytes) as raw:
        yield from _jsonl_records(raw, path)


def _json_document(raw: _Capped, path: Path) -> Any:
    data = io.BufferedReader(raw).read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        msg = f"{path}: line {line}: not UTF-8 text ({exc.reason})"
        raise ValueError(msg) from None
    return _loads(text, path, "")


def _json_records(raw: _Capped, path: Path) -> Iterator[Record]:
    doc = _json_document(raw, path)
    if isinstance(doc, dict) and isinstance(doc.get("trials"), list):
        doc = doc["trials"]
    if not isinstance(doc, list):
        msg = f"{path}: JSON must hold a list of trial objects or {{'trials': [...]}}"
        raise ValueError(msg)
    for number, record in enumerate(doc, start=1):
        if not isinstance(record, dict):
            msg = f"{path}: row {number}: a trial must be a JSON object, got {show(record)}"
            raise ValueError(msg)
        yield number, record


class _DuplicateKey(ValueError):
    """A key repeated within one JSON object."""


class _NotFinite(ValueError):
    """A ``NaN`` or ``Infinity`` token, which JSON does not define."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        counts = Counter(key for key, _ in pairs)
        raise _DuplicateKey(next(key for key, n in counts.items() if n > 1))
    return out


def _constant(token: str) -> Any:
    raise _NotFinite(token)


def _loads(text: str, path: Path, where: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except _DuplicateKey as exc:
        msg = (
            f"{path}: {where}duplicate key {show(exc.args[0])} in one JSON object "
            "(JSON would keep only the last value; remove one)"
        )
        raise ValueError(msg) from None
    except _NotFinite as exc:
        msg = (
            f"{path}: {where}{exc.args[0]} is not a JSON value "
            "(write null for a missing value)"
        )
        raise ValueError(msg) from None
    except json.JSONDecodeError as exc:
        at = (
            f" at character {exc.colno}"
            if where
            else f" at line {exc.lineno}, character {exc.colno}"
        )
        msg = f"{path}: {where}malformed JSON{at} ({exc.msg})"
        if exc.msg == "Extra data" and not where:
            msg += (
                "; the file holds more than one JSON value where one document "
                "was expected (a JSON Lines file, or two files swapped?)"
            )
        raise ValueError(msg) from None
    except RecursionError:
        msg = f"{path}: {where}JSON nested too deeply to read"
        raise ValueError(msg) from None
    except ValueError as exc:  # e.g. an integer longer than Python's digit limit
        msg = f"{path}: {where}unreadable JSON value ({exc})"
        raise ValueError(msg) from None


def show(value: Any) -> str:
    """Describe a value for a message without walking deep or huge structures."""
    if isinstance(value, dict):
        return "a JSON object"
    if isinstance(value, list):
        return "a JSON array"
    if isinstance(value, int) and value.bit_length() > 64:
        return "an integer of more than 64 bits"
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


loads = _loads
"""Parse one JSON text strictly (the JSONL fast path lists the first keys with it)."""
