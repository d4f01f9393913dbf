"""Assemble the whole mutation table from per-module runs (issue 33, item 5).

The whole table (every module of ``modules.toml``) takes hours on a 2-core
machine, so it is measured module by module, at different times and on
different machines. This script puts those runs together and says which
rows still describe the code as it is::

    python tests/mutants/assemble.py runs/*.json --markdown table.md --min-score 95

Each argument is a ``--json`` report of ``mutate.py``. For every module listed
in ``modules.toml`` the last report (in argument order) whose mutants are
exactly the mutants ``mutate.py`` generates from today's source is used; its
outcomes are re-scored with today's ``equivalent.toml``. A module whose
source changed since (a different set of mutant ids) is *stale*; a module no
report covers is *missing*. Neither gets a score, and either makes the exit
status 1, as does a score below ``--min-score``.

What the check cannot see: a change of the module that generates exactly
the same mutant ids (a pure deletion of comments, say), and tests removed
since a run. Tests are only ever added here, which can only kill more.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mutate

__all__ = ["assemble", "main"]


def _rows(path: Path) -> list[dict[str, object]]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        msg = f"{path}: not a mutate.py --json report ({exc})"
        raise ValueError(msg) from None
    if not isinstance(data, list) or not all(
        isinstance(r, dict) and "module" in r and "outcomes" in r for r in data
    ):
        msg = f"{path}: not a mutate.py --json report (a list of module rows)"
        raise ValueError(msg)
    return data


def assemble(
    reports: Sequence[Path],
    *,
    config: dict[str, list[str]] | None = None,
    equivalent: dict[str, str] | None = None,
    root: Path = mutate.ROOT,
) -> list[dict[str, object]]:
    """Return one row per listed module: a re-scored run, ``stale`` or ``missing``.

    Each row has ``module``, ``status`` (``measured``, ``stale`` or
    ``missing``) and ``source`` (the report used or last seen); a measured
    row also has the counts and score of :func:`mutate.summarise`.
    """
    config = mutate.load_config() if config is None else config
    equivalent = mutate.load_equivalent() if equivalent is None else equivalent
    seen: dict[str, list[tuple[Path, dict[str, object]]]] = {}
    for path in reports:
        for row in _rows(path):
            seen.setdefault(str(row["module"]), []).append((path, row))
    out: list[dict[str, object]] = []
    for module in config:
        mutants = mutate.generate(module, (root / module).read_text())
        ids = {m.id for m in mutants}
        runs = seen.get(module, [])
        fresh = [
            (path, row)
            for path, row in runs
            if {o["id"] for o in row["outcomes"]} == ids  # type: ignore[attr-defined]
        ]
        if not mutants:  # nothing to mutate: nothing to measure
            fresh = [(Path("(no mutants)"), {"outcomes": []})]
        if not fresh:
            status = "stale" if runs else "missing"
            source = str(runs[-1][0]) if runs else ""
            out.append({"module": module, "status": status, "source": source,
                        "generated": len(mutants)})  # fmt: skip
            continue
        path, row = fresh[-1]
        outcomes = [mutate.Outcome(**o) for o in row["outcomes"]]  # type: ignore[attr-defined]
        scored = mutate.summarise(module, mutants, outcomes, equivalent)
        scored.update(status="measured", source=str(path), wall=row.get("wall", ""))
        out.append(scored)
    return out


def markdown(rows: Sequence[dict[str, object]]) -> str:
    """Return the table, then one line of totals."""
    head = ("| module | generated | killed | (timeout) | survived | equivalent "
            "| score | report |")  # fmt: skip
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if r["status"] != "measured":
            lines.append(f"| `{r['module']}` | {r['generated']} | | | | "
                         f"| **{r['status']}** | {r['source']} |")  # fmt: skip
            continue
        lines.append(
            f"| `{r['module']}` | {r['generated']} | {r['killed']} | {r['timeout']} "
            f"| {r['survived']} | {r['equivalent']} | {r['score']}% | {r['source']} |"
        )
    measured = [r for r in rows if r["status"] == "measured"]
    total = {k: sum(int(r[k]) for r in measured)  # type: ignore[call-overload]
             for k in ("generated", "killed", "survived", "equivalent")}  # fmt: skip
    lines.append("")
    lines.append(
        f"{len(rows)} modules: {len(measured)} measured at today's source, "
        f"{sum(r['status'] == 'stale' for r in rows)} stale, "
        f"{sum(r['status'] == 'missing' for r in rows)} missing; measured: "
        f"{total['generated']} mutants, {total['killed']} killed, "
        f"{total['survived']} survived, {total['equivalent']} equivalent"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, help="mutate.py --json files")
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    parser.add_argument("--min-score", type=float, default=0.0,
                        help="exit 1 if a measured module scores below this %%")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        rows = assemble(args.reports)
    except ValueError as exc:
        parser.error(str(exc))
    text = markdown(rows)
    print(text)
    if args.markdown:
        mutate._write_atomic(args.markdown, text + "\n")
    low = [r for r in rows if r["status"] == "measured"
           and float(r["score"]) < args.min_score]  # type: ignore[arg-type]  # fmt: skip
    gaps = [r for r in rows if r["status"] != "measured"]
    return 1 if low or gaps else 0


if __name__ == "__main__":
    raise SystemExit(main())
