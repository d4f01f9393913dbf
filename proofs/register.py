"""The register of every claim and the functions that run it."""

from __future__ import annotations

import dataclasses
import functools
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from proofs.records import Claim, ClaimCheck, attempt

__all__ = ["CLAIMS", "LedgerEntry", "check", "claim", "claims_of", "ledger"]


def _row_id(claim_id: str) -> str:
    """Return the id of the catalogue row that registers ``claim_id``.

    The row has the claim's own id, without a witness-semantics suffix
    (``VM-E58@paper`` is registered by the row ``VM-E58``).

    """
    return claim_id.split("@", 1)[0]


def _from_catalogue(items: list[Claim]) -> tuple[Claim, ...]:
    # proofs/claims/<tag>/catalogue.csv is the one register of each claim's
    # location and statement: an entry takes both from its row, by id. A claim
    # without a row keeps what its module typed (tests/proofs/test_catalogue.py
    # fails on it).
    from proofs._catalogue import catalogue

    rows = {e.id: e for e in catalogue()}
    out = []
    for item in items:
        row = rows.get(_row_id(item.id))
        if row is not None:
            item = dataclasses.replace(item, where=row.where, statement=row.statement)
        out.append(item)
    return tuple(out)


@functools.cache
def claims_of(tag: str) -> tuple[Claim, ...]:
    """Return the registered claims of one source tag, importing only its folder.

    The claims are those of the modules ``proofs.claims.<tag>.MODULES`` lists,
    in that order, then the tag's catalogue rows that no check decides (each
    an open entry). Location and statement come from the tag's catalogue.

    Parameters
    ----------
    tag : str
        One of :data:`proofs.records.SOURCES`.

    Raises
    ------
    ValueError
        If ``tag`` is not a source tag.
    RuntimeError
        If a claim id is registered twice, or under another tag's folder.

    Examples
    --------
    >>> from proofs.register import claims_of
    >>> {c.source for c in claims_of("PJ")}
    {'PJ'}
    """
    from proofs.claims import TAGS

    if not isinstance(tag, str) or tag not in TAGS:
        msg = f"tag must be one of {', '.join(TAGS)}, got {tag!r}"
        raise ValueError(msg)
    package = importlib.import_module(TAGS[tag])
    claims: list[Claim] = []
    seen: set[str] = set()
    for name in package.MODULES:
        module = importlib.import_module(name)
        for item in module.CLAIMS:
            if item.id in seen:
                msg = f"claim id {item.id} registered twice (second time in {name})"
                raise RuntimeError(msg)
            if item.source != tag:
                msg = f"claim id {item.id} is registered in {name}, not under its tag {tag}"
                raise RuntimeError(msg)
            seen.add(item.id)
            claims.append(item)
    return (*_from_catalogue(claims), *_not_checked(seen, tag))


def _collect() -> tuple[Claim, ...]:
    from proofs.records import SOURCES

    return tuple(c for tag in SOURCES for c in claims_of(tag))


# How a catalogue row that no check decides is filed: the kind of check that
# would decide it (its verdict is open either way).
_KIND_OF_ROW = {
    "statistic": "arithmetic",
    "worked-example": "arithmetic",
    "consistency": "arithmetic",
    "empirical": "data",
}


def _not_checked(seen: set[str], tag: str) -> tuple[Claim, ...]:
    # Every catalogue row gets a verdict: a row with status not-checked (the
    # catalogue gives the reason) is its own entry, open, with that reason as
    # its evidence; it follows the checked claims, in catalogue order.
    from proofs._catalogue import catalogue
    from proofs.records import Kind

    out = []
    for row in catalogue(source=tag):
        if row.status != "not-checked" or row.id in seen:
            continue
        kind = Kind(_KIND_OF_ROW.get(row.kind, "symbolic"))
        check = functools.partial(_open_for, row.id, row.reason)
        out.append(Claim(row.id, row.statement, kind, check, where=row.where))
    return tuple(out)


def _open_for(claim_id: str, reason: str) -> ClaimCheck:
    from proofs.records import Verdict

    evidence = (
        f"not checked, so not decided: {reason} (the catalogue lists the claim "
        "with status not-checked and this reason)"
    )
    return ClaimCheck(claim_id, Verdict.OPEN, evidence)


