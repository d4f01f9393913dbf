"""Reading the BriefBench rows and the aggregates DL prints (private to proofs.claims.dl.briefbench)."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np

from theory.inference import cohens_h, two_proportion_z

_ENV = "CONTEXT_LAWS_BRIEFBENCH"
_FIELDS = {
    "dataset": str,
    "arm": str,
    "depth": int,
    "spec_variant": str,
    "compliance_rate": float,
    "chain_recovered": bool,
    "recall": float,
    "precision": float,
    "correct": bool,
    "total_tokens": int,
    "dollars": float,
    "rot": float,
}
_SIM = ("bm25", "tfidf", "dense", "hybrid_rrf", "rerank_ce", "raptor")
_ARMS = ("brief_graph_3hop", *_SIM, "none")

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Rows:
    """The BriefBench rows: Claude (synthetic, dcbench, swebench) and GPT-5.1 (synthetic).

    Examples
    --------
    >>> from proofs.claims.dl.briefbench import Rows
    >>> r = Rows(claude=(), gpt=())
    >>> len(r.claude)
    0
    """

    claude: tuple[Row, ...]
    gpt: tuple[Row, ...]


def data_dir() -> Traversable:
    """Return the directory the rows are read from.

    The rows ship with the package (``proofs/data/briefbench``, read through
    :mod:`importlib.resources`, with their ``LICENSE``, ``NOTICE`` and ``README.md``);
    ``$CONTEXT_LAWS_BRIEFBENCH``, when set, names another directory (which may not
    exist).

    Examples
    --------
    >>> from proofs.claims.dl.briefbench import data_dir
    >>> data_dir().name
    'briefbench'
    >>> (data_dir() / "rows_gpt.jsonl").is_file()
    True
    """
    env = os.environ.get(_ENV)
    if env:
        return Path(env)
    return files("proofs") / "data" / "briefbench"


def _row(raw: object, where: str) -> Row:
    if not isinstance(raw, dict):
        msg = f"{where}: a row must be a JSON object, got {type(raw).__name__}"
        raise ValueError(msg)
    row: Row = {}
    for name, kind in _FIELDS.items():
        if name not in raw:
            msg = f"{where}: column {name!r} is missing"
            raise ValueError(msg)
        value = raw[name]
        ok = (
            isinstance(value, bool)
            if kind is bool
            else isinstance(value, kind | int) and not isinstance(value, bool)
            if kind is float
            else isinstance(value, kind) and not isinstance(value, bool)
        )
        if not ok or (kind is float and not math.isfinite(value)):
            msg = f"{where}: column {name!r} must be {kind.__name__}, got {value!r}"
            raise ValueError(msg)
        row[name] = float(value) if kind is float else value
    return row


def load_rows(*, directory: Path | Traversable | None = None) -> Rows:
    """Read and validate ``rows_claude.jsonl`` and ``rows_gpt.jsonl``.

    Raises
    ------
    FileNotFoundError
        When a file is absent.
    ValueError
        When a line is not JSON or a column is missing or of the wrong type
        (the message names the file, the line and the column).

    Examples
    --------
    >>> from proofs.claims.dl.briefbench import data_dir, load_rows
    >>> rows = load_rows()
    >>> len(rows.claude), len(rows.gpt)
    (1824, 480)
    """
    base = data_dir() if directory is None else directory
    out: list[tuple[Row, ...]] = []
    for name in ("rows_claude.jsonl", "rows_gpt.jsonl"):
        path = base / name
        rows = []
        for number, line in enumerate(
            path.read_text(encoding="utf-8").splitlines(), start=1
        ):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as err:
                msg = f"{where}: not JSON ({err.msg})"
                raise ValueError(msg) from err
            rows.append(_row(raw, where))
        out.append(tuple(rows))
    return Rows(out[0], out[1])


def agrees(printed: str, value: float) -> bool:
    """Whether ``value`` rounds to ``printed`` at the printed precision.

    Ties are accepted either way (half-up or half-even): the paper's own
    roundings differ from case to case.

    Examples
    --------
    >>> from proofs.claims.dl.briefbench import agrees
    >>> agrees("0.97", 0.975), agrees("0.98", 0.975), agrees("0.97", 0.9751)
    (True, True, False)
    >>> agrees("1240", 1239.6), agrees("1.24", 1.2393)
    (True, True)
    """
    try:
        number = Decimal(printed)
    except InvalidOperation as err:
        msg = f"printed={printed!r} is not a decimal number"
        raise ValueError(msg) from err
    exponent = number.as_tuple().exponent
    if not isinstance(exponent, int) or not math.isfinite(value):
        return False
    half = 0.5 * 10.0 ** min(exponent, 0)
    return abs(value - float(number)) <= half * (1 + 1e-9)


def _select(rows: Sequence[Row], **where: object) -> list[Row]:
    chosen = [r for r in rows if all(r[k] == v for k, v in where.items())]
    if not chosen:
        msg = f"no BriefBench rows match {where}"
        raise ValueError(msg)
    return chosen


def _mean(rows: Sequence[Row], field: str, **where: object) -> float:
    chosen = _select(rows, **where)
    return float(np.mean([float(r[field]) for r in chosen]))


def _count(rows: Sequence[Row], field: str, **where: object) -> int:
    return sum(bool(r[field]) for r in _select(rows, **where))


def _f1(row: Row) -> float:
    p, r = row["precision"], row["recall"]
    return 0.0 if p + r == 0 else float(2 * p * r / (p + r))


def _not_retrieved_share(rows: Sequence[Row], arm: str) -> float:
    failed = [r for r in _select(rows, arm=arm) if r["compliance_rate"] < 1]
    missed = sum(float(r["recall"]) == 0.0 for r in failed)
    return 100.0 * missed / len(failed)


def _share(arm: str) -> Callable[[Rows], float]:
    return lambda r: _not_retrieved_share(r.claude, arm)


def _best_sim_recall(depth: int) -> Callable[[Rows], float]:
    return lambda r: max(_mean(r.claude, "recall", arm=a, depth=depth) for a in _SIM)


def _stripped_d3(rows: Sequence[Row], dataset: str) -> float:
    return _mean(
        rows,
        "compliance_rate",
        dataset=dataset,
        arm="brief_graph_3hop",
        spec_variant="stripped",
        depth=3,
    )


def _claude(field: str, **where: object) -> Callable[[Rows], float]:
    return lambda r: _mean(r.claude, field, **where)


def _gpt(field: str, **where: object) -> Callable[[Rows], float]:
    return lambda r: _mean(r.gpt, field, **where)


def _syn(field: str, arm: str, **where: object) -> Callable[[Rows], float]:
    return _claude(field, dataset="synthetic", arm=arm, **where)


def _syn_depth(field: str, arm: str, depth: int) -> Callable[[Rows], float]:
    return _syn(field, arm, depth=depth)


def _all_depth(field: str, arm: str, depth: int) -> Callable[[Rows], float]:
    return _claude(field, arm=arm, depth=depth)


def _d3_contrast(kind: str) -> Callable[[Rows], float]:
    def compute(rows: Rows) -> float:
        def k(arm: str) -> int:
            chosen = _select(rows.claude, dataset="synthetic", arm=arm, depth=3)
            return round(sum(float(r["compliance_rate"]) for r in chosen))

        brief, dense = k("brief_graph_3hop"), k("dense")
        if kind == "z":
            return two_proportion_z(brief, 40, dense, 40).statistic
        return cohens_h(brief / 40, dense / 40).h

    return compute


def _pooled(field: str, arm: str, **where: object) -> Callable[[Rows], float]:
    return _claude(field, arm=arm, **where)


def _lift(field: str, **where: object) -> Callable[[Rows], float]:
    return lambda r: (
        _mean(r.claude, field, arm="brief_graph_3hop", **where)
        - _mean(r.claude, field, arm="none", **where)
    )


def _real_recall(
    depth: int, pick: Callable[[Sequence[float]], float]
) -> Callable[[Rows], float]:
    arms = ("brief_graph_3hop", *_SIM)
    return lambda r: pick(
        [_mean(r.claude, "recall", dataset="dcbench", arm=a, depth=depth) for a in arms]
    )


def _crossmodel(kind: str) -> Callable[[Rows], float]:
    def compute(rows: Rows) -> float:
        claude = [
            _mean(rows.claude, "compliance_rate", dataset="synthetic", arm=a)
            for a in _ARMS
        ]
        gpt = [_mean(rows.gpt, "compliance_rate", arm=a) for a in _ARMS]
        if kind == "r":
            return float(np.corrcoef(claude, gpt)[0, 1])
        if kind == "same-order":
            return float(
                np.argsort(claude, kind="stable").tolist()
                == np.argsort(gpt, kind="stable").tolist()
            )
        return max(abs(c - g) for c, g in zip(claude, gpt, strict=True))

    return compute


def _total(field: str, dataset: str) -> Callable[[Rows], float]:
    return lambda r: sum(x[field] for x in _select(r.claude, dataset=dataset))


def _cost_per_correct(arm: str) -> Callable[[Rows], float]:
    def compute(rows: Rows) -> float:
        chosen = _select(rows.claude, arm=arm)
        spent = sum(float(r["dollars"]) for r in chosen)
        return spent / sum(bool(r["correct"]) for r in chosen)

    return compute
