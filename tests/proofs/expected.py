"""The expected verdict of every registered claim, read from one table.

``expected_verdicts.toml`` (beside this file) maps each claim id to the
verdict ``python -m proofs --json --no-cache`` gives it when ``../shared``
(the papers, THEORY.md and the BriefBench rows) sits beside the checkout. The
per-area tests take their subsets from it; ``test_ledger_complete.py`` checks
that the table and the register hold the same ids.

To regenerate after a deliberate verdict change (review the diff)::

    python -m proofs --json --no-cache > /tmp/ledger.json
    python -m tests.proofs.expected /tmp/ledger.json
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

TABLE = Path(__file__).with_name("expected_verdicts.toml")

_HEADER = """\
# Expected verdict of every claim of the ledger, in ledger order: one table for
# every test of tests/proofs (they take their subsets from it). The verdicts are
# those of `python -m proofs --json --no-cache` with ../shared beside the checkout.
# Regenerate after a deliberate change, then review the diff:
#     python -m proofs --json --no-cache > /tmp/ledger.json
#     python -m tests.proofs.expected /tmp/ledger.json
"""


def expected_verdicts() -> dict[str, str]:
    """Return ``{claim id: verdict value}`` for every claim of the table."""
    with TABLE.open("rb") as fh:
        table = tomllib.load(fh)
    return dict(table["verdicts"])


def expected_for(ids: object) -> dict[str, str]:
    """Return the expected verdicts of ``ids`` (an iterable of ids or of claims)."""
    table = expected_verdicts()
    return {i: table[i] for i in (getattr(c, "id", c) for c in ids)}  # type: ignore[attr-defined]


def _write(ledger_json: Path) -> None:
    rows = json.loads(ledger_json.read_text(encoding="utf-8"))["claims"]
    lines = [_HEADER, "[verdicts]"]
    lines += [f"{json.dumps(r['id'])} = {json.dumps(r['verdict'])}" for r in rows]
    TABLE.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _write(Path(sys.argv[1]))
