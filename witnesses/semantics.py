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

from dataclasses import dataclass

__all__ = [
    "NAMES",
    "PAPER",
    "PAPER_ELIGIBLE",
    "REFERENCE",
    "SEMANTICS",
    "Semantics",
    "as_semantics",
]

_SOLVERS = ("reference", "exact", "greedy")
_COUNTINGS = ("reference", "paper")
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
        _choice(self.solver, "solver", _SOLVERS)
        _choice(self.counting, "counting", _COUNTINGS)
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
