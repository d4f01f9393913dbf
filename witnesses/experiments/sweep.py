"""The retention sweep of the validity mirage (docs/guide/witnesses.md §10; VM-C3, VM-C4).

For every seed a MultiBurst timeline of 200 events is solved whole, then
compressed to each retention with each strategy and solved again, free and
with the full timeline's pivot forced. Rows and per-retention aggregates are
those of the paper's Tables 3 and 9 (the pivot-preservation denominator as
there: rows where both the full and the free compressed solve are valid).

Cells (one per seed) run on any :class:`concurrent.futures.Executor`; a
journal makes the sweep resumable, and outputs are written atomically.
"""

from __future__ import annotations

import csv
import io
import json
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from witnesses._compress._core import STRATEGIES, compress_targets, compress_with
from witnesses._solve._core import SOLVERS, solve
from witnesses._validation import check_choice, check_instance, check_int, check_keys
from witnesses.events import Event, Timeline
from witnesses.experiments._timelines import CACHED, multiburst_timeline
from witnesses.grammar import Grammar
from witnesses.rates import CellRates, Conventions, Rate, rates
from witnesses.rates.trials import Trial
from witnesses.runtime import check_output_path, run_cells, write_atomic
from witnesses.semantics import REFERENCE, Semantics, as_semantics
from witnesses.semantics import _from_json as _decode
from witnesses.semantics import _to_json as _encode

__all__ = [
    "RETENTIONS",
    "SweepResult",
    "grammar",
    "retention_sweep",
    "sweep_cell",
    "sweep_trials",
]

RETENTIONS = (0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1)
"""The paper's retentions, 0.50 down to 0.10."""

_K = 3
_M = 10
_GAP = 0.11
_MIN_LENGTH = 4
_N_EVENTS = 200
_ROW_FIELDS = (
    "retention",
    "seed",
    "strategy",
    "target",
    "kept",
    "full_valid",
    "full_pivot",
    "full_score",
    "raw_validity",
    "chosen_pivot",
    "compressed_score",
    "pivot_preserved",
    "fixed_feasible",
    "fixed_score",
    "fixed_pivot_regret",
    "rejected_gap_guard",
)
_OLD_ROW_KEYS = {
    "full_tp": "full_pivot",
    "raw_valid": "raw_validity",
    "free_tp": "chosen_pivot",
    "free_score": "compressed_score",
    "fixed_valid": "fixed_feasible",
    "semantic_regret": "fixed_pivot_regret",
}
"""Row keys before 2026-11-24: a journal written then still resumes, and
:func:`sweep_trials` still reads such rows (kept for one release)."""
_TRIAL_KEYS = (
    "full_pivot",
    "chosen_pivot",
    "raw_validity",
    "fixed_feasible",
    "full_score",
    "compressed_score",
)
"""Row keys that are :class:`~witnesses.Trial` fields of the same name."""
_SWEEP_RATES = ("raw_validity", "pivot_preservation", "fixed_pivot_feasibility")
"""The rates of :func:`witnesses.rates` that the aggregates report."""


def grammar() -> Grammar:
    """Return the sweep's grammar: k = 3, gap 0.11, strict otherwise.

    Examples
    --------
    >>> from witnesses.experiments.sweep import grammar
    >>> g = grammar()
    >>> g.k, g.max_temporal_gap, g.min_timespan_fraction, g.focal_actor_coverage
    (3, 0.11, 0.15, 0.6)
    """
    return Grammar.parametric(_K, max_temporal_gap=_GAP)


