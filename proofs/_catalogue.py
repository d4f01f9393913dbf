"""The claims catalogue: every checkable claim of each paper and how it is checked.

Data files ``proofs/claims/<tag>/catalogue.csv`` (one folder per paper) with the columns
``id,where,kind,statement,checked_by,status`` (restatements in our words; no
text of the papers). Import from :mod:`proofs` (``proofs.catalogue()``).
"""

from __future__ import annotations

import csv
import functools
import io
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable

__all__ = [
    "CATALOGUE_COLUMNS",
    "CATALOGUE_KINDS",
    "CatalogueEntry",
    "catalogue",
    "decided_rows",
    "load_catalogue",
]

CATALOGUE_COLUMNS = ("id", "where", "kind", "statement", "checked_by", "status")
"""The columns of ``proofs/claims/<tag>/catalogue.csv``."""

CATALOGUE_KINDS = (
    "theorem",
    "proposition",
    "lemma",
    "corollary",
    "definition-consequence",
    "worked-example",
    "statistic",
    "complexity",
    "consistency",
    "empirical",
)
"""The kinds of claim a catalogue row may have."""

_STATUSES = ("checked", "weaker", "not-checked")
_ORDER = ("VM", "DL", "SLM", "KO", "PJ")


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """One claim a paper makes, where it makes it, and which ledger ids check it.

    Attributes
    ----------
    source : str
        The paper's tag (``VM``, ``DL``, ``SLM``, ``KO``, ``PJ``).
    id : str
        The claim's id (a ledger id when one checks exactly this claim).
    where : str
        Section, theorem, equation, table or figure.
    kind : str
        One of :data:`CATALOGUE_KINDS`.
    statement : str
        Our restatement of the claim.
    checked_by : tuple of str
        The ledger ids whose checks cover it (empty when not checked).
    status : str
        ``"checked"`` (as stated), ``"weaker"`` (in a weaker or changed form,
        said how in the statement or after ``weaker:``) or ``"not-checked"``.
    reason : str
        Why it is not checked, or how the check is weaker (``weaker: <how>``;
        optional, the statement may say it instead); empty otherwise.

    Examples
    --------
    >>> from proofs import catalogue
    >>> entry = next(e for e in catalogue(source="VM") if e.id == "VM-P1")
    >>> entry.status, entry.checked_by
    ('checked', ('VM-P1',))
    """

    source: str
    id: str
    where: str
    kind: str
    statement: str
    checked_by: tuple[str, ...]
    status: str
    reason: str = ""


def catalogue(*, source: str | None = None) -> tuple[CatalogueEntry, ...]:
    """Return the claims catalogue, of one paper or of all (in paper order).

    Parameters
    ----------
    source : str, optional
        A paper tag; all papers when omitted.

    Returns
    -------
    tuple of CatalogueEntry

    Raises
    ------
    ValueError
        If ``source`` has no catalogue, or a catalogue file is malformed (the
        message names the file, the line and the column).

    Examples
    --------
    >>> from proofs import catalogue
    >>> {e.source for e in catalogue()} >= {"VM", "KO", "PJ"}
    True
    >>> all(e.status == "not-checked" or e.checked_by for e in catalogue(source="VM"))
    True
    """
    tags = [t for t in _ORDER if catalogue_file(t).is_file()]
    if source is not None:
        if source not in tags:
            msg = f"source={source!r} has no catalogue (known: {', '.join(tags)})"
            raise ValueError(msg)
        tags = [source]
    return tuple(e for tag in tags for e in load_catalogue(tag, catalogue_file(tag)))


def catalogue_file(tag: str) -> Traversable:
    """Return the catalogue file of the paper ``tag``: ``proofs/claims/<tag>/catalogue.csv``."""
    return files("proofs") / "claims" / tag.lower() / "catalogue.csv"


def decided_rows(claim_id: str) -> tuple[CatalogueEntry, ...]:
    """Return the other catalogue rows whose verdict the claim ``claim_id`` decides.

    A ledger entry prints the catalogue row that has its own id; a row with
    another id that names the claim in ``checked_by`` is decided by it too
    (``VM-COMMIT`` is checked by ``VM-P1-COMMIT`` and ``VM-P2-COMMIT``). The
    ledger prints these rows under the entry, so that a reader sees every
    sentence of the paper a verdict speaks for. A semantics suffix
    (``@paper``) is ignored; the claim's own row is never listed.

    Parameters
    ----------
    claim_id : str
        A ledger id.

    Returns
    -------
    tuple of CatalogueEntry
        In catalogue order; empty when the claim decides no other row.

    Raises
    ------
    TypeError
        If ``claim_id`` is not a str.

    Examples
    --------
    >>> from proofs import decided_rows
    >>> [row.id for row in decided_rows("VM-P1-COMMIT")]
    ['VM-COMMIT']
    >>> decided_rows("VM-P1")
    ()
    """
    if not isinstance(claim_id, str):
        msg = f"claim_id must be a str (a ledger id), got {type(claim_id).__name__}"
        raise TypeError(msg)
    return _reverse_index().get(claim_id.split("@", 1)[0], ())


