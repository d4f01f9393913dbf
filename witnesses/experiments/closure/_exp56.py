"""Exp56: absorbing states under short suffixes (private; see :mod:`witnesses.experiments.closure`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from witnesses._solve._core import solve
from witnesses._validation import check_int
from witnesses.events import Timeline
from witnesses.experiments.closure._common import (
    FOCAL,
    MAX_CASES,
    MAX_EVENTS,
    SCALES,
    ClosureRate,
    case,
    extend,
    make_ops,
    scale_name,
)
from witnesses.grammar import Grammar
from witnesses.semantics import REFERENCE, Semantics, as_semantics

__all__ = ["Exp56Result", "exp56"]


@dataclass(frozen=True, slots=True)
class Exp56Result:
    """Counts of Exp56: absorbing states under short later suffixes.

    Parameters
    ----------
    cases_scanned : int
        Cases looked at to find the absorbing states.
    n_states : int
        Absorbing states found (at most the requested number).
    max_suffix : int
        Suffix lengths ``L = 1..max_suffix``.
    violations : ClosureRate
        ``(state, L)`` checks whose composed state is no longer absorbing.
    short_suffixes : int
        Checks where fewer than ``L`` later events exist; the suffix is then
        every later event (possibly none), as a slice ``later[:L]`` gives.
    endogenous_escapes : int
        Checks whose *endogenous* composite is not absorbing (equal to
        ``violations.count`` under the reference semantics, where the
        composition is endogenous; under the paper semantics the contrast
        with the committed product).
    first_failure : str or None

    Examples
    --------
    >>> from witnesses.experiments.closure import Exp56Result, ClosureRate
    >>> Exp56Result(20, 16, 6, ClosureRate(0, 96)).violations.n
    96
    """

    cases_scanned: int
    n_states: int
    max_suffix: int
    violations: ClosureRate
    short_suffixes: int = 0
    endogenous_escapes: int = 0
    first_failure: str | None = None


def exp56(
    *,
    scale: str = "smoke",
    n_states: int | None = None,
    max_suffix: int | None = None,
    n_events: int = 200,
    k: int = 1,
    m: int = 25,
    max_cases: int = 138,
    semantics: Semantics | str = REFERENCE,
) -> Exp56Result:
    """Exp56: an absorbing state stays absorbing when later events are appended (``VM-E56``).

    Case ``i`` (``i = 0, 1, ...``, at most ``max_cases``) is
    ``bursty(config=BurstyConfig(n_events, epsilon=EPSILONS[i % 3]), seed=i)``; the
    paper's Exp50 grid is only described as "138 Bursty graphs, epsilon/seed
    grid", so this grid is ours. Its state is built from the events of the
    greedy extraction (``solve(..., solver="greedy")``, strict grammar with
    ``k``; its best sequence, valid or not, as greedy returns it). The first ``n_states`` absorbing states are kept; for ``L =
    1..max_suffix`` the first ``L`` graph events later than the state's last
    timestamp are composed onto it (all of them when fewer remain), and a
    check fails when the result is not absorbing.

    Under ``"reference"`` (the published check): ``M = m`` block states,
    absorbing = some candidate has ``j_dev < k``, endogenous composition
    (docs/guide/witnesses.md §7 and §11, item 3). Under ``"paper"``: the block's element
    with a pivot and ``d_pre < k`` is *committed* and composed with
    ``compose_commit`` (docs/guide/algebra.md §4, ``VM-P3``); ``endogenous_escapes`` counts
    the same checks under ``compose_endo``.

    Parameters
    ----------
    scale : {"smoke", "full"}
        16 states x 6 suffixes, or 60 x 16, unless given explicitly.
    n_states, max_suffix : int, optional
    n_events : int, default 200
    k : int, default 1
    m : int, default 25
    max_cases : int, default 138
    semantics : Semantics or str, default REFERENCE

    Returns
    -------
    Exp56Result

    Examples
    --------
    >>> from witnesses.experiments.closure import exp56
    >>> r = exp56(n_states=2, max_suffix=2, n_events=60)
    >>> r.n_states, r.violations.count
    (2, 0)
    >>> exp56(n_states=2, max_suffix=2, n_events=60, semantics="paper").violations.count
    0
    """
    wanted, longest = SCALES[scale_name(scale)]["exp56"]
    if n_states is not None:
        wanted = check_int(n_states, "n_states", minimum=1, maximum=MAX_CASES)
    if max_suffix is not None:
        longest = check_int(max_suffix, "max_suffix", minimum=1, maximum=MAX_EVENTS)
    n = check_int(n_events, "n_events", minimum=4, maximum=MAX_EVENTS)
    grammar = Grammar.parametric(check_int(k, "k", minimum=1, maximum=MAX_EVENTS))
    sem = as_semantics(semantics)
    ops = make_ops(sem, check_int(m, "m", minimum=1, maximum=MAX_EVENTS), grammar.k)
    states: list[tuple[int, Timeline, Any, float]] = []
    scanned = 0
    for i in range(check_int(max_cases, "max_cases", minimum=1, maximum=MAX_CASES)):
        if len(states) == wanted:
            break
        scanned += 1
        tl = case(i, n)
        found = solve(tl, focal=FOCAL, grammar=grammar, solver="greedy").sequence
        if found is None:
            continue
        state = ops.block(tl.subset(found.ids))
        if ops.has_pivot(state) and ops.absorbing(state):
            states.append((i, tl, state, found.events[-1].timestamp))
    bad = checks = short = endo = 0
    first: str | None = None
    for index, tl, state, last in states:
        later = [e.id for e in tl if e.timestamp > last]
        for length in range(1, longest + 1):
            short += len(later) < length
            suffix = ops.block(tl.subset(later[:length]))
            checks += 1
            endo += not ops.absorbing(ops.compose(state, suffix))
            if not ops.absorbing(extend(sem, ops, state, suffix)):
                bad += 1
                first = first or f"case={index}, L={length}"
    return Exp56Result(
        scanned,
        len(states),
        longest,
        ClosureRate(bad, max(checks, 1)),
        short,
        endo,
        first,
    )
