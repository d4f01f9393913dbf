"""Running law checks on examples: the search engines behind :mod:`algebra.laws` (private).

A *law* is a named predicate over ``arity`` elements. :func:`run` reads the
arguments of a check and asks two engines for a tuple that breaks each law:

* :func:`exhaustive` walks every tuple of a finite domain in shells of
  increasing largest element (elements sorted by a size measure) and, in the
  first shell that fails, returns the failing tuple of smallest total size;
* :func:`sampled` asks hypothesis (imported here, lazily) for a failing tuple
  with ``find``, deterministically (``derandomize=True``, no database), and
  returns the tuple hypothesis shrank it to.

An operator or an equality that raises is reported as a
:class:`CallFailedError` carrying the (minimal) arguments that made it raise.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import operator
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from typing import Any

from algebra._validation import check_callable, check_int
from algebra.laws._report import LawReport, LawResult

MAX_TUPLES = 1_000_000
"""Largest number of tuples an exhaustive check may walk."""

MAX_ELEMENTS = 100_000
"""Largest finite domain an exhaustive check reads."""


class CallFailedError(Exception):
    """A user callable raised on some arguments (internal signal)."""

    def __init__(self, what: str, args: Mapping[str, Any], exc: BaseException) -> None:
        super().__init__(what)
        self.what = what
        self.args_map = dict(args)
        self.exc = exc


@dataclass(frozen=True)
class Law:
    """A predicate over ``arity`` elements; ``check`` returns (ok, detail)."""

    name: str
    statement: str
    names: tuple[str, ...]
    check: Callable[[tuple[Any, ...]], tuple[bool, str]]

    @property
    def arity(self) -> int:
        return len(self.names)


@dataclass(frozen=True)
class Found:
    """What one engine found: tuples tried and the failing tuple, if any."""

    tried: int
    failing: tuple[Any, ...] | None
    detail: str


def call(fn: Callable[..., Any], what: str, names: Sequence[str], *args: Any) -> Any:
    """Call a user callable, turning any exception into :class:`CallFailedError`."""
    try:
        return fn(*args)
    except Exception as exc:
        raise CallFailedError(what, dict(zip(names, args, strict=True)), exc) from exc


def equal(eq: Callable[[Any, Any], Any], x: Any, y: Any) -> bool:
    """Return ``bool(eq(x, y))``, reporting a raising ``eq`` as a failed call."""
    try:
        return bool(eq(x, y))
    except Exception as exc:
        what = "eq"
        raise CallFailedError(what, {"x": x, "y": y}, exc) from exc


def is_strategy(value: object) -> bool:
    """Return whether ``value`` is a hypothesis strategy (without importing hypothesis)."""
    module = sys.modules.get("hypothesis.strategies")
    return module is not None and isinstance(value, module.SearchStrategy)


def default_size(value: Any) -> float:
    """Size measure used to order a finite domain (smaller is simpler).

    ``None`` and ``False`` are 0, numbers their absolute value, strings their
    length, containers their length plus their items' sizes, dataclasses the
    sum of their fields' sizes; anything else 0.
    """
    if value is None or isinstance(value, bool):
        return float(bool(value))
    if isinstance(value, (int, Fraction)):
        return float(abs(value))  # type: ignore[arg-type]
    if isinstance(value, Real):
        size = abs(float(value))
        return size if math.isfinite(size) else math.inf
    if isinstance(value, str):
        return float(len(value))
    if isinstance(value, Mapping):
        return len(value) + math.fsum(default_size(v) for v in value.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return math.fsum(
            default_size(getattr(value, f.name)) for f in dataclasses.fields(value)
        )
    if isinstance(value, (tuple, list, frozenset, set)) or hasattr(value, "__iter__"):
        try:
            items = list(value)
        except TypeError:
            return 0.0
        return len(items) + math.fsum(default_size(v) for v in items)
    return 0.0


def materialise(
    elements: Iterable[Any], name: str, size: Callable[[Any], Any]
) -> list[Any]:
    """Read a finite domain (bounded by ``MAX_ELEMENTS``), sorted by ``size``."""
    items = list(itertools.islice(iter(elements), MAX_ELEMENTS + 1))
    if len(items) > MAX_ELEMENTS:
        msg = (
            f"{name} has more than {MAX_ELEMENTS:,} elements; an exhaustive check "
            "reads at most that many (pass a hypothesis strategy to sample instead)"
        )
        raise ValueError(msg)
    if not items:
        msg = f"{name} is empty: a law check needs at least one element"
        raise ValueError(msg)
    keyed = [(call(size, "size", ("value",), v), pos) for pos, v in enumerate(items)]
    order = sorted(range(len(items)), key=lambda i: keyed[i])
    return [items[i] for i in order]


def exhaustive(law: Law, domain: Sequence[Any], name: str) -> Found:
    """Check ``law`` on every tuple of ``domain`` (already sorted by size)."""
    total = len(domain) ** law.arity
    if total > MAX_TUPLES:
        msg = (
            f"{name} has {len(domain):,} elements, so checking {law.name} exhaustively "
            f"walks {total:,} tuples > {MAX_TUPLES:,}; pass fewer elements or a "
            "hypothesis strategy"
        )
        raise ValueError(msg)
    tried = 0
    for top in range(len(domain)):
        failures: list[tuple[int, ...]] = []
        for index in _shell(top, law.arity):
            tried += 1
            try:
                ok, _ = law.check(tuple(domain[i] for i in index))
            except CallFailedError:
                ok = False
            if not ok:
                failures.append(index)
        if failures:
            best = min(failures, key=lambda ix: (sum(ix), ix))
            args = tuple(domain[i] for i in best)
            return Found(tried, args, law.check(args)[1])  # re-raises a failed call
    return Found(tried, None, "")


def _shell(top: int, arity: int) -> Iterator[tuple[int, ...]]:
    """Yield every index tuple whose largest index is ``top``, each once."""
    for first in range(arity):
        before = itertools.product(range(top), repeat=first)
        for head in before:
            for tail in itertools.product(range(top + 1), repeat=arity - first - 1):
                yield (*head, top, *tail)


def sampled(law: Law, strategy: Any, max_examples: int) -> Found:
    """Look for a tuple breaking ``law`` with hypothesis, and shrink it."""
    from hypothesis import HealthCheck, Phase, find, settings
    from hypothesis import strategies as st
    from hypothesis.errors import NoSuchExample

    state = {"tried": 0, "found": False}

    def breaks(args: tuple[Any, ...]) -> bool:
        if not state["found"]:
            state["tried"] += 1
        try:
            bad = not law.check(args)[0]
        except CallFailedError:
            bad = True
        if bad:
            state["found"] = True
        return bad

    config = settings(
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
    )
    try:
        args = find(st.tuples(*[strategy] * law.arity), breaks, settings=config)
    except NoSuchExample:
        return Found(int(state["tried"]), None, "")
    return Found(int(state["tried"]), tuple(args), law.check(tuple(args))[1])


def run(
    subject: str,
    laws: list[Law],
    elements: Any,
    extra: Iterable[Any] | None,
    max_examples: int,
    size: Callable[[Any], Any] | None,
    name: str,
) -> LawReport:
    """Check every law on ``elements`` (and ``extra``); ``name`` is the argument's name."""
    strategy, finite = _sources(elements, extra, name)
    check_int(max_examples, "max_examples", minimum=1)
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


def equality(eq: object) -> Callable[[Any, Any], bool]:
    """Return the equality a check uses: ``eq`` (checked callable) or ``==``."""
    if eq is None:
        return lambda x, y: equal(operator.eq, x, y)
    check_callable(eq, "eq")
    return lambda x, y: equal(eq, x, y)  # type: ignore[arg-type]


def name_of(fn: object) -> str:
    """Return the name a report gives a user's callable."""
    return str(getattr(fn, "__qualname__", None) or repr(fn))
