"""The deterministic Exp58 witness of the validity mirage (VM-E58).

Not built yet: this entry point exits 2 until the witness substrate lands.
"""

from __future__ import annotations

import sys

from witnesses.events import Event, Timeline

__all__ = ["BLOCK1", "BLOCK2", "exp58_timeline", "main"]

BLOCK1 = tuple(f"e{i:02d}" for i in range(1, 41))
"""Ids of block 1 (e01..e40)."""
BLOCK2 = tuple(f"e{i:02d}" for i in range(41, 51))
"""Ids of block 2 (e41..e50)."""


def _accumulate(start: float, step: float, cap: float, n: int) -> list[float]:
    out = []
    t = start
    for _ in range(n):
        out.append(t)
        t = min(t + step, cap)
    return out


def exp58_timeline() -> Timeline:
    """Return the 50-event Exp58 timeline, built from its rules (WITNESS.md 2.2).

    Every event involves ``actor_0`` only and has the previous event as its
    causal parent. Timestamps of e11..e40 accumulate 0.0148 from 0.51 (cap
    0.95) and of e42..e50 accumulate 0.004 from 0.965 (cap 1.0) in floating
    point, so the values are bit-exact with the published list.

    Examples
    --------
    >>> from witnesses.exp58 import exp58_timeline
    >>> tl = exp58_timeline()
    >>> len(tl), tl.event("e40").timestamp, tl.event("e45").weight, tl.duration
    (50, 0.939200000000001, 0.6000000000000001, 0.977)
    """
    times = [0.02, 0.08, 0.12, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5]
    weights = [0.9, 0.85, 5.0] + [0.20 + 0.01 * (i - 4) for i in range(4, 11)]
    times += _accumulate(0.51, 0.0148, 0.95, 30)
    weights += [0.60 + 0.20 * ((i - 11) % 5) / 4 for i in range(11, 41)]
    times += [0.96, *_accumulate(0.965, 0.004, 1.0, 9)]
    weights += [10.0] + [0.40 + 0.20 * ((i - 42) % 4) / 3 for i in range(42, 51)]
    roles = (
        ["prefix_high"] * 2
        + ["local_pivot"]
        + ["latent_low"] * 7
        + ["filler_high"] * 30
        + ["global_pivot"]
        + ["post_pivot"] * 9
    )
    ids = BLOCK1 + BLOCK2
    return Timeline(
        Event(
            event_id,
            times[i],
            weights[i],
            {"actor_0"},
            () if i == 0 else (ids[i - 1],),
            {"block": 1 if i < 40 else 2, "role": roles[i]},
        )
        for i, event_id in enumerate(ids)
    )


def main(argv: list[str] | None = None) -> int:
    """Print that the witness is not built yet and return 2.

    Examples
    --------
    >>> from witnesses.exp58 import main
    >>> main([])
    2
    """
    print(
        "witnesses.exp58: the Exp58 witness is not built yet (issue 'Exp58').",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
