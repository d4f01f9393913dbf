"""A thin layer over z3 for universal proofs and smallest counterexamples."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar

import z3

__all__ = [
    "TIMEOUT_MS",
    "ProofCache",
    "ProofRecord",
    "SmtResult",
    "prove",
    "recording",
    "witness",
]

TIMEOUT_MS = 60_000


@dataclass(frozen=True)
class SmtResult:
    """Outcome of proving ``hypotheses => goal`` for all values of the variables."""

    proved: bool
    model: dict[str, Any] | None
    query: str
    status: str

    def evidence(self, what: str, *, code: str | None = None) -> str:
        """Describe the result in one line for the ledger.

        ``code`` names the package code the query executed (``module.function``).
        """
        tail = "" if code is None else f"; code proven: {code}"
        if self.proved:
            return (
                f"z3 {z3.get_version_string()}: negation of {what} is unsat over "
                f"unbounded integers and reals (universal proof){tail}"
            )
        tail = "" if code is None else f"; code checked: {code}"
        return (
            f"z3 {z3.get_version_string()}: negation of {what} is {self.status}{tail}"
        )


@dataclass(frozen=True, slots=True)
class ProofRecord:
    """One z3 ``unsat``: the SMT-LIB query and z3's time (see :func:`recording`)."""

    query: str
    z3_seconds: float


_LOG: list[list[ProofRecord]] = []


@contextlib.contextmanager
def recording() -> Iterator[list[ProofRecord]]:
    """Collect the :class:`ProofRecord` of every z3 proof made inside the block."""
    log: list[ProofRecord] = []
    _LOG.append(log)
    try:
        yield log
    finally:
        # by identity: two open logs may hold equal records (nested recordings)
        del _LOG[next(i for i, x in enumerate(_LOG) if x is log)]


_P = ParamSpec("_P")
_R = TypeVar("_R")


class ProofCache(Generic[_P, _R]):
    """``functools.cache`` for a function that proves: a hit replays its z3 proofs.

    A claim's proven verdict is confirmed by cvc5 on the proofs recorded
    while its check runs (:func:`recording`). A result cached while another
    claim ran would come back with no proof recorded, and the claim's
    evidence would depend on which claim ran first in the process; so the
    first call's records are kept with its result and added to every open
    recording on each later call.
    """

    def __init__(self, fn: Callable[_P, _R]) -> None:
        self._fn = fn
        self._memo: dict[Hashable, tuple[_R, tuple[ProofRecord, ...]]] = {}
        functools.update_wrapper(self, fn)

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        key = (args, tuple(sorted(kwargs.items())))
        hit = self._memo.get(key)
        if hit is not None:
            result, made = hit
            for log in _LOG:
                log.extend(made)
            return result
        with recording() as log:
            result = self._fn(*args, **kwargs)
        self._memo[key] = (result, tuple(log))
        return result

    def cache_clear(self) -> None:
        """Forget every cached result."""
        self._memo.clear()


def prove(hypotheses: list[Any], goal: Any) -> SmtResult:
    """Prove ``And(hypotheses) => goal`` universally by refuting its negation.

    Every ``unsat`` is recorded (:func:`recording`) with its SMT-LIB text, so
    that a claim whose verdict is proven can have cvc5 re-decide the same query
    (``proofs.records``: a proven verdict stands only if cvc5 answers unsat).
    """
    import time

    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(*hypotheses)
    solver.add(z3.Not(goal))
    start = time.perf_counter()
    status = solver.check()
    z3_seconds = time.perf_counter() - start
    query = solver.to_smt2()
    if status == z3.unsat:
        for log in _LOG:
            log.append(ProofRecord(query, z3_seconds))
        return SmtResult(True, None, query, "unsat")
    if status == z3.sat:
        return SmtResult(False, _model_dict(solver.model()), query, "sat")
    return SmtResult(False, None, query, str(status))


def witness(constraints: list[Any], *, minimise: Any | None = None) -> SmtResult:
    """Find values satisfying ``constraints`` (minimising ``minimise`` if given)."""
    opt = z3.Optimize()
    opt.set("timeout", TIMEOUT_MS)
    opt.add(*constraints)
    if minimise is not None:
        opt.minimize(minimise)
        # z3 returns any of the optimal models, which one depending on the
        # solver's history in this process. Minimising every free constant
        # after the objective (lexicographically, in name order: its absolute
        # value, then the value) makes the witness the same whatever ran
        # before it; the absolute value keeps the minimum finite for a
        # constant the constraints leave unbounded (a don't-care key).
        for term in _tie_breakers(constraints):
            opt.minimize(term)
    status = opt.check()
    query = opt.sexpr()
    if status == z3.sat:
        return SmtResult(True, _model_dict(opt.model()), query, "sat")
    return SmtResult(False, None, query, str(status))


def _tie_breakers(constraints: list[Any]) -> list[Any]:
    """Integer, real and Boolean constants of ``constraints``, in name order."""
    found: dict[str, Any] = {}
    for v in _constants(constraints):
        found.setdefault(str(v), v)
    terms = []
    for _, v in sorted(found.items()):
        if z3.is_bool(v):
            terms.append(z3.If(v, 1, 0))
        elif z3.is_int(v) or z3.is_real(v):
            terms += [z3.If(v >= 0, v, -v), v]
    return terms


def _constants(constraints: list[Any]) -> list[Any]:
    """Uninterpreted constants of ``constraints``, in order of first occurrence.

    The order is that of a depth-first, left-to-right walk of each
    constraint in turn (as ``z3.z3util.get_vars`` finds them), but a shared
    subterm is walked once: the terms are DAGs whose tree walk is
    exponential in their depth.
    """
    seen: set[int] = set()
    out: list[Any] = []
    stack = list(reversed(constraints))
    while stack:
        e = stack.pop()
        key = e.get_id()
        if key in seen:
            continue
        seen.add(key)
        if z3.is_const(e):
            if e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                out.append(e)
        else:
            stack.extend(reversed(e.children()))
    return out


def _model_dict(model: z3.ModelRef) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for decl in sorted(model.decls(), key=lambda d: d.name()):
        value = model[decl]
        if z3.is_true(value) or z3.is_false(value):
            out[decl.name()] = z3.is_true(value)
        elif z3.is_int_value(value):
            out[decl.name()] = value.as_long()
        elif z3.is_rational_value(value):
            frac = value.as_fraction()
            out[decl.name()] = int(frac) if frac.denominator == 1 else str(frac)
        else:
            out[decl.name()] = str(value)
    return out