@functools.cache
def _reverse_index() -> dict[str, tuple[CatalogueEntry, ...]]:
    index: dict[str, list[CatalogueEntry]] = {}
    for row in catalogue():
        for checker in row.checked_by:
            name = checker.split("@", 1)[0]
            if name != row.id:
                index.setdefault(name, []).append(row)
    return {name: tuple(rows) for name, rows in index.items()}


def load_catalogue(tag: str, path: Traversable) -> list[CatalogueEntry]:
    """Read one paper's catalogue file and check it.

    Parameters
    ----------
    tag : str
        The paper's tag (``"VM"``, ``"DL"``, ...); every entry gets it as its source.
    path : importlib.resources.abc.Traversable
        The CSV file (a :class:`pathlib.Path` will do).

    Returns
    -------
    list of CatalogueEntry
        In file order.

    Raises
    ------
    ValueError
        If the file is malformed (the message names the file, the line and the
        column).

    Examples
    --------
    >>> from importlib.resources import files
    >>> from proofs._catalogue import load_catalogue
    >>> rows = load_catalogue("VM", files("proofs") / "claims" / "vm" / "catalogue.csv")
    >>> rows[0].id, rows[0].source
    ('VM-P1', 'VM')
    """
    name = f"proofs/claims/{tag.lower()}/catalogue.csv"
    with (
        path.open("rb") as raw,
        io.TextIOWrapper(raw, encoding="utf-8-sig", newline="") as fh,
    ):
        reader = csv.reader(fh)
        rows = [(reader.line_num, cells) for cells in reader]
    body = [(n, c) for n, c in rows if c and not c[0].lstrip().startswith("#")]
    if not body or tuple(h.strip() for h in body[0][1]) != CATALOGUE_COLUMNS:
        msg = f"{name}: the header must be {','.join(CATALOGUE_COLUMNS)}"
        raise ValueError(msg)
    out: list[CatalogueEntry] = []
    seen: set[str] = set()
    for line, cells in body[1:]:
        if len(cells) != len(CATALOGUE_COLUMNS):
            msg = f"{name}, line {line}: {len(cells)} cells, expected {len(CATALOGUE_COLUMNS)}"
            raise ValueError(msg)
        entry = _entry(tag, name, line, [c.strip() for c in cells])
        if entry.id in seen:
            msg = f"{name}, line {line}, column id: {entry.id!r} is a duplicate"
            raise ValueError(msg)
        seen.add(entry.id)
        out.append(entry)
    return out


def _entry(tag: str, name: str, line: int, cells: list[str]) -> CatalogueEntry:
    ident, where, kind, statement, checked, status = cells

    def fail(problem: str, column: str) -> ValueError:
        return ValueError(f"{name}, line {line}, column {column}: {problem}")

    if not ident or not where or not statement:
        missing = [c for c, v in zip(CATALOGUE_COLUMNS, cells, strict=False) if not v]
        msg = "empty"
        raise fail(msg, missing[0])
    if kind not in CATALOGUE_KINDS:
        msg = f"unknown kind {kind!r} (allowed: {', '.join(CATALOGUE_KINDS)})"
        raise fail(msg, "kind")
    head, _, reason = status.partition(":")
    head, reason = head.strip(), reason.strip()
    if head not in _STATUSES or (head == "checked" and reason):
        msg = f"{status!r} must be checked, weaker[: <how>] or 'not-checked: <reason>'"
        raise fail(msg, "status")
    if head == "not-checked" and not reason:
        msg = f"{status!r} must give its reason: 'not-checked: <reason>'"
        raise fail(msg, "status")
    ids = tuple(i.strip() for i in checked.split(";") if i.strip())
    if head != "not-checked" and not ids:
        msg = f"a {head} claim names the ledger ids that check it"
        raise fail(msg, "checked_by")
    return CatalogueEntry(tag, ident, where, kind, statement, ids, head, reason)