if TYPE_CHECKING:
    CLAIMS: tuple[Claim, ...]
    """Every registered claim, in ledger order."""
    _COLLECTED: tuple[Claim, ...]


def __getattr__(name: str) -> Any:
    """Collect ``CLAIMS`` on first use (PEP 562).

    Collecting imports every claim module (z3, sympy, scipy); the ledger's
    runner needs only :class:`LedgerEntry` when every verdict comes from its
    cache, so the collection waits until a name asks for it.
    """
    if name in ("CLAIMS", "_COLLECTED"):
        value = _collect()
        # _COLLECTED keeps what was collected when CLAIMS is replaced (a test's
        # monkeypatch): the ledger's cache trusts only these claims
        globals().update(CLAIMS=value, _COLLECTED=value)
        return value
    msg = f"module 'proofs.register' has no attribute {name!r}"
    raise AttributeError(msg)


def _claims() -> tuple[Claim, ...]:
    value: tuple[Claim, ...] = (
        globals()["CLAIMS"] if "CLAIMS" in globals() else __getattr__("CLAIMS")
    )
    return value


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One row of the ledger: the claim, its check result, or the crash.

    Examples
    --------
    >>> from proofs import ledger
    >>> row = ledger(ids=["VM-P2"])[0]
    >>> sorted(row.to_dict())
    ['also_decides', 'counterexample', 'evidence', 'id', 'kind', 'source', 'statement',
     'verdict', 'where']
    """

    claim: Claim
    result: ClaimCheck | None
    error: str | None = None

    def to_dict(self) -> dict[str, object]:
        """Return the claim's JSON row (stable key order; docs/guide/ledger.md)."""
        row: dict[str, object] = {
            "id": self.claim.id,
            "source": self.claim.source,
            "statement": self.claim.statement,
            "where": self.claim.where,
            "kind": self.claim.kind.value,
        }
        if self.result is None:
            row.update(verdict="error", evidence=self.error, counterexample=None)
        else:
            data = self.result.to_dict()
            row.update(
                verdict=data["verdict"],
                evidence=data["evidence"],
                counterexample=data["counterexample"],
            )
        row["also_decides"] = _also_decides(self.claim.id)
        return row


def _also_decides(claim_id: str) -> list[dict[str, str]]:
    """Return the JSON list of the other catalogue rows ``claim_id`` decides.

    Each item is ``{"id", "where", "status"}`` (``status`` is ``"checked"``
    or ``"weaker"``, the catalogue's word for how the row is checked); see
    :func:`proofs._catalogue.decided_rows`.
    """
    from proofs._catalogue import decided_rows

    return [
        {"id": r.id, "where": r.where, "status": r.status}
        for r in decided_rows(claim_id)
    ]


def claim(claim_id: str) -> Claim:
    """Return the registered claim ``claim_id``.

    Examples
    --------
    >>> from proofs import claim
    >>> claim("VM-P1").source
    'VM'
    """
    if "CLAIMS" not in globals() and isinstance(claim_id, str):
        # only the id's folder is imported (the register may be replaced by a test)
        tag = claim_id.split("-", 1)[0]
        from proofs.records import SOURCES

        if tag in SOURCES:
            for item in claims_of(tag):
                if item.id == claim_id:
                    return item
    registered = _claims()
    for item in registered:
        if item.id == claim_id:
            return item
    known = ", ".join(c.id for c in registered[:8])
    msg = f"claim_id={claim_id!r} is not registered (known ids include {known}, ...)"
    raise ValueError(msg)


def check(claim_id: str) -> ClaimCheck:
    """Run the check of one claim and return its result.

    Examples
    --------
    >>> from proofs import check
    >>> check("VM-P2").verdict.value
    'proven'
    """
    return claim(claim_id).run()


def ledger(*, ids: list[str] | None = None) -> list[LedgerEntry]:
    """Run every check (or those in ``ids``) and return the ledger rows.

    A check that raises becomes a row with ``result=None`` and the traceback
    in ``error``; the other rows still run.

    Examples
    --------
    >>> from proofs import ledger
    >>> [row.result.verdict.value for row in ledger(ids=["VM-P1", "VM-R1"])]
    ['proven', 'proven']
    """
    chosen = _claims() if ids is None else tuple(claim(i) for i in ids)
    rows = []
    for item in chosen:
        result, error = attempt(item)
        rows.append(LedgerEntry(item, result, error))
    return rows
