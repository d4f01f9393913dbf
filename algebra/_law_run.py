"""Running law checks: argument handling and the engines (private; see algebra.laws)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

from algebra._law_report import LawReport, LawResult
from algebra._law_search import (
    CallFailedError,
    Law,
    default_size,
    equal,
    exhaustive,
    is_strategy,
    materialise,
    sampled,
)

__all__ = [
    "check_callable",
    "default_concat",
    "equality",
    "name_of",
    "run",
    "smt_monoid",
]


def run(
    subject: str,
    laws: list[Law],
    elements: Any,
    extra: Iterable[Any] | None,
    max_examples: int,
    size: Callable[[Any], Any] | None,
    name: str,
) -> LawReport:
    strategy, finite = _sources(elements, extra, name)
    if isinstance(max_examples, bool) or not isinstance(max_examples, int):
        msg = f"max_examples must be an int, got {max_examples!r}"
        raise TypeError(msg)
    if max_examples < 1:
        msg = f"max_examples={max_examples} must satisfy max_examples >= 1"
        raise ValueError(msg)
    if size is not None:
        check_callable(size, "size")
    where = name if extra is None else "exhaustive"
    try:
        domain = (
            None
            if finite is None
            else materialise(finite, where, default_size if size is None else size)
        )
        results = [
            _check_law(law, domain, strategy, max_examples, where) for law in laws
        ]
    except CallFailedError as failed:
        shown = ", ".join(f"{k}={v!r}" for k, v in failed.args_map.items())
        msg = (
            f"{failed.what} raised {type(failed.exc).__name__}: {failed.exc} on "
            f"({shown}); a law check needs {failed.what} to return a value for "
            f"every argument drawn from {name}"
        )
        raise ValueError(msg) from failed.exc
    return LawReport(subject, tuple(results))


def smt_monoid(
    op: Callable[..., Any], identity: Any, carrier: object, extra: object
) -> LawReport:
    from algebra._law_smt import CARRIERS, prove_monoid

    if not isinstance(carrier, str) or carrier not in CARRIERS:
        msg = (
            f"with method='smt', elements must name a carrier, one of "
            f"{', '.join(map(repr, CARRIERS))}; got {carrier!r}"
        )
        raise ValueError(msg)
    if extra is not None:
        msg = "exhaustive= cannot be combined with method='smt' (the proof covers it)"
        raise TypeError(msg)
    try:
        laws = prove_monoid(op, identity, carrier)
    except Exception as exc:
        if isinstance(exc, ValueError) and "fields" in str(exc):
            raise
        msg = (
            f"op could not run on z3 terms ({type(exc).__name__}: {exc}); for "
            "method='smt' write op as a fields function with algebra.arith "
            "(ite, key_ge, maximum, both, ...) instead of if/and/or/max"
        )
        raise ValueError(msg) from exc
    return LawReport(f"monoid laws of {name_of(op)} with identity {identity!r}", laws)


def _check_law(
    law: Law, domain: list[Any] | None, strategy: Any, max_examples: int, where: str
) -> LawResult:
    tried = 0
    methods = []
    scope = []
    if domain is not None:
        found = exhaustive(law, domain, where)
        tried += found.tried
        methods.append("exhaustive")
        scope.append(f"every tuple of {len(domain):,} elements")
        if found.failing is not None:
            return LawResult.violated(law, "exhaustive", tried, found)
    if strategy is not None:
        found = sampled(law, strategy, max_examples)
        tried += found.tried
        methods.append("hypothesis")
        scope.append("sampled, not a proof")
        if found.failing is not None:
            return LawResult.violated(law, "hypothesis", tried, found)
    return LawResult(
        law.name, law.statement, True, "+".join(methods), tried, None, "; ".join(scope)
    )


def _sources(elements: Any, extra: Any, name: str) -> tuple[Any, Any]:
    if is_strategy(elements):
        if extra is not None and not isinstance(extra, Iterable):
            msg = f"exhaustive must be a finite iterable, got {type(extra).__name__}"
            raise TypeError(msg)
        return elements, extra
    if extra is not None:
        msg = (
            f"exhaustive= needs a hypothesis strategy in {name}; pass one finite domain"
        )
        raise TypeError(msg)
    if not isinstance(elements, Iterable):
        msg = (
            f"{name} must be a finite iterable or a hypothesis strategy, got "
            f"{elements!r} of type {type(elements).__name__}"
        )
        raise TypeError(msg)
    return None, elements


def check_callable(value: object, name: str) -> None:
    if not callable(value):
        msg = f"{name} must be callable, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)


def equality(eq: object) -> Callable[[Any, Any], bool]:
    if eq is None:
        return lambda x, y: equal(operator.eq, x, y)
    check_callable(eq, "eq")
    return lambda x, y: equal(eq, x, y)  # type: ignore[arg-type]


def default_concat(a: Any, b: Any) -> Any:
    join = getattr(a, "concat", None)
    return join(b) if callable(join) else a + b


def name_of(fn: object) -> str:
    return str(getattr(fn, "__qualname__", None) or repr(fn))
