"""The papers' printed statistics as ledger claims, built from data files.

Each paper has a folder ``proofs/claims/<tag>/stats/`` holding audit tables
(see :mod:`proofs.audit`) and an ``index.csv`` with the columns
``file,claim_id,where,statement``. Every listed table becomes one claim of kind
``arithmetic``:

- ``verified`` when every printed number in it is consistent;
- ``refuted`` when any is inconsistent (the counterexample lists each
  inconsistent number with its recomputed value);
- ``open`` when some rows are not checkable and none is inconsistent.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from functools import partial
from importlib.resources import files
from importlib.resources.abc import Traversable

from proofs.audit import AuditReport, Status, audit_table
from proofs.records import SOURCES, Claim, ClaimCheck, Kind, Verdict

__all__ = ["INDEX_COLUMNS", "check_table", "index_claims", "stats_folder"]

INDEX_COLUMNS = ("file", "claim_id", "where", "statement")
"""The columns of ``proofs/claims/<tag>/stats/index.csv``."""


def stats_folder(tag: str) -> Traversable:
    """Return the folder of a paper's transcribed tables: ``proofs/claims/<tag>/stats``.

    Parameters
    ----------
    tag : str
        A source tag of :data:`proofs.records.SOURCES` (``"VM"``, ``"DL"``, ...).

    Raises
    ------
    ValueError
        If ``tag`` is not a source tag.

    Examples
    --------
    >>> from proofs.statistics import stats_folder
    >>> stats_folder("KO").is_dir()
    True
    """
    if not isinstance(tag, str) or tag not in SOURCES:
        msg = f"tag must be one of {', '.join(SOURCES)}, got {tag!r}"
        raise ValueError(msg)
    return files("proofs") / "claims" / tag.lower() / "stats"


def check_table(claim_id: str, table: Traversable, display: str) -> ClaimCheck:
    """Audit one table and turn the report into the claim's verdict.

    Parameters
    ----------
    claim_id : str
        The claim the table backs.
    table : Traversable
        The audit table.
    display : str
        The table's path as shown in the evidence.

    Returns
    -------
    ClaimCheck

    Raises
    ------
    ValueError
        For a table that cannot be read or is malformed, and for a table with
        no row: a claim is never verified on nothing (:func:`audit_table`).

    Examples
    --------
    >>> from proofs.statistics import check_table
    >>> from importlib.resources import files
    >>> table = files("proofs") / "data" / "examples" / "audit.csv"
    >>> res = check_table("EX", table, "proofs/data/examples/audit.csv")
    >>> res.verdict.value, res.counterexample["inconsistent"][0]["id"]
    ('refuted', 'T1-total')
    """
    if not isinstance(claim_id, str) or not claim_id:
        msg = f"claim_id must be a non-empty str, got {claim_id!r}"
        raise TypeError(msg)
    if not isinstance(table, Traversable) or not table.is_file():
        msg = f"table must be an audit table file (a Traversable), got {table!r}"
        raise ValueError(msg)
    report = audit_table(table)
    counts = report.counts()
    evidence = (
        f"python -m proofs audit {display}: {len(report.rows)} printed numbers, "
        + ", ".join(f"{n} {s}" for s, n in counts.items())
    )
    bad = report.inconsistent
    if bad:
        rows = [
            {
                "id": r.id,
                "where": r.where,
                "printed": r.printed,
                "recomputed": r.recomputed,
            }
            for r in bad
        ]
        return ClaimCheck(claim_id, Verdict.REFUTED, evidence, {"inconsistent": rows})
    if counts[Status.NOT_CHECKABLE.value]:
        return ClaimCheck(claim_id, Verdict.OPEN, evidence + _reasons(report))
    return ClaimCheck(claim_id, Verdict.VERIFIED, evidence)


def _reasons(report: AuditReport) -> str:
    skipped = [r for r in report.rows if r.status is Status.NOT_CHECKABLE]
    shown = "; ".join(f"{r.id}: {r.reason}" for r in skipped[:5])
    more = f" (and {len(skipped) - 5} more)" if len(skipped) > 5 else ""
    return f"; not checkable: {shown}{more}"


def index_claims(tag: str, folder: Traversable) -> Iterator[Claim]:
    """Yield one arithmetic claim per table listed in ``folder/index.csv``.

    Parameters
    ----------
    tag : str
        The paper's tag; every claim id must start with ``tag-``.
    folder : importlib.resources.abc.Traversable
        The folder of the index and its tables (a :class:`pathlib.Path` will do).
        Nothing is yielded when it has no ``index.csv``.

    Yields
    ------
    Claim
        Checked by :func:`check_table` on its table.

    Raises
    ------
    ValueError
        If the index is malformed (the message names the file, the row and the
        column).

    Examples
    --------
    >>> from proofs.statistics import index_claims, stats_folder
    >>> claims = list(index_claims("KO", stats_folder("KO")))
    >>> len(claims) > 0 and all(c.id.startswith("KO-") for c in claims)
    True
    """
    index = folder / "index.csv"
    if not index.is_file():
        return
    name = f"proofs/claims/{tag.lower()}/stats/index.csv"
    with (
        index.open("rb") as raw,
        io.TextIOWrapper(raw, encoding="utf-8-sig", newline="") as fh,
    ):
        reader = csv.DictReader(row for row in fh if not row.startswith("#"))
        if tuple(reader.fieldnames or ()) != INDEX_COLUMNS:
            msg = f"{name}: header must be {','.join(INDEX_COLUMNS)}"
            raise ValueError(msg)
        rows = list(reader)
    for number, row in enumerate(rows, start=1):
        if None in row or any(v is None for v in row.values()):
            msg = f"{name}, data row {number}: ragged row"
            raise ValueError(msg)
        file, claim_id = row["file"].strip(), row["claim_id"].strip()
        table = folder / file
        if (
            "/" in file
            or "\\" in file
            or not file.endswith(".csv")
            or not table.is_file()
        ):
            msg = f"{name}, data row {number}, column file: no table {file!r} next to the index"
            raise ValueError(msg)
        if claim_id.split("-", 1)[0] != tag:
            msg = f"{name}, data row {number}, column claim_id: {claim_id!r} must start with {tag}-"
            raise ValueError(msg)
        display = f"proofs/claims/{tag.lower()}/stats/{file}"
        yield Claim(
            claim_id,
            row["statement"].strip(),
            Kind.ARITHMETIC,
            partial(check_table, claim_id, table, display),
            where=row["where"].strip(),
        )
