"""The witness semantics: one object that says how an experiment reads the paper.

Every experiment of the witness layer (Exp51/56/57, Exp58, the retention
sweep) and every ledger check built on them runs under a :class:`Semantics`.
It fixes, in one place, what used to be decoded from a string in each module:
which compression strategy plays the contract, which solver is used, whether
the turning point must be the endogenous argmax, how development is counted,
and which strategies the sweep compares. A third semantics is one new
constant.

Counting rules (docs/guide/witnesses.md §1 terms):

``"reference"``
    Every event of a block counts; of a prefix of ``p`` events,
    ``ceil(0.2 p)`` are reserved as SETUP and the rest are development,
    ``development_eligible_count(p) = p - ceil(0.2 p)`` (docs/guide/witnesses.md §3 and
    §5). This is the reference code's reading; it is superadditive, so the
    monoid's ``d_total = d_total_A + d_total_B`` does not hold for it
    (docs/guide/witnesses.md §11, item 1).
``"paper"``
    docs/guide/algebra.md §2 literally: a focal event is a pivot candidate
    ``(w, 0, 0)``, every non-focal event is one development event
    ``(-inf, 1, 0)``, no setup share (docs/guide/algebra.md §6). It is
    additive, as Propositions 1-3 need (so is counting every event with no
    setup share, a third reading not shipped as a constant: under it
    Definition 2 is not vacuous on Exp58). The paper itself never says which
    events are development.

The decision for :data:`PAPER` is ``"paper"`` everywhere (closure checks,
Exp58 and the sweep): the paper semantics is docs/guide/algebra.md taken literally
(docs/guide/witnesses.md §1). Under it, Exp58's block 1 has no development at all
(all 50 events belong to ``actor_0``), so Definition 2 is vacuous there.
docs/guide/witnesses.md §9's illustration (Definition 2 keeping 4 block-1 events,
score 39.027) counts development the reference way; it is the constant
:data:`PAPER_ELIGIBLE`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from witnesses._solve._core import SOLVERS, takes_endogenous

__all__ = [
    "COUNTINGS",
    "NAMES",
    "PAPER",
    "PAPER_ELIGIBLE",
    "REFERENCE",
    "SEMANTICS",
    "Semantics",
    "as_semantics",
    "counts_non_focal",
]

_NON_FOCAL = {"reference": False, "paper": True}
"""Each counting rule's name, and whether it counts the non-focal events as
development (no setup share) rather than every event less the setup share."""

COUNTINGS = tuple(_NON_FOCAL)
"""The development-counting rules (module docstring): ``"reference"``, ``"paper"``."""

_CONTRACTS = ("contract_guarded", "definition2")


def _choice(value: object, name: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        msg = f"{name} must be one of {', '.join(map(repr, allowed))}, got {value!r}"
        raise ValueError(msg)


@dataclass(frozen=True, slots=True)
class Semantics:
    """How the witness layer reads the paper (docs/guide/witnesses.md §1).

    Parameters
    ----------
    name : str
        The name used on the command line, in JSON and in claim ids
        (``VM-E58@reference``).
    contract : {"contract_guarded", "definition2"}
        The compression strategy that plays the no-absorption contract:
        the reference's absolute all-pivot invariant (docs/guide/witnesses.md §6) or the
        paper's block-level Definition 2 (``VM-D2``).
    solver : {"reference", "exact", "greedy"}
        The pivot-conditioned solver (docs/guide/witnesses.md §4).
    endogenous : bool
        Whether a solved sequence's turning point must be the argmax focal
        event of the sequence (the paper's ``tau(S)``, section 2).
    counting : {"reference", "paper"}
        How development is counted (module docstring): by Definition 2's
        compressor and by the block elements of the closure checks.
    strategies : tuple of str
        The strategies the retention sweep compares; the last is the
        contract.

    Examples
    --------
    >>> from witnesses import PAPER, REFERENCE, Semantics
    >>> REFERENCE.contract, REFERENCE.solver, REFERENCE.counting
    ('contract_guarded', 'reference', 'reference')
    >>> PAPER.contract, PAPER.solver, PAPER.endogenous, PAPER.counting
    ('definition2', 'exact', True, 'paper')
    >>> Semantics("x", "definition2", "exact", True, "bogus", ("naive", "definition2"))
    Traceback (most recent call last):
    ...
    ValueError: counting must be one of 'reference', 'paper', got 'bogus'
    """

    name: str
    contract: str
    solver: str
    endogenous: bool
    counting: str
    strategies: tuple[str, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            msg = f"name must be a non-empty str, got {self.name!r}"
            raise ValueError(msg)
        _choice(self.contract, "contract", _CONTRACTS)
        _choice(self.solver, "solver", SOLVERS)
        _choice(self.counting, "counting", COUNTINGS)
        if not isinstance(self.endogenous, bool):
            msg = f"endogenous must be a bool, got {self.endogenous!r}"
            raise TypeError(msg)
        strategies = tuple(self.strategies)
        if not strategies or strategies[-1] != self.contract:
            msg = (
                f"strategies must end with the contract {self.contract!r}, "
                f"got {strategies!r}"
            )
            raise ValueError(msg)
        object.__setattr__(self, "strategies", strategies)

    def __str__(self) -> str:
        return self.name

    @property
    def non_focal_development(self) -> bool:
        """Whether development is the non-focal events, with no setup share.

        ``True`` under the ``"paper"`` counting (the block elements are the
        monoid's, docs/guide/algebra.md §2); ``False`` under ``"reference"``
        (every event counts, less the 20% setup share).

        Examples
        --------
        >>> from witnesses import PAPER, REFERENCE
        >>> PAPER.non_focal_development, REFERENCE.non_focal_development
        (True, False)
        """
        return counts_non_focal(self.counting)

    @property
    def judged_by_block(self) -> bool:
        """Whether the contract is judged per block (Definition 2), not by the all-pivot invariant.

        Examples
        --------
        >>> from witnesses import PAPER, REFERENCE
        >>> PAPER.judged_by_block, REFERENCE.judged_by_block
        (True, False)
        """
        return self.contract == "definition2"

    def solve_options(self, *, solver: str | None = None) -> dict[str, Any]:
        """Return the keywords of :func:`witnesses.solve` under this semantics.

        ``solver`` overrides the semantics' solver; the endogenous pivot is
        asked for only where the semantics wants it and the solver can give
        it (the exact solver).

        Examples
        --------
        >>> from witnesses import PAPER
        >>> PAPER.solve_options(), PAPER.solve_options(solver="greedy")
        ({'solver': 'exact', 'endogenous': True}, {'solver': 'greedy', 'endogenous': False})
        """
        name = self.solver if solver is None else solver
        _choice(name, "solver", SOLVERS)
        return {
            "solver": name,
            "endogenous": self.endogenous and takes_endogenous(name),
        }


REFERENCE = Semantics(
    "reference",
    contract="contract_guarded",
    solver="reference",
    endogenous=False,
    counting="reference",
    strategies=("naive", "bridge_preserving", "contract_guarded"),
)
"""The reference experiments (docs/guide/witnesses.md §2-9): reproduces the paper's
published numbers."""

PAPER = Semantics(
    "paper",
    contract="definition2",
    solver="exact",
    endogenous=True,
    counting="paper",
    strategies=("naive", "bridge_preserving", "definition2"),
)
"""docs/guide/algebra.md literally: Definition 2, the exact solver with the endogenous
pivot, non-focal events as development."""

PAPER_ELIGIBLE = Semantics(
    "paper-eligible",
    contract="definition2",
    solver="exact",
    endogenous=True,
    counting="reference",
    strategies=("naive", "bridge_preserving", "definition2"),
)
"""As :data:`PAPER`, but Definition 2 counts development the reference way
(every event, 20% setup share): docs/guide/witnesses.md §9's illustration."""

SEMANTICS = (REFERENCE, PAPER)
"""The semantics every experiment and ledger check runs under."""

_BY_NAME = {s.name: s for s in (REFERENCE, PAPER, PAPER_ELIGIBLE)}

NAMES = tuple(_BY_NAME)
"""Every semantics name :func:`as_semantics` accepts."""


def as_semantics(value: object) -> Semantics:
    """Return the :class:`Semantics` named or given by ``value``.

    The single validator of the package: every API that takes a semantics
    accepts a :class:`Semantics` or one of the names ``"reference"``,
    ``"paper"``, ``"paper-eligible"``.

    Examples
    --------
    >>> from witnesses import REFERENCE, as_semantics
    >>> as_semantics("reference") is REFERENCE, as_semantics(REFERENCE) is REFERENCE
    (True, True)
    >>> as_semantics("Paper")
    Traceback (most recent call last):
    ...
    ValueError: semantics must be a Semantics or one of 'reference', 'paper', 'paper-eligible', got 'Paper'
    """
    if isinstance(value, Semantics):
        return value
    if isinstance(value, str) and value in _BY_NAME:
        return _BY_NAME[value]
    names = ", ".join(map(repr, _BY_NAME))
    msg = f"semantics must be a Semantics or one of {names}, got {value!r}"
    if isinstance(value, str):
        raise ValueError(msg)
    raise TypeError(msg)


def counts_non_focal(counting: object) -> bool:
    """Return whether the counting rule named ``counting`` counts non-focal events.

    The one decoder of a counting rule's name (:data:`COUNTINGS`): ``"paper"``
    counts the non-focal events as development, with no setup share;
    ``"reference"`` counts every event, less the 20% setup share.

    Raises
    ------
    ValueError
        If ``counting`` is not one of :data:`COUNTINGS`.

    Examples
    --------
    >>> from witnesses.semantics import counts_non_focal
    >>> counts_non_focal("paper"), counts_non_focal("reference")
    (True, False)
    """
    _choice(counting, "counting", COUNTINGS)
    return _NON_FOCAL[str(counting)]


def _to_json(sem: Semantics) -> str | dict[str, Any]:
    """Return ``sem`` as a JSON value: a named semantics' name, else its fields."""
    if _BY_NAME.get(sem.name) == sem:
        return sem.name
    fields = {name: getattr(sem, name) for name in Semantics.__slots__}
    return {**fields, "strategies": list(sem.strategies)}


def _from_json(value: object) -> Semantics:
    """Return the :class:`Semantics` that :func:`_to_json` wrote as ``value``."""
    if isinstance(value, Mapping):
        return Semantics(**{**value, "strategies": tuple(value["strategies"])})
    return as_semantics(value)
