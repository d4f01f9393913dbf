"""The results of :mod:`algebra.laws` (private; re-exported there)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from algebra.laws._search import Found, Law

__all__ = ["LawReport", "LawResult"]


@dataclass(frozen=True, slots=True)
class LawResult:
    """The verdict on one law.

    Attributes
    ----------
    name : str
        ``"associativity"``, ``"left identity"``, ``"homomorphism"``, ...
    statement : str
        The law as an equation over the named variables.
    holds : bool or None
        ``True``: no counterexample on the domain checked (see ``scope``);
        ``False``: ``counterexample`` breaks it; ``None``: open (nothing was
        checked, or a proof did not go through).
    method : str
        ``"exhaustive"``, ``"hypothesis"``, ``"exhaustive+hypothesis"`` or
        ``"smt"``.
    examples_tried : int
        Tuples checked (up to and including the first failure).
    counterexample : mapping or None
        Variable name to value, minimal (see :func:`check_monoid`).
    detail : str
        For a failure, both sides of the law; otherwise what was covered.

    Examples
    --------
    >>> from algebra.laws import check_monoid
    >>> r = check_monoid(max, 0, range(3))["associativity"]
    >>> r.holds, r.method, r.examples_tried
    (True, 'exhaustive', 27)
    """

    name: str
    statement: str
    holds: bool | None
    method: str
    examples_tried: int
    counterexample: Mapping[str, Any] | None
    detail: str

    @classmethod
    def violated(cls, law: Law, method: str, tried: int, found: Found) -> LawResult:
        """Return the result of a law broken by ``found.failing``."""
        if found.failing is None:
            msg = f"law {law.name!r} was not violated"
            raise ValueError(msg)
        example = dict(zip(law.names, found.failing, strict=True))
        return cls(law.name, law.statement, False, method, tried, example, found.detail)

    @property
    def verdict(self) -> str:
        """``"holds"``, ``"VIOLATED"`` or ``"open"``."""
        return {True: "holds", False: "VIOLATED", None: "open"}[self.holds]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (values that are not JSON scalars as ``repr``)."""
        example = None
        if self.counterexample is not None:
            example = {k: _jsonable(v) for k, v in self.counterexample.items()}
        return {
            "name": self.name,
            "statement": self.statement,
            "holds": self.holds,
            "method": self.method,
            "examples_tried": self.examples_tried,
            "counterexample": example,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class LawReport:
    """Per-law results of one law check.

    ``report.holds`` is true only when every law holds; ``report[name]``
    returns one :class:`LawResult`; ``str(report)`` is a readable account;
    ``report.assert_holds()`` raises ``AssertionError`` with that account,
    for use inside a test.

    Examples
    --------
    >>> from algebra.laws import check_monoid
    >>> report = check_monoid(lambda a, b: a + b + 1, 0, range(3))
    >>> report.holds
    False
    >>> print(report)  # doctest: +NORMALIZE_WHITESPACE
    monoid laws of <lambda> with identity 0: VIOLATED
      associativity   holds     exhaustive, 27 examples: every tuple of 3 elements
      left identity   VIOLATED  exhaustive, 1 example
        law: op(identity, a) == a
        counterexample: a = 0
        op(identity, a) = 1, a = 0
      right identity  VIOLATED  exhaustive, 1 example
        law: op(a, identity) == a
        counterexample: a = 0
        op(a, identity) = 1, a = 0
    >>> report.to_dict()["laws"][1]["counterexample"]
    {'a': 0}
    """

    subject: str
    laws: tuple[LawResult, ...]

    @property
    def holds(self) -> bool:
        """Whether every law holds (an open law does not)."""
        return all(law.holds is True for law in self.laws)

    def __getitem__(self, name: str) -> LawResult:
        for law in self.laws:
            if law.name == name:
                return law
        msg = f"no law named {name!r}; laws: {', '.join(x.name for x in self.laws)}"
        raise KeyError(msg)

    def __str__(self) -> str:
        verdicts = {law.holds for law in self.laws}
        head = "HOLDS" if self.holds else ("VIOLATED" if False in verdicts else "OPEN")
        lines = [f"{self.subject}: {head}"]
        width = max(len(law.name) for law in self.laws)
        for law in self.laws:
            plural = "" if law.examples_tried == 1 else "s"
            count = f"{law.method}, {law.examples_tried:,} example{plural}"
            if law.method == "smt":
                count = "smt"
            if law.holds is False:
                lines.append(f"  {law.name:<{width}}  {law.verdict:<8}  {count}")
                shown = ", ".join(
                    f"{k} = {v!r}" for k, v in (law.counterexample or {}).items()
                )
                lines += [
                    f"    law: {law.statement}",
                    f"    counterexample: {shown}",
                    f"    {law.detail}",
                ]
            else:
                lines.append(
                    f"  {law.name:<{width}}  {law.verdict:<8}  {count}: {law.detail}"
                )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (stable key order)."""
        return {
            "subject": self.subject,
            "holds": self.holds,
            "laws": [law.to_dict() for law in self.laws],
        }

    def assert_holds(self) -> None:
        """Raise ``AssertionError`` with the readable report unless every law holds.

        Raises
        ------
        AssertionError
            If a law is violated or open; its message is the whole report.

        Examples
        --------
        >>> from algebra.laws import check_monoid
        >>> check_monoid(max, 0, range(3)).assert_holds()
        >>> check_monoid(min, 0, range(3)).assert_holds()
        Traceback (most recent call last):
        ...
        AssertionError: monoid laws of min with identity 0: VIOLATED
        ...
        """
        if not self.holds:
            raise AssertionError(str(self))

    def _with_open(self, vacuous: Mapping[str, bool]) -> LawReport:
        """Return a copy where laws whose premise never held are open."""
        laws = tuple(
            dataclasses.replace(
                law,
                holds=None,
                detail=f"open: the premise never held, nothing was checked ({law.detail})",
            )
            if law.holds is True and vacuous.get(law.name, False)
            else law
            for law in self.laws
        )
        return LawReport(self.subject, laws)


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)
