"""The second solver: cvc5 re-decides the SMT-LIB query a z3 proof printed.

A universal proof in the ledger is z3 finding the negation of a claim
unsatisfiable. The same SMT-LIB text (``solver.to_smt2()``, what
``python -m proofs --claim ID`` prints) is handed to cvc5, an independent
solver, through its Python package; the proof stands only when cvc5 also
answers ``unsat``. Private to :mod:`proofs._method`.

A query whose last assertion negates a conjunction, ``(not (and c1 ... cn))``
(how z3 prints the negated goal of a law with several equations), is decided
by cvc5 as ``n`` cases, case ``i`` being the query with ``(not ci)`` asserted
as well (pushed on the same solver, popped after). The query is unsat exactly
when every case is: ``not (c1 and ... and cn)`` is ``(not c1) or ... or (not
cn)``, so every model of the query is a model of some case, and every model
of a case is a model of the query. The answer is therefore cvc5's answer to
the query itself; the split only spares cvc5 its own case analysis over the
disjunction, which on VM-SEMIRING-MAT's associativity query for 2 x 2
matrices cost ~60 CPU-s as one check and ~3 CPU-s as four.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

__all__ = ["SecondAnswer", "cvc5_version", "second_opinion"]


@dataclass(frozen=True, slots=True)
class SecondAnswer:
    """cvc5's answer to one SMT-LIB query.

    Attributes
    ----------
    status : str
        ``"unsat"`` when every ``(check-sat)`` of the text is answered unsat
        (queries separated by ``(reset)``), else the first other answer:
        ``"sat"``, ``"unknown"`` or ``"error: <message>"``.
    seconds : float
        Wall time cvc5 took, parsing included (reported, never decisive).
    units : int
        cvc5's resource units spent over every check-sat (deterministic: the
        same query gives the same count on any machine and any load).
    """

    status: str
    seconds: float
    units: int = 0


def cvc5_version() -> str:
    """Return ``"cvc5 <version>"``, or ``"cvc5 (absent)"`` when it is not installed."""
    try:
        import cvc5
    except ImportError:
        return "cvc5 (absent)"
    return f"cvc5 {getattr(cvc5, '__version__', '?')}"


# cvc5's per-check budget in resource units (``rlimit-per``), not in seconds:
# a wall-clock limit (``tlimit-per``) could turn a proven verdict open on a busy
# machine. Calibration (cvc5 1.4.2, units per query as SecondAnswer.units
# reports them, before the case split of the module docstring): the 54 queries
# of the 14 proven z3 claims needed 31 to 63,251 units (VM-SEMIRING-MAT query
# 18), bar VM-SEMIRING-MAT query 12 at 620,755 units as one check (~60 CPU-s:
# cvc5 spends most of its time there in steps that cost few units); split in
# four cases it needs ~39,000 units per case (each check is budgeted alone).
# The budget, 2e6, is 31x the largest check, so every proven verdict is
# confirmed on any machine at any load.
RESOURCE_LIMIT = 2_000_000


def second_opinion(query: str, *, rlimit: int = RESOURCE_LIMIT) -> SecondAnswer:
    """Run cvc5 on the SMT-LIB text ``query``: unsat only if every check-sat is.

    Parameters
    ----------
    query : str
        SMT-LIB 2 text as z3 prints it; ``(set-logic ALL)`` is put first when
        the text sets no logic.
    rlimit : int, default RESOURCE_LIMIT
        cvc5's deterministic resource limit per check (``rlimit-per``, in
        cvc5's resource units), set again after every ``(reset)``.

    Returns
    -------
    SecondAnswer
        An error (cvc5 absent, a parse error, no check-sat) is an answer too,
        ``"error: ..."``, never an exception: it makes a proof open.
    """
    start = time.perf_counter()
    try:
        import cvc5
    except ImportError:
        return SecondAnswer("error: cvc5 is not installed", 0.0)
    code = [
        ln
        for ln in query.splitlines()
        if ln.strip() and not ln.lstrip().startswith(";")
    ]
    sets_logic = bool(code) and code[0].lstrip().startswith("(set-logic")
    text = query if sets_logic else "(set-logic ALL)\n" + query
    answers: list[str] = []
    units = 0
    try:
        terms = cvc5.TermManager()
        solver = cvc5.Solver(terms)
        _configure(solver, rlimit)
        parser = cvc5.InputParser(solver)
        parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "ledger-query")
        symbols = parser.getSymbolManager()
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            name = command.getCommandName()
            if name == "check-sat":
                before = _units_used(solver)
                cases = _cases(solver.getAssertions(), cvc5.Kind)
                if cases is None:
                    answers.append(command.invoke(solver, symbols).strip())
                else:
                    answers.append(_by_cases(solver, terms, cases, cvc5.Kind))
                units += _units_used(solver) - before
                continue
            command.invoke(solver, symbols)
            if name == "reset":  # (reset) clears the options set above
                _configure(solver, rlimit)
    except Exception as err:  # any failure of the second solver is an answer
        return SecondAnswer(f"error: {err}".strip(), time.perf_counter() - start, units)
    seconds = time.perf_counter() - start
    if not answers:
        return SecondAnswer("error: the query has no (check-sat)", seconds, units)
    other = [a for a in answers if a != "unsat"]
    if not other:
        return SecondAnswer("unsat", seconds, units)
    first = other[0]
    return SecondAnswer(
        first if first.startswith(("sat", "unknown")) else f"error: {first}",
        seconds,
        units,
    )


def _configure(solver: Any, rlimit: int) -> None:
    """Set the budget per check and allow push/pop for the case split (again after a reset)."""
    solver.setOption("rlimit-per", str(rlimit))
    solver.setOption("incremental", "true")


def _cases(assertions: list[Any], kind: Any) -> list[Any] | None:
    """Return the conjuncts of a last assertion ``(not (and c1 .. cn))``, else None."""
    if not assertions:
        return None
    last = assertions[-1]
    if last.getKind() != kind.NOT or last[0].getKind() != kind.AND:
        return None
    inner = last[0]
    if inner.getNumChildren() < 2:
        return None
    return [inner[i] for i in range(inner.getNumChildren())]


def _by_cases(solver: Any, terms: Any, conjuncts: list[Any], kind: Any) -> str:
    """Decide the asserted query as one case per conjunct (the module docstring).

    Returns ``"unsat"`` when every case is unsat, else the first other
    answer (a sat case is a model of the query; an unknown one leaves the
    query undecided).
    """
    for conjunct in conjuncts:
        solver.push()
        try:
            solver.assertFormula(terms.mkTerm(kind.NOT, conjunct))
            result = solver.checkSat()
        finally:
            solver.pop()
        if result.isSat():
            return "sat"
        if not result.isUnsat():
            shown = str(result)
            return shown if shown.startswith("unknown") else f"unknown ({shown})"
    return "unsat"


def _units_used(solver: object) -> int:
    """Resource units cvc5 has spent so far (0 when not reported)."""
    try:
        stats = solver.getStatistics()  # type: ignore[attr-defined]
        value = stats["resource::resourceUnitsUsed"]["value"]
    except Exception:  # statistics are informative only
        return 0
    return int(value)
