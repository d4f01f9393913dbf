"""The kinds of an audit table: how each row's inputs parse and which check runs.

Private to :mod:`proofs.audit`. Parse errors raise :class:`TableError` (the
reader adds file and line); a check that raises on well-formed inputs (a
divisor interval containing 0, ``k > n``) makes the row *not checkable*.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from theory import consistency as c

_TABLE_KINDS = ("sum", "mean", "difference", "ratio", "arith")


class TableError(ValueError):
    """A malformed cell; ``column`` names the column at fault."""

    def __init__(self, message: str, *, column: str = "inputs") -> None:
        super().__init__(message)
        self.column = column


def _int(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        msg = f"{text!r} is not an integer"
        raise ValueError(msg) from None


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        msg = f"{text!r} is not a number"
        raise ValueError(msg) from None


def _bool(text: str) -> bool:
    if text.lower() not in ("true", "false"):
        msg = f"{text!r} is not true or false"
        raise ValueError(msg)
    return text.lower() == "true"


def _values(text: str) -> list[str]:
    parts = [p.strip() for p in text.split("|")]
    if not all(parts):
        msg = f"{text!r} has an empty value (write values=a|b|c)"
        raise ValueError(msg)
    return parts


def _str(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class _Kind:
    required: tuple[str, ...]
    optional: tuple[str, ...]
    run: Callable[[str, Mapping[str, Any]], c.ConsistencyResult]


_PARSERS: dict[str, Callable[[str], Any]] = {
    "k": _int,
    "n": _int,
    "items": _int,
    "scale": _int,
    "confidence_level": _float,
    "df": _float,
    "df2": _float,
    "alpha": _float,
    "k1": _int,
    "n1": _int,
    "k2": _int,
    "n2": _int,
    "values": _values,
    "exact": _bool,
}


def _pair(values: list[str], count: int) -> list[str]:
    if len(values) != count:
        msg = f"needs exactly {count} values, got {len(values)}"
        raise TableError(msg)
    return values


def _interval(printed: str, a: Mapping[str, Any]) -> c.ConsistencyResult:
    ends = [e.strip() for e in printed.split(";")]
    if len(ends) != 2 or not all(ends):
        msg = f"an interval is printed as low;high, got {printed!r}"
        raise TableError(msg, column="printed")
    return c.recompute_interval(
        a["k"],
        a["n"],
        ends[0],
        ends[1],
        method=a["method"],
        confidence_level=a.get("confidence_level", 0.95),
        scale=a.get("scale", 1),
    )


def _pvalue(printed: str, a: Mapping[str, Any]) -> c.ConsistencyResult:
    df: float | tuple[float, float] | None = a.get("df")
    if "df2" in a:
        df = (a.get("df", float("nan")), a["df2"])
    return c.recompute_pvalue(
        a["statistic"],
        printed,
        test=a["test"],
        df=df,
        alternative=a.get("alternative", "two-sided"),
        significance_level=a.get("alpha", 0.05),
        zero_p=a.get("zero_p", "rounded"),
    )


def _two(printed: str, what: str) -> list[str]:
    ends = [e.strip() for e in printed.split(";")]
    if len(ends) != 2 or not all(ends):
        msg = f"{what} is printed as a;b, got {printed!r}"
        raise TableError(msg, column="printed")
    return ends


def _grimmer(printed: str, a: Mapping[str, Any]) -> c.ConsistencyResult:
    mean, sd = _two(printed, "a mean and SD")
    return c.grimmer(mean, sd, a["n"], items=a.get("items", 1))


def _debit(printed: str, a: Mapping[str, Any]) -> c.ConsistencyResult:
    mean, sd = _two(printed, "a mean and SD")
    return c.debit(mean, sd, a["n"])


def _difference_interval(printed: str, a: Mapping[str, Any]) -> c.ConsistencyResult:
    low, high = _two(printed, "an interval")
    return c.recompute_difference_interval(
        a["k1"],
        a["n1"],
        a["k2"],
        a["n2"],
        low,
        high,
        method=a.get("method", "newcombe"),
        confidence_level=a.get("confidence_level", 0.95),
        scale=a.get("scale", 1),
    )


def _table(name: str) -> Callable[[str, Mapping[str, Any]], c.ConsistencyResult]:
    def run(printed: str, a: Mapping[str, Any]) -> c.ConsistencyResult:
        exact = a.get("exact", False)
        if name in ("sum", "mean"):
            check = c.check_sum if name == "sum" else c.check_mean
            return check(printed, a["values"], exact_inputs=exact)
        if name == "arith":
            return c.check_arithmetic(printed, a["expr"], exact_inputs=exact)
        x, y = _pair(a["values"], 2)
        check2 = c.check_difference if name == "difference" else c.check_ratio
        return check2(printed, x, y, exact_inputs=exact)

    return run


KINDS: dict[str, _Kind] = {
    "percent": _Kind(
        ("k", "n"), (), lambda p, a: c.check_proportion(p, a["k"], a["n"], scale=100)
    ),
    "proportion": _Kind(
        ("k", "n"), (), lambda p, a: c.check_proportion(p, a["k"], a["n"])
    ),
    "percent_attainable": _Kind(
        ("n",), (), lambda p, a: c.percent_attainable(p, a["n"])
    ),
    "proportion_attainable": _Kind(
        ("n",), (), lambda p, a: c.proportion_attainable(p, a["n"])
    ),
    "grim": _Kind(
        ("n",), ("items",), lambda p, a: c.grim(p, a["n"], items=a.get("items", 1))
    ),
    "interval": _Kind(("k", "n", "method"), ("confidence_level", "scale"), _interval),
    "pvalue": _Kind(
        ("statistic", "test"),
        ("df", "df2", "alternative", "alpha", "zero_p"),
        _pvalue,
    ),
    "grimmer": _Kind(("n",), ("items",), _grimmer),
    "debit": _Kind(("n",), (), _debit),
    "difference_interval": _Kind(
        ("k1", "n1", "k2", "n2"),
        ("method", "confidence_level", "scale"),
        _difference_interval,
    ),
    "sum": _Kind(("values",), ("exact",), _table("sum")),
    "mean": _Kind(("values",), ("exact",), _table("mean")),
    "difference": _Kind(("values",), ("exact",), _table("difference")),
    "ratio": _Kind(("values",), ("exact",), _table("ratio")),
    "arith": _Kind(("expr",), ("exact",), _table("arith")),
    "equal": _Kind(("value",), (), lambda p, a: c.check_equal(p, a["value"])),
}


def parse_inputs(kind: str, text: str) -> dict[str, Any]:
    """Parse ``name=value;name=value`` for ``kind`` (TableError on any problem)."""
    spec = KINDS[kind]
    allowed = (*spec.required, *spec.optional, "unchecked")
    out: dict[str, Any] = {}
    for piece in text.split(";"):
        if not piece.strip():
            continue
        key, sep, value = piece.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not value:
            msg = f"{piece.strip()!r} is not name=value"
            raise TableError(msg)
        if key not in allowed:
            msg = (
                f"unknown input {key!r} for kind {kind} (allowed: {', '.join(allowed)})"
            )
            raise TableError(msg)
        if key in out:
            msg = f"input {key!r} given twice"
            raise TableError(msg)
        try:
            out[key] = _PARSERS.get(key, _str)(value)
        except ValueError as exc:
            msg = f"{key}: {exc}"
            raise TableError(msg) from None
    missing = [k for k in spec.required if k not in out]
    if missing and "unchecked" not in out:
        msg = f"kind {kind} needs input(s) {', '.join(missing)}"
        raise TableError(msg)
    return out


def run_kind(
    kind: str, printed: str, inputs: str
) -> tuple[str, c.ConsistencyResult | None, str]:
    """Return ``(status, result, reason)`` for one row."""
    args = parse_inputs(kind, inputs)
    if "unchecked" in args:
        return "not checkable", None, str(args["unchecked"])
    if kind.startswith("percent") and printed.endswith("%"):
        printed = printed[:-1].strip()
    try:
        result = KINDS[kind].run(printed, args)
    except TableError:
        raise
    except c.ExpressionError as exc:
        raise TableError(str(exc)) from None
    except (ValueError, TypeError, ZeroDivisionError) as exc:
        return "not checkable", None, str(exc)
    return ("consistent" if result.consistent else "inconsistent"), result, ""
