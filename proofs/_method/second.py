"""The second solver: cvc5 re-decides the SMT-LIB query a z3 proof printed.

A universal proof in the ledger is z3 finding the negation of a claim
unsatisfiable. The same SMT-LIB text (``solver.to_smt2()``, what
``python -m proofs --claim ID`` prints) is handed to cvc5, an independent
solver, through its Python package; the proof stands only when cvc5 also
answers ``unsat``. Private to :mod:`proofs._method`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

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
        Wall time cvc5 took, parsing included.
    """

    status: str
    seconds: float


def cvc5_version() -> str:
    """Return ``"cvc5 <version>"``, or ``"cvc5 (absent)"`` when it is not installed."""
    try:
        import cvc5
    except ImportError:
        return "cvc5 (absent)"
    return f"cvc5 {getattr(cvc5, '__version__', '?')}"


def second_opinion(query: str, *, timeout_ms: int = 300_000) -> SecondAnswer:
    """Run cvc5 on the SMT-LIB text ``query``: unsat only if every check-sat is.

    Parameters
    ----------
    query : str
        SMT-LIB 2 text as z3 prints it; ``(set-logic ALL)`` is put first when
        the text sets no logic.
    timeout_ms : int, default 300000
        cvc5's time limit per check, in milliseconds.

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
    try:
        solver = cvc5.Solver(cvc5.TermManager())
        solver.setOption("tlimit-per", str(timeout_ms))
        parser = cvc5.InputParser(solver)
        parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "ledger-query")
        symbols = parser.getSymbolManager()
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            name = command.getCommandName()
            out = command.invoke(solver, symbols)
            if name == "check-sat":
                answers.append(out.strip())
    except Exception as err:  # any failure of the second solver is an answer
        return SecondAnswer(f"error: {err}".strip(), time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if not answers:
        return SecondAnswer("error: the query has no (check-sat)", seconds)
    other = [a for a in answers if a != "unsat"]
    if not other:
        return SecondAnswer("unsat", seconds)
    first = other[0]
    return SecondAnswer(
        first if first in ("sat", "unknown") else f"error: {first}", seconds
    )