@dataclass(frozen=True, slots=True)
class SweepResult:
    """Rows and per-(retention, strategy) aggregates of a retention sweep.

    Examples
    --------
    >>> from witnesses.experiments.sweep import retention_sweep
    >>> result = retention_sweep(retentions=[0.5], seeds=[0], executor=False)
    >>> len(result.rows), sorted(result.aggregates[0])[:3]
    (3, ['fixed_pivot_feasibility', 'fixed_pivot_regret', 'pivot_preservation'])
    """

    semantics: str
    solver: str
    rows: tuple[Mapping[str, Any], ...]
    aggregates: tuple[Mapping[str, Any], ...]
    crossover: Mapping[str, float | None]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document written by ``out=``."""
        return {
            "aggregates": [dict(a) for a in self.aggregates],
            "crossover": dict(self.crossover),
            "rows": [dict(r) for r in self.rows],
            "semantics": self.semantics,
            "solver": self.solver,
        }

    def rows_csv(self) -> str:
        """Return the rows as CSV text (header first)."""
        buffer = io.StringIO()
        writer = csv.DictWriter(
            buffer, fieldnames=list(_ROW_FIELDS), lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(self.rows)
        return buffer.getvalue()


def retention_sweep(
    *,
    retentions: Sequence[float] = RETENTIONS,
    seeds: Iterable[int] = range(100),
    semantics: Semantics | str = REFERENCE,
    solver: str | None = None,
    strategies: Mapping[str, str | Callable[..., Any]] | None = None,
    executor: Executor | bool | None = None,
    journal: str | Path | None = None,
    out: str | Path | None = None,
    progress: bool | None = None,
    timelines: Iterable[Timeline] | None = None,
    focal: str = "actor_0",
) -> SweepResult:
    """Run the paper's retention sweep (docs/guide/witnesses.md §10).

    Parameters
    ----------
    retentions : sequence of float
        Shares of the 200 events kept, each in ``(0, 1]``; the target size is
        ``max(8, round(200 r))``.
    seeds : iterable of int
        MultiBurst seeds (``>= 0``), one cell each. A repeated seed is an
        error (it would count one timeline twice).
    semantics : Semantics or str, default REFERENCE
        The strategies compared, the solver and the development counting
        (:mod:`witnesses.semantics`). ``REFERENCE``: naive,
        bridge_preserving, contract_guarded and the reference solver;
        ``PAPER``: the contract is Definition 2 (non-focal development) and
        the solver is exact with the endogenous pivot.
    solver : {"reference", "greedy", "exact"}, optional
        Overrides the semantics' solver: ``"greedy"`` is the committed,
        argmax-anchored search of the paper's greedy sweep.
    strategies : mapping of str to str or callable, optional
        The compressions to compare, by row name: a built-in strategy name
        or a user's function (see :func:`witnesses.compress`), e.g.
        ``{"naive": "naive", "mine": my_fn}``. Default: the semantics' three.
        A process pool needs picklable (module-level) functions.
    executor : Executor, False or None, default None
        Where cells run: ``None`` a local process pool sized to the machine,
        ``False`` this process, or any :class:`concurrent.futures.Executor`
        (a Dask cluster's ``Client.get_executor()`` for more machines).
    journal : path, optional
        A JSONL journal: finished cells are appended as they finish, and a
        rerun skips them, so a crash loses at most the cells in flight.
    out : path, optional
        Write the result as JSON (``.json``) or the rows as CSV (``.csv``),
        atomically.
    progress : bool, optional
        Show a progress bar; by default only on a terminal.
    timelines : iterable of Timeline, optional
        The user's own timelines instead of MultiBurst ones (then ``seeds``
        is ignored): one cell each, its ``seed`` column the timeline's
        position. Timestamps must be on the grammar's scale (gap bound
        0.11): load them with :func:`witnesses.load_timeline`, which
        rescales to ``[0, 1]``; a timeline on which no sequence can meet the
        gap bound is an error naming the bound and its gaps. The target size
        of a timeline of ``n`` events is ``max(8, round(n r))``.
    focal : str, default "actor_0"
        The focal actor of the solves and compressions; with ``timelines``
        it must occur in some timeline (the error lists the actors present).

    Returns
    -------
    SweepResult

    Raises
    ------
    ValueError
        For a retention outside ``(0, 1]``, a negative or repeated seed, no
        seeds (or no timelines), an unknown semantics name, an ``out``
        suffix other than .json/.csv, or a callable strategy the default
        process pool cannot send to its workers (define it at module level,
        or pass ``executor=False``).

    Notes
    -----
    Row keys are :class:`~witnesses.Trial` field names (the vocabulary table
    of docs/guide/witnesses.md): ``full_pivot`` / ``chosen_pivot`` = the
    pivot of the full / free compressed solve (``None`` when invalid),
    ``compressed_score`` = the free compressed solve's score;
    ``raw_validity`` = free solve valid; ``pivot_preserved`` = full and free
    valid with the same pivot; ``fixed_feasible`` = the forced solve with
    the full pivot is valid (``None`` when the full solve has none);
    ``fixed_pivot_regret`` = free score minus forced score (absolute
    points, only when both exist). Aggregates are named as the rates and
    means of :func:`witnesses.rates` over :func:`sweep_trials`:
    ``raw_validity`` over all rows; ``pivot_preservation`` over rows with
    the full and the free solve valid (the paper's denominator);
    ``fixed_pivot_feasibility`` over rows with a full pivot; mean
    ``fixed_pivot_regret`` over rows with both scores; mean
    ``rejected_gap_guard``. Every rate carries its counts and a Wilson 95%
    interval, in the JSON shape of :meth:`witnesses.rates.Rate.to_dict`
    (``name``, ``numerator``, ``denominator``, ``estimate``, ``low``,
    ``high``, ``denominator_rule``). ``crossover`` is, per rate, the largest retention where the
    contract strategy beats naive by more than 1e-12.

    Examples
    --------
    >>> from witnesses.experiments.sweep import retention_sweep
    >>> r = retention_sweep(retentions=[0.3], seeds=[1], executor=False)
    >>> [row["strategy"] for row in r.rows]
    ['naive', 'bridge_preserving', 'contract_guarded']
    """
    sem = as_semantics(semantics)
    chosen = [_check_retention(r) for r in retentions]
    encoded = None if timelines is None else _encode_timelines(timelines)
    seed_list = _unique_seeds(seeds) if encoded is None else list(range(len(encoded)))
    if not chosen or not seed_list:
        msg = "retentions and seeds must not be empty"
        raise ValueError(msg)
    if out is not None and Path(out).suffix not in (".json", ".csv"):
        msg = f"out must end in .json or .csv, got {str(out)!r}"
        raise ValueError(msg)
    if out is not None:
        check_output_path(out, name="out")
    if journal is not None:
        check_output_path(journal, name="journal")
    solver_name = check_choice(
        sem.solver if solver is None else solver, "solver", SOLVERS
    )
    encoded_sem = _encode(sem)
    cells: list[dict[str, Any]] = [
        {
            "retentions": chosen,
            "seed": s,
            "semantics": encoded_sem,
            "solver": solver_name,
        }
        for s in seed_list
    ]
    if encoded is not None:
        _check_focal(focal, encoded)
        from witnesses.check._core import check_scale

        check_scale(
            grammar(),
            [
                (f"timelines[{i}]", i, _decode_timeline(e))
                for i, e in enumerate(encoded)
            ],
        )
        for cell, events in zip(cells, encoded, strict=True):
            cell["timeline"] = events
            cell["focal"] = focal
    names, labels, callables = _user_strategies(strategies, sem)
    if executor is None and callables:
        _check_picklable(callables)
    header: dict[str, Any] = {
        "sweep": "retention_sweep",
        "retentions": chosen,
        "semantics": encoded_sem,
    }
    if strategies is not None:
        header["strategies"] = labels
        for cell in cells:
            cell["strategies"] = labels
    fn = partial(sweep_cell, callables=callables) if callables else sweep_cell
    if encoded is None and executor in (None, True) and len(cells) <= CACHED:
        # the local pool's workers are forked from this process: timelines
        # drawn here first are theirs without drawing them again, and stay
        # here for the next experiment (Exp52/53 draw the same seeds)
        for cell in cells:
            multiburst_timeline(_N_EVENTS, cell["seed"])
    rows = _run(cells, executor=executor, journal=journal, progress=progress,
                parameters={**header, "solver": solver_name}, fn=fn)  # fmt: skip
    rows = [_upgrade_row(r) for r in rows]
    rows.sort(key=lambda r: (-r["retention"], r["seed"]))
    aggregates = _aggregates(rows, chosen, names)
    result = SweepResult(
        sem.name,
        solver_name,
        tuple(rows),
        tuple(aggregates),
        _crossover(aggregates, names),
    )
    if out is not None:
        path = Path(out)
        text = (
            json.dumps(result.to_dict(), sort_keys=True, indent=2, allow_nan=False)
            + "\n"
            if path.suffix == ".json"
            else result.rows_csv()
        )
        write_atomic(path, text, name="out")
    return result


def sweep_cell(
    cell: Mapping[str, Any],
    *,
    callables: Mapping[str, Callable[..., Any]] | None = None,
) -> list[dict[str, Any]]:
    """Evaluate one seed of the sweep at every retention (module level, picklable).

    ``cell["strategies"]`` (optional) lists ``[name, label]`` pairs: a label
    is a built-in strategy name, or ``"callable ..."`` for the function
    ``callables[name]``.

    Examples
    --------
    >>> from witnesses.experiments.sweep import sweep_cell
    >>> rows = sweep_cell({"retentions": [0.5], "seed": 0, "semantics": "reference"})
    >>> len(rows), rows[0]["target"]
    (3, 100)
    """
    sem, solver = _check_cell(cell)
    options = sem.solve_options(solver=solver)
    timeline = (
        multiburst_timeline(_N_EVENTS, int(cell["seed"]))
        if cell.get("timeline") is None
        else _decode_timeline(cell["timeline"])
    )
    g = grammar()
    focal = cell.get("focal", "actor_0")
    if not isinstance(focal, str):
        msg = f"cell['focal'] must be a str, got {focal!r}"
        raise TypeError(msg)
    full = solve(timeline, focal=focal, grammar=g, m=_M, **options)
    pairs = cell.get("strategies") or [[n, n] for n in sem.strategies]
    targets = [max(8, round(len(timeline) * r)) for r in cell["retentions"]]
    packed_by = [
        _compressions(
            timeline,
            focal,
            (callables or {})[strategy] if label.startswith("callable ") else label,
            sem,
            targets,
        )
        for strategy, label in pairs
    ]
    solved: dict[tuple[str, ...], tuple[Timeline, Any, Any]] = {}
    rows = []
    for place, retention in enumerate(cell["retentions"]):
        target = targets[place]
        for (strategy, _), packs in zip(pairs, packed_by, strict=True):
            packed = packs[place]
            kept = packed.timeline
            seen = solved.get(kept.ids)
            if seen is None or not (seen[0] is kept or seen[0].events == kept.events):
                # the same kept events give the same solves
                free = solve(kept, focal=focal, grammar=g, m=_M, **options)
                fixed = None
                if full.pivot_id is not None:
                    fixed = solve(
                        kept,
                        focal=focal,
                        grammar=g,
                        pivot_ids=(full.pivot_id,),
                        **options,
                    )
                solved[kept.ids] = (kept, free, fixed)
            _, free, fixed = solved[kept.ids]
            rows.append(
                _row(
                    retention, cell["seed"], strategy, target, packed, full, free, fixed
                )
            )
    return rows


def _compressions(
    timeline: Timeline,
    focal: str,
    strategy: str | Callable[..., Any],
    sem: Semantics,
    targets: list[int],
) -> list[Any]:
    """One strategy's compressions of ``timeline`` to each target, in order.

    A built-in strategy runs its drop loop once for every target
    (:func:`witnesses._compress._core.compress_targets`, equal to one
    :func:`compress` per target); a user's function is called per target.
    """
    common: dict[str, Any] = {
        "focal": focal, "non_focal": sem.non_focal_development, "k": _K, "m": _M,
        "max_gap": _GAP, "min_length": _MIN_LENGTH,
    }  # fmt: skip
    if isinstance(strategy, str):
        return compress_targets(
            timeline, strategy=strategy, target_sizes=targets, **common
        )
    return [
        compress_with(timeline, strategy=strategy, target_size=t, **common)
        for t in targets
    ]


def sweep_trials(result: SweepResult) -> list[Trial]:
    """Return the sweep's rows as :class:`Trial` records for :func:`witnesses.rates`.

    Examples
    --------
    >>> from witnesses.experiments.sweep import retention_sweep, sweep_trials
    >>> from witnesses.rates import rates
    >>> r = retention_sweep(retentions=[0.5], seeds=[0], executor=False)
    >>> cells = rates(sweep_trials(r), by=["condition", "budget"])
    >>> [c.group["condition"] for c in cells]
    ['bridge_preserving', 'contract_guarded', 'naive']
    """
    check_instance(result, "result", SweepResult)
    model = f"{result.solver} ({result.semantics})"
    return [_row_trial(row, model) for row in result.rows]


def _row(
    retention: float,
    seed: int,
    strategy: str,
    target: int,
    packed: Any,
    full: Any,
    free: Any,
    fixed: Any,
) -> dict[str, Any]:
    fixed_feasible = None if fixed is None else fixed.valid
    fixed_score = None if fixed is None else fixed.score
    regret = None
    if free.score is not None and fixed_score is not None:
        regret = free.score - fixed_score
    return {
        "retention": retention,
        "seed": seed,
        "strategy": strategy,
        "target": target,
        "kept": packed.output_size,
        "full_valid": full.valid,
        "full_pivot": full.pivot_id,
        "full_score": full.score,
        "raw_validity": free.valid,
        "chosen_pivot": free.pivot_id,
        "compressed_score": free.score,
        "pivot_preserved": bool(
            full.valid and free.valid and free.pivot_id == full.pivot_id
        ),
        "fixed_feasible": fixed_feasible,
        "fixed_score": fixed_score,
        "fixed_pivot_regret": regret,
        "rejected_gap_guard": packed.rejected_gap_guard,
    }


def _run(
    cells: list[dict[str, Any]],
    *,
    executor: Executor | bool | None,
    journal: str | Path | None,
    progress: bool | None,
    parameters: dict[str, Any],
    fn: Callable[[Mapping[str, Any]], list[dict[str, Any]]] = sweep_cell,
) -> list[dict[str, Any]]:
    # the cells' rates use scipy's statistics: imported once here, the pool's
    # forked workers inherit them instead of each importing them
    import scipy.stats  # noqa: F401

    path = None if journal is None else Path(journal)
    return run_cells(
        cells, fn, executor=executor, journal=path, progress=progress,
        description="sweep", parameters=parameters,
    )  # fmt: skip


def _rate(cell: CellRates | None, name: str) -> dict[str, Any]:
    """Return rate ``name`` of ``cell`` in the one JSON shape of a rate (:meth:`Rate.to_dict`)."""
    if cell is None:  # no row in the cell: the rate over no trials
        return Rate.of(name, 0, 0, Conventions().rule(name)).to_dict()
    return cell.rates[name].to_dict()


def _aggregates(
    rows: list[dict[str, Any]], retentions: list[float], strategies: Sequence[str]
) -> list[dict[str, Any]]:
    """Per (retention, strategy) aggregates, computed by :func:`witnesses.rates`."""
    trials = [_row_trial(row, "sweep") for row in rows]
    cells = {
        (c.group["budget"], c.group["condition"]): c
        for c in rates(trials, by=("budget", "condition"), mean_interval="t")
    }
    out = []
    for retention in retentions:
        for strategy in strategies:
            c = cells.get((retention, strategy))
            means = {} if c is None else c.means
            regret = means.get("fixed_pivot_regret")
            gaps = means.get("rejected_gap_guard")
            out.append(
                {"retention": retention, "strategy": strategy}
                | {"rows": 0 if c is None else c.n_trials}
                | {name: _rate(c, name) for name in _SWEEP_RATES}
                | {
                    "fixed_pivot_regret": None if regret is None else regret.mean,
                    "rejected_gap_guard": 0.0 if gaps is None else gaps.mean,
                }
            )
    return out


def _row_trial(row: Mapping[str, Any], model: str) -> Trial:
    """Return a sweep row as a Trial: the shared keys carry over by name."""
    row = _upgrade_row(row)
    regret = row["fixed_pivot_regret"]
    return Trial(
        f"multiburst-{row['seed']}",
        row["strategy"],
        budget=row["retention"],
        seed=row["seed"],
        model=model,
        **{key: row[key] for key in _TRIAL_KEYS},
        measures={"rejected_gap_guard": float(row["rejected_gap_guard"])}
        | ({} if regret is None else {"fixed_pivot_regret": float(regret)}),
    )


def _upgrade_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """Return a row with the keys of a pre-2026-11-24 journal renamed."""
    return {_OLD_ROW_KEYS.get(key, key): value for key, value in row.items()}


def _crossover(
    aggregates: list[dict[str, Any]], names: Sequence[str]
) -> dict[str, float | None]:
    contract = names[-1]
    out: dict[str, float | None] = {}
    for metric in _SWEEP_RATES:
        if "naive" not in names or contract == "naive":
            out[metric] = None
            continue
        best = None
        for agg in aggregates:
            if agg["strategy"] != contract:
                continue
            naive = next(
                a
                for a in aggregates
                if a["retention"] == agg["retention"] and a["strategy"] == "naive"
            )
            c, n = agg[metric]["estimate"], naive[metric]["estimate"]
            if c is not None and n is not None and c - n > 1e-12:
                best = agg["retention"] if best is None else max(best, agg["retention"])
        out[metric] = best
    return out


def _user_strategies(
    strategies: object, sem: Semantics
) -> tuple[list[str], list[list[str]], dict[str, Callable[..., Any]]]:
    """Return row names, cell labels and the callables of ``strategies``."""
    if strategies is None:
        names = list(sem.strategies)
        return names, [[n, n] for n in names], {}
    if not isinstance(strategies, Mapping) or not strategies:
        msg = f"strategies must be a non-empty mapping of name to strategy, got {strategies!r}"
        raise TypeError(msg) if not isinstance(strategies, Mapping) else ValueError(msg)
    labels, callables = [], {}
    for name, strategy in strategies.items():
        if not isinstance(name, str) or not name:
            msg = f"strategies keys must be non-empty str names, got {name!r}"
            raise TypeError(msg)
        if callable(strategy):
            callables[name] = strategy
            label = getattr(strategy, "__qualname__", type(strategy).__name__)
            labels.append(
                [name, f"callable {getattr(strategy, '__module__', '?')}.{label}"]
            )
        elif strategy in STRATEGIES:
            labels.append([name, str(strategy)])
        else:
            msg = f"strategies[{name!r}] must be one of {', '.join(map(repr, STRATEGIES))} or a callable, got {strategy!r}"
            raise ValueError(msg)
    return list(strategies), labels, callables


def _check_retention(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        msg = f"retentions must hold real numbers, got {value!r}"
        raise TypeError(msg)
    if not 0.0 < float(value) <= 1.0:
        msg = f"retention must be in (0, 1], got {value!r}"
        raise ValueError(msg)
    return float(value)


def _check_seed(value: object) -> int:
    return check_int(value, "seed", minimum=0)


def _unique_seeds(seeds: Iterable[int]) -> list[int]:
    """Check every seed and refuse a repeat (issue 33: it counted one timeline twice)."""
    out: list[int] = []
    first: dict[int, int] = {}
    for pos, value in enumerate(seeds):
        seed = _check_seed(value)
        if seed in first:
            msg = (
                f"seeds[{pos}] = {seed} repeats seeds[{first[seed]}]; each seed is one "
                "timeline and would be counted twice"
            )
            raise ValueError(msg)
        first[seed] = pos
        out.append(seed)
    return out


def _encode_timelines(timelines: object) -> list[list[list[Any]]]:
    """Return the timelines as JSON-ready cells (id, t, weight, actors, parents)."""
    if isinstance(timelines, Timeline) or not isinstance(timelines, Iterable):
        msg = "timelines must be an iterable of Timeline; wrap a single one: [timeline]"
        raise TypeError(msg)
    out = []
    for pos, tl in enumerate(timelines):
        if not isinstance(tl, Timeline):
            msg = f"timelines[{pos}] must be a Timeline, got {type(tl).__name__}"
            raise TypeError(msg)
        if not tl.events:
            msg = f"timelines[{pos}] is empty"
            raise ValueError(msg)
        out.append(
            [
                [e.id, e.timestamp, e.weight, sorted(e.actors), list(e.causal_parents)]
                for e in tl
            ]
        )
    if not out:
        msg = "timelines must not be empty"
        raise ValueError(msg)
    return out


def _check_focal(focal: object, encoded: list[list[list[Any]]]) -> None:
    if not isinstance(focal, str):
        msg = f"focal must be a str actor name, got {focal!r}"
        raise TypeError(msg)
    present = sorted({a for events in encoded for e in events for a in e[3]})
    if focal not in present:
        shown = ", ".join(map(repr, present[:20])) + (
            ", ..." if len(present) > 20 else ""
        )
        msg = (
            f"focal={focal!r} occurs in no timeline, so every solve would have no "
            f"pivot; actors present: {shown or 'none'}; pass focal= one of them"
        )
        raise ValueError(msg)


def _decode_timeline(rows: object) -> Timeline:
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        msg = f"cell['timeline'] must be a list of events, got {type(rows).__name__}"
        raise TypeError(msg)
    try:
        return Timeline(Event(r[0], r[1], r[2], r[3], r[4]) for r in rows)
    except (IndexError, KeyError, TypeError) as exc:
        msg = f"cell['timeline'] holds a malformed event ({type(exc).__name__}: {exc})"
        raise ValueError(msg) from None


def _check_picklable(callables: Mapping[str, Callable[..., Any]]) -> None:
    """Refuse, before any work, a strategy the process pool cannot send."""
    for name, fn in callables.items():
        try:
            pickle.dumps(fn)
        except Exception as exc:  # PicklingError, AttributeError, TypeError
            msg = (
                f"strategies[{name!r}] cannot be sent to the worker processes of the "
                f"default pool ({type(exc).__name__}: {exc}); define it at module "
                "level, or pass executor=False to run in this process"
            )
            raise ValueError(msg) from exc


def _check_cell(cell: object) -> tuple[Semantics, str]:
    """Check a cell of :func:`sweep_cell`; return its semantics and solver.

    The cell's semantics is decoded here, once; the solver defaults to the
    semantics' own.
    """
    checked = check_keys(cell, "cell", ("retentions", "seed", "semantics"))
    try:
        sem = _decode(checked["semantics"])
    except (TypeError, ValueError, KeyError) as error:
        msg = f"cell['semantics'] is not a semantics: {error}"
        raise ValueError(msg) from error
    solver = check_choice(checked.get("solver", sem.solver), "cell['solver']", SOLVERS)
    _check_seed(checked["seed"])
    retentions = checked["retentions"]
    if isinstance(retentions, str | bytes) or not isinstance(retentions, Sequence):
        msg = f"cell['retentions'] must be a sequence of retentions, got {retentions!r}"
        raise TypeError(msg)
    for value in retentions:
        _check_retention(value)
    return sem, solver
