"""The catalogue is the one register of each ledger entry's location and statement (issue 28)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from proofs import CLAIMS, catalogue
from proofs._catalogue import CatalogueEntry

_FILES = {
    "VM": "VM-validity-mirage.txt",
    "DL": "DL-depth-not-length.txt",
    "SLM": "SLM-superlocalmemory-v3.txt",
    "KO": "KO-knowledge-objects.txt",
    "PJ": "PJ-project-journal.txt",
}
_HEADING = re.compile(r"^(?:#+\s*)?([0-9]+(?:\.[0-9]+)*|[A-Z](?:\.[0-9]+)*)\.?\s+[A-Z]")
_SECTION = re.compile(
    r"(?:§\s*|\bSections?\s+|\bAppendix\s+|\bApp\.\s*)([0-9]+(?:\.[0-9]+)*|[A-Z](?:\.[0-9]+)*)\b"
)
_NAMED = re.compile(
    r"\b(Table|Figure|Theorem|Proposition|Corollary|Lemma|Definition|Def\.|Remark|"
    r"Algorithm|Assumption)\s+([0-9]+(?:\.[0-9]+)*)"
)
_EQUATION = re.compile(r"\b(?:Eq\.|Eqs\.|Equation)\s*\(?([0-9]+)\)?")


def _row(claim_id: str) -> str:
    return claim_id.split("@", 1)[0]


def test_every_registered_id_has_its_catalogue_row():
    """Each ledger id (without its @semantics) is the id of a catalogue row."""
    rows = {e.id for e in catalogue()}
    assert [c.id for c in CLAIMS if _row(c.id) not in rows] == []


def test_every_entry_takes_where_and_statement_from_its_row():
    """No entry prints an empty where; both fields are its catalogue row's."""
    rows = {e.id: e for e in catalogue()}
    for c in CLAIMS:
        row = rows[_row(c.id)]
        assert c.where, c.id
        assert (c.where, c.statement) == (row.where, row.statement), c.id


def test_every_checker_named_by_a_row_is_registered():
    """A row may only name ledger ids that exist (with or without @semantics)."""
    registered = {c.id for c in CLAIMS} | {_row(c.id) for c in CLAIMS}
    bad = [(e.id, i) for e in catalogue() for i in e.checked_by if i not in registered]
    assert bad == []


_SOURCE = re.compile(r"source: (reference-code|design-note|our-reading)\b")
# readings, models and carriers of ours (issue 28's re-audit found them under the
# papers' sections)
_OURS = (
    "KO-CMP-PERROUND",
    "KO-DAR-SIM",
    "PJ-PIN-CONTRACT",
    "VM-SEMIRING-SET",
    "VM-SEMIRING-EQ",
    "VM-SEMIRING-MAX",
    "VM-SEMIRING-MIN",
    "VM-SEMIRING-MAT",
    "VM-TROP-MONOID",
    "VM-TROP-HOM",
    "VM-TROP-WITNESS",
)
# an existential claim of a paper is decided by an example, which may be ours
_EXISTENTIAL = ("VM-SEMIRING",)


def test_source_rows_are_not_under_the_papers_sections():
    """A reading of ours, of the reference code or of a design note says so first."""
    for e in catalogue():
        if e.id.startswith("VM-DIS-") or _row(e.id) in ("VM-D2-GAP", "VM-C3-SEPARATE"):
            assert re.match(r"source: (reference-code|design-note)\b", e.where), e.id
        if e.where.startswith("source:"):
            assert _SOURCE.match(e.where), e.id
        if e.id in _OURS or e.where.startswith("source: our-reading"):
            assert e.where.startswith("source: our-reading ("), e.id
            assert "compared with" in e.where, e.id
        paper_rows = ("VM-TP", "VM-SOLVER", "VM-ABSORB", "VM-D2", "VM-C3", "VM-P3")
        if e.id in paper_rows:
            named = [
                i for i in e.checked_by if "DIS" in i or "SEPARATE" in i or "GAP" in i
            ]
            assert named == [], e.id


def test_our_readings_decide_no_row_of_the_paper():
    """A row labelled source: our-reading never checks a paper's row (bar an existential)."""
    rows = catalogue()
    ours = {e.id for e in rows if e.where.startswith("source: our-reading")}
    assert set(_OURS) <= ours
    bad = [
        (e.id, i)
        for e in rows
        if not e.where.startswith("source:") and e.id not in _EXISTENTIAL
        for i in e.checked_by
        if _row(i) in ours
    ]
    assert bad == []


def test_our_readings_say_so_in_their_statement_or_where():
    """Statements that call themselves ours are labelled source: in their where."""
    mark = re.compile(r"^\((?:our |a reading we added)")
    unlabelled = [
        e.id
        for e in catalogue()
        if mark.match(e.statement) and not e.where.startswith("source:")
    ]
    assert unlabelled == ["DL-P1-UNIMODAL"]  # the paper's own premise, kept under §8.6


_APPENDIX = re.compile(r"^(?:#+\s*)?Appendix\s+([A-Z0-9]+)\b")


def _headings(text: str) -> set[str]:
    out = set()
    for line in text.splitlines():
        for pattern in (_HEADING, _APPENDIX):
            m = pattern.match(line.strip())
            if m:
                out.add(m.group(1))
    return out


def _missing_locations(
    entry: CatalogueEntry, text: str, headings: set[str]
) -> list[str]:
    """The references of ``entry.where`` that name no section or object of the paper."""
    where = entry.where
    if where.startswith("source:"):
        where = where.partition("compared with")[2]
    missing = []
    for number in _SECTION.findall(where):
        if number not in headings:
            missing.append(f"section {number}")
    for word, number in _NAMED.findall(where):
        word = "Definition" if word == "Def." else word
        if not re.search(rf"\b{word}[\s~˜]*{re.escape(number)}\b", text):
            missing.append(f"{word} {number}")
    for number in _EQUATION.findall(where):
        if f"({number})" not in text:
            missing.append(f"Eq. {number}")
    return missing


def test_locations_exist_in_the_papers(shared_dir: Path):
    """Every section, table, figure or numbered statement a location cites is in the paper."""
    papers = shared_dir / "papers"
    if not papers.is_dir():
        pytest.skip(f"{papers} is absent")
    bad = []
    for tag, name in _FILES.items():
        text = (papers / name).read_text(encoding="utf-8")
        headings = _headings(text)
        for entry in catalogue(source=tag):
            missing = _missing_locations(entry, text, headings)
            if missing:
                bad.append((entry.id, entry.where, missing))
    assert bad == []


def test_location_check_can_fail():
    """A section the paper lacks is reported."""
    entry = CatalogueEntry(
        "VM", "VM-X", "§99.9; Table 77", "theorem", "s", ("VM-X",), "checked"
    )
    assert _missing_locations(entry, "## 1 Intro\nTable 1: x", {"1"}) == [
        "section 99.9",
        "Table 77",
    ]
