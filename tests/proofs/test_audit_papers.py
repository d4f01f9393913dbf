"""``audit PAPER`` on the five papers against the hand transcriptions (issue 29).

The papers are in ``../shared/papers`` (they cannot ship); each test skips when
that folder is absent. The transcriptions are the audit tables of
``proofs/claims/<tag>/stats/``. A transcribed number is *found* when the reader
extracted the same printed value with the same check family and the same
counts (``n``, and ``k`` where the transcription has one; a finding without
``k`` serves a row with ``k`` when that ``k`` is the only count over ``n`` that
prints as the number, see :func:`_implied`): ``percent`` and
``percent_attainable`` are one family, ``proportion`` and
``proportion_attainable`` another, ``grim``/``grimmer``, ``interval`` and
``pvalue`` their own. Only the kinds the reader extracts count toward recall;
the table kinds (``sum``, ``mean``, ``difference``, ``ratio``, ``arith``,
``equal``), which relate cells to each other, are outside its scope.

Rows are matched exact counts first, then rows without ``k``, then implied
``k``, each finding serving one row. Run ``python
tests/proofs/test_audit_papers.py [SHARED_DIR]`` to print the measurement
table.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from decimal import Decimal, InvalidOperation
from importlib.resources import files
from pathlib import Path

import pytest

from proofs.audit import audit_table
from proofs.audit.paper import PaperReport, audit_paper
from theory import consistency as c

TAGS = {
    "VM": "VM-validity-mirage.txt",
    "DL": "DL-depth-not-length.txt",
    "SLM": "SLM-superlocalmemory-v3.txt",
    "KO": "KO-knowledge-objects.txt",
    "PJ": "PJ-project-journal.txt",
}
FAMILY = {
    "percent": "percent",
    "percent_attainable": "percent",
    "proportion": "proportion",
    "proportion_attainable": "proportion",
    "grim": "grim",
    "grimmer": "grim",
    "interval": "interval",
    "pvalue": "pvalue",
}


def _value(text: str) -> str:
    parts = []
    for piece in text.replace("%", "").split(";"):
        try:
            parts.append(str(Decimal(piece.strip()).normalize()))
        except InvalidOperation:
            parts.append(piece.strip())
    return ";".join(parts)


def _counts(inputs: str) -> tuple[str, str]:
    pairs = dict(p.split("=", 1) for p in inputs.split(";") if "=" in p)
    return pairs.get("n", ""), pairs.get("k", "")


def _transcribed(tag: str) -> list[tuple[str, str, str, str, str, str]]:
    """(family, value, n, k, id, printed) of every in-scope transcribed row."""
    out = []
    folder = files("proofs") / "claims" / tag.lower() / "stats"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".csv") or entry.name == "index.csv":
            continue
        for row in audit_table(entry).rows:
            family = FAMILY.get(row.kind)
            if family is None or "unchecked" in row.inputs:
                continue
            n, k = _counts(row.inputs)
            printed = (
                row.printed.split(";")[0] if row.kind == "grimmer" else row.printed
            )
            out.append(
                (family, _value(printed), n, k, f"{entry.name}:{row.id}", printed)
            )
    return out


def _implied(family: str, printed: str, n: str, k: str) -> bool:
    """Is ``k`` the only count whose rate over ``n`` prints as ``printed``?

    A finding without ``k`` (``percent_attainable``, ``proportion_attainable``)
    checked that some count over the same ``n`` prints as the number; when the
    transcription's ``k`` is the only such count, the two checks are the same
    and the row counts as found.
    """
    check = {
        "percent": c.percent_attainable,
        "proportion": c.proportion_attainable,
    }.get(family)
    if check is None or not (n.isdigit() and k.isdigit()):
        return False
    try:
        candidates = check(printed.strip().rstrip("%"), int(n)).candidates
    except ValueError:
        return False
    return list(candidates) == [int(k)]


def measure(tag: str, paper: Path) -> dict[str, object]:
    """Recall, flags and extras of one paper."""
    start = time.perf_counter()
    report = audit_paper(paper)
    seconds = time.perf_counter() - start
    pool: Counter[tuple[str, str, str, str]] = Counter()
    for f in report.findings:
        family = FAMILY.get(f.kind)
        if family is None:
            continue
        n, k = _counts(f.inputs)
        printed = f.printed.split(";")[0] if f.kind == "grimmer" else f.printed
        pool[(family, _value(printed), n, k)] += 1
    rows = _transcribed(tag)
    found: set[str] = set()
    # exact counts first, then rows without k, then a k the finding implies:
    # a finding serves one row, and a looser rule never takes it from a stricter one
    for rule in ("exact", "no k", "implied"):
        for family, value, n, k, ident, printed in rows:
            if ident in found:
                continue
            key = None
            if rule == "exact" and k and pool[(family, value, n, k)] > 0:
                key = (family, value, n, k)
            elif rule == "no k" and not k:
                keys = [
                    x for x, v in pool.items() if v > 0 and x[:3] == (family, value, n)
                ]
                key = min(keys, key=lambda x: (x[3] != "", x[3])) if keys else None
            elif (
                rule == "implied"
                and k
                and pool[(family, value, n, "")] > 0
                and _implied(family, printed, n, k)
            ):
                key = (family, value, n, "")
            if key is not None:
                pool[key] -= 1
                found.add(ident)
    missed = [row[4] for row in rows if row[4] not in found]
    counts = report.counts()
    return {
        "tag": tag,
        "report": report,
        "found": len(report.findings),
        "counts": counts,
        "transcribed": len(rows),
        "matched": len(found),
        "missed": missed,
        "recall": len(found) / len(rows) if rows else float("nan"),
        "extra": sum(v for v in pool.values() if v > 0),
        "seconds": seconds,
    }


def _flags(report: PaperReport) -> list[str]:
    return [
        f"{f.where}: {f.verdict}: {f.text!r} -> {f.recomputed}" for f in report.flagged
    ]


@pytest.fixture(scope="module")
def measured(shared_dir: Path) -> dict[str, dict[str, object]]:
    papers = shared_dir / "papers"
    if not papers.is_dir():
        pytest.skip(f"{papers} is absent")
    return {tag: measure(tag, papers / name) for tag, name in TAGS.items()}


# Issue 29 targets a recall of 80%; the reader reached 116 of 361 (32.1%) on
# 2026-11-27 with the n of a table taken from its caption, header or a count
# column only, and 255 of 361 (70.6%) once the n also comes from a caption
# total split over the rows, a caption of the same experiment, or the prose of
# the table's section (each an inference, never flagged). Most of the rest are
# numbers whose n the paper gives in another section or derives from other
# cells (n = 40 per depth stated in §6 for Table 7; 99 valid solves), which the
# hand transcription worked out and the reader does not.
# 298 of 361 (82.5%) once a row with no n also takes the count its label
# prints in other tables (SLM Table 5 from Table 7's Questions), a table "by
# depth" the "40 per depth" stated for its subject (DL Table 7), a pooled
# table the caption total of the table before it (VM Table 7), the rates of a
# formula the "k/n vs. k/n" before it, and a mean column the runs its row's
# "4/6" counts, a two-column table the n of its "Matchups | 3600" row (all
# inferences, never flagged).
# This floor keeps what is reached: the test fails if recall drops below it.
# 298 of 358 (83.2%) since PJ's phone_id.csv (3 rows of the reader's kinds, none
# matched) became the check PJ-STAT-PHONE of proofs.claims.ko.rereading (issue 28).
# 297 of 358 (83.0%) since the upper end of a range or interval is no share of
# the n after it: KO Table 5's "45%" (Opus, 5x, n = 20) had been "matched" by
# §2's "accuracy dropped to 30–45% at N=20", another sentence (new user, stop 39).
RECALL_FLOOR = 297


@pytest.mark.parametrize(
    ("family", "printed", "n", "k", "implied"),
    [
        ("proportion", "0.000", "240", "0", True),
        ("percent", "80.8", "360", "291", True),
        ("percent", "80.8", "360", "290", False),  # 80.56%
        ("percent", "50", "7", "3", False),  # no count of 7 prints as 50%
        ("proportion", "0.5", "10", "5", True),
        ("proportion", "0.50", "3", "1", False),
        ("interval", "0.5", "10", "5", False),  # only rates imply a count
        ("percent", "80.8", "", "291", False),
    ],
)
def test_a_count_implied_by_the_rate(family, printed, n, k, implied):
    """``k`` is implied only when it is the one count over ``n`` printing as the number."""
    assert _implied(family, printed, n, k) is implied


def test_recall_over_the_five_papers(measured):
    """The reader finds at least the 297 transcribed numbers it found when measured."""
    matched = sum(int(m["matched"]) for m in measured.values())
    total = sum(int(m["transcribed"]) for m in measured.values())
    assert total == 358
    assert matched >= RECALL_FLOOR, (matched, total)


# Every flag the reader raises on the five papers, reviewed by hand (where,
# verdict and text): each is a real inconsistency of the printed text. The
# test fails if a flag appears or disappears, so a change is reviewed again.
REVIEWED_FLAGS: dict[str, list[str]] = {tag: [] for tag in TAGS}


def test_flags_are_the_reviewed_ones(measured):
    """No flag the hand review did not confirm; no decision error."""
    for tag, m in measured.items():
        report = m["report"]
        assert isinstance(report, PaperReport)
        assert _flags(report) == REVIEWED_FLAGS[tag], tag
        assert report.counts()["decision error"] == 0


def test_inferred_findings_are_never_flagged(measured):
    """A finding whose n (or method, or integer scale) was inferred is never flagged."""
    for m in measured.values():
        report = m["report"]
        assert isinstance(report, PaperReport)
        for f in report.findings:
            if f.note:  # every note records an inference
                assert f.verdict in ("consistent", "not checkable"), f


def _main(argv: list[str]) -> int:
    shared = Path(argv[0]) if argv else Path(__file__).resolve().parents[3] / "shared"
    print(
        "| paper | found | consistent | inconsistent | decision error | not checkable "
        "| transcribed (reader's kinds) | matched | recall | found, not transcribed | s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    totals = Counter()
    for tag, name in TAGS.items():
        m = measure(tag, shared / "papers" / name)
        c = m["counts"]
        assert isinstance(c, dict)
        print(
            f"| {tag} | {m['found']} | {c['consistent']} | {c['inconsistent']} "
            f"| {c['decision error']} | {c['not checkable']} | {m['transcribed']} "
            f"| {m['matched']} | {float(m['recall']):.1%} | {m['extra']} | {float(m['seconds']):.2f} |"
        )
        for key in ("found", "transcribed", "matched", "extra"):
            totals[key] += int(m[key])
        for key, value in c.items():
            totals[key] += value
        report = m["report"]
        assert isinstance(report, PaperReport)
        for line in _flags(report):
            print(f"  FLAG {tag} {line}")
        for ident in m["missed"]:
            print(f"  MISSED {tag} {ident}")
    print(
        f"| all | {totals['found']} | {totals['consistent']} | {totals['inconsistent']} "
        f"| {totals['decision error']} | {totals['not checkable']} | {totals['transcribed']} "
        f"| {totals['matched']} | {totals['matched'] / totals['transcribed']:.1%} | {totals['extra']} | |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
