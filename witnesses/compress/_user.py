"""Users' own compression functions as strategies of ``compress`` (private).

A user strategy is any callable ``fn(timeline, *, target_size, k, ...)``
returning the kept events, as a :class:`~witnesses.Timeline` or an iterable
of event ids. It is called with the keywords it accepts among
``target_size``, ``k``, ``m``, ``focal``, ``max_gap`` and ``min_length``
(all of them when it takes ``**kwargs``). Kept events are looked up by id in
the input, so a strategy selects events; it cannot rewrite them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

from witnesses.compress._loop import Counters, Rules
from witnesses.events import Timeline

__all__ = ["call_strategy", "strategy_name"]


def strategy_name(strategy: object) -> str:
    """Return the name a strategy is reported under (a callable's ``__name__``)."""
    if isinstance(strategy, str):
        return strategy
    name = getattr(strategy, "__name__", None)
    return name if isinstance(name, str) else type(strategy).__name__


def call_strategy(
    fn: Callable[..., Any],
    timeline: Timeline,
    focal: str,
    rules: Rules,
    target: int,
) -> tuple[Timeline, Counters]:
    """Run a user strategy and return the kept timeline and the drop tallies."""
    offered = {
        "target_size": target,
        "k": rules.k,
        "m": rules.m,
        "focal": focal,
        "max_gap": rules.max_gap,
        "min_length": rules.min_length,
    }
    name = strategy_name(fn)
    try:
        out = fn(timeline, **_accepted(fn, offered))
    except Exception as exc:
        msg = (
            f"strategy {name!r} raised {type(exc).__name__}: {exc} on a timeline of "
            f"{len(timeline)} events (target_size={target}, k={rules.k}, m={rules.m})"
        )
        raise ValueError(msg) from exc
    kept_ids = _kept_ids(out, name, timeline)
    kept = timeline.subset(kept_ids)
    dropped = [i for i in timeline.ids if i not in kept]
    counters = Counters(
        attempted=len(dropped), accepted=len(dropped), dropped=list(dropped)
    )
    return kept, counters


def _accepted(fn: Callable[..., Any], offered: dict[str, Any]) -> dict[str, Any]:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return offered
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return offered
    return {
        k: v
        for k, v in offered.items()
        if k in params and params[k].kind is not inspect.Parameter.POSITIONAL_ONLY
    }


def _kept_ids(out: object, name: str, timeline: Timeline) -> list[str]:
    if isinstance(out, Timeline):
        ids = list(out.ids)
    elif isinstance(out, Iterable) and not isinstance(out, (str, bytes)):
        ids = list(out)
    else:
        msg = (
            f"strategy {name!r} must return a Timeline or an iterable of event ids, "
            f"got {out!r} of type {type(out).__name__}"
        )
        raise TypeError(msg)
    for pos, event_id in enumerate(ids):
        if not isinstance(event_id, str):
            msg = f"strategy {name!r} returned item {pos} = {event_id!r}, not an event id (str)"
            raise TypeError(msg)
        if event_id not in timeline:
            msg = f"strategy {name!r} kept {event_id!r}, which is not in the input timeline"
            raise ValueError(msg)
    return ids
