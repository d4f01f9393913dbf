"""Run a simulator over many seeds on any executor (docs/guide/rates.md §4, scale-out).

Each seed is one cell of :func:`witnesses.runner.run_cells`: cells run in
this process, on a local process pool, or on any
:class:`concurrent.futures.Executor` (a Dask cluster's
``Client.get_executor()``), with a progress bar on a terminal and an optional
resumable journal. Records come back in seed order, identical whatever the
executor.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from theory.validation import check_int
from witnesses._validation import check_keys
from witnesses.rates.trials import TRIAL_FIELDS
from witnesses.runtime import check_output_path, run_cells
from witnesses.simulators.adaptive import AdaptiveRetrievalSimulator, KnowledgeTrial
from witnesses.simulators.compaction import CompactionSimulator, RetentionTrial
from witnesses.simulators.depth import DepthSimulator, RetrievalTrial
from witnesses.simulators.scatter import ScatterSimulator, ScatterTrial
from witnesses.simulators.text_depth import TextDepthSimulator

__all__ = ["register", "run_simulation", "simulate_cell"]

_SIMULATORS: dict[str, tuple[type[Any], type[Any]]] = {
    "AdaptiveRetrievalSimulator": (AdaptiveRetrievalSimulator, KnowledgeTrial),
    "CompactionSimulator": (CompactionSimulator, RetentionTrial),
    "DepthSimulator": (DepthSimulator, RetrievalTrial),
    "ScatterSimulator": (ScatterSimulator, ScatterTrial),
    "TextDepthSimulator": (TextDepthSimulator, RetrievalTrial),
}


def register(simulator: type[Any], record: type[Any]) -> None:
    """Make a simulator class (a frozen dataclass) runnable by name.

    :func:`run_simulation` runs only registered simulators: a cell names its
    simulator, and a worker rebuilds it from the class found here and turns
    the rows back into ``record`` objects. This package's simulators are
    registered on import.

    Examples
    --------
    >>> from witnesses.simulators import DepthSimulator, RetrievalTrial
    >>> from witnesses.simulators.run import register
    >>> register(DepthSimulator, RetrievalTrial)  # already known: no change

    Raises
    ------
    TypeError
        If ``simulator`` or ``record`` is not a dataclass type.
    """
    for value, name in ((simulator, "simulator"), (record, "record")):
        if not (isinstance(value, type) and is_dataclass(value)):
            msg = f"{name} must be a dataclass type, got {value!r}"
            raise TypeError(msg)
    _SIMULATORS[simulator.__name__] = (simulator, record)


def run_simulation(
    simulator: Any,
    seeds: Iterable[int],
    *,
    executor: Executor | bool | None = None,
    journal: str | Path | None = None,
    progress: bool | None = None,
) -> list[Any]:
    """Run ``simulator.simulate(seed)`` for every seed and return all records.

    Parameters
    ----------
    simulator : simulator dataclass
        One of this package's simulators (its fields are the cell key).
    seeds : iterable of int
        Seeds ``>= 0``, one cell each; records come back in this order.
    executor : Executor, False or None, default None
        Where cells run: ``None`` a local process pool sized to the machine,
        ``False`` this process, or any :class:`concurrent.futures.Executor`
        (a Dask cluster's ``Client.get_executor()`` for more machines).
    journal : path, optional
        JSONL journal: finished seeds are skipped on a rerun.
    progress : bool, optional
        Show a progress bar; by default only on a terminal.

    Returns
    -------
    list
        The records of every seed, in seed order.

    Raises
    ------
    TypeError
        For an unknown simulator type or a bad executor.
    ValueError
        For a negative seed or no seeds.

    Examples
    --------
    >>> from witnesses.simulators import DepthSimulator, run_simulation
    >>> sim = DepthSimulator(max_depth=1, n_chains=2)
    >>> records = run_simulation(sim, [0, 1], executor=False)
    >>> len(records), records == list(sim.simulate(0)) + list(sim.simulate(1))
    (8, True)
    """
    name = type(simulator).__name__
    if name not in _SIMULATORS or not isinstance(simulator, _SIMULATORS[name][0]):
        msg = f"simulator must be one of {sorted(_SIMULATORS)}, got {simulator!r}"
        raise TypeError(msg)
    chosen = [check_int(s, "seed", minimum=0) for s in seeds]
    if not chosen:
        msg = "seeds must hold at least one seed, got none"
        raise ValueError(msg)
    params = {f.name: _plain(getattr(simulator, f.name)) for f in fields(simulator)}
    cells = [{"simulator": name, "params": params, "seed": s} for s in chosen]
    path = check_output_path(journal, name="journal") if journal is not None else None
    kwargs: dict[str, Any] = {
        "journal": path,
        "progress": progress,
        "description": name,
        "parameters": {"simulator": name, "params": params},
    }
    rows = run_cells(cells, simulate_cell, executor=executor, **kwargs)
    record = _SIMULATORS[name][1]
    return [record(**row) for row in rows]


def simulate_cell(cell: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Run one seed of one simulator: the module-level cell function.

    Examples
    --------
    >>> from witnesses.simulators.run import simulate_cell
    >>> rows = simulate_cell({"simulator": "DepthSimulator",
    ...                       "params": {"max_depth": 1, "n_chains": 1}, "seed": 0})
    >>> sorted(rows[0])[:3]
    ['condition', 'corpus_size', 'depth']

    Raises
    ------
    TypeError, ValueError
        For a cell without a registered simulator, its parameters and a seed
        ``>= 0``, or parameters the simulator refuses.
    """
    checked = check_keys(cell, "cell", ("simulator", "params", "seed"))
    if checked["simulator"] not in _SIMULATORS:
        msg = f"cell['simulator'] must be one of {sorted(_SIMULATORS)}, got {checked['simulator']!r}"
        raise ValueError(msg)
    if not isinstance(checked["params"], Mapping):
        msg = f"cell['params'] must be a mapping, got {checked['params']!r}"
        raise TypeError(msg)
    cls = _SIMULATORS[str(checked["simulator"])][0]
    params = {
        k: tuple(v) if isinstance(v, list) else v for k, v in checked["params"].items()
    }
    sim = cls(**params)
    return [
        _own(r)
        for r in sim.simulate(check_int(checked["seed"], "cell['seed']", minimum=0))
    ]


def _own(record: Any) -> dict[str, Any]:
    """Return the record's constructor fields (its Trial view derives from them)."""
    return {
        f.name: getattr(record, f.name)
        for f in fields(record)
        if f.name in _BASE or f.name not in TRIAL_FIELDS
    }


_BASE = ("task_id", "condition", "seed")


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
