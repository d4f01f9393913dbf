"""Time check_compressor's witness search on one long timeline (issue 35, item 4).

A sliding window breaks the all-pivot invariant on MultiBurst timelines of
1,000 and 10,000 events (the window bisection's path), and keeping only the
focal events breaks Definition 2 under the paper semantics (the ddmin path);
this times ``check_compressor`` with shrinking on (the default budget) and
off, and prints the calls of the user's function, the witness size and
whether it is minimal. Targets: 1,000 events within
2 s and 10,000 within 10 s with shrinking on. Run it against another
checkout with ``PYTHONPATH=/path/to/checkout`` to compare (an older
checkout without ``shrink=`` is timed with its only mode, shrinking on).

    python tests/bench/bench_shrink.py [--sizes 1000 10000]
"""

from __future__ import annotations

import argparse
import inspect
import time
from typing import Any

from witnesses import MultiBurstConfig, check_compressor, multiburst

TARGETS = {1_000: 2.0, 10_000: 10.0}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    calls = {"n": 0}

    def sliding_window(timeline: Any, *, target_size: int) -> Any:
        calls["n"] += 1
        return timeline.ids[-target_size:]

    def focal_only(timeline: Any, *, target_size: int) -> Any:
        calls["n"] += 1
        return [e.id for e in timeline.focal("actor_0")][-target_size:]

    cases = [
        (sliding_window, "reference", (0.5, 0.3, 0.1, 0.05, 0.02, 0.01), "invariant"),
        (focal_only, "paper", (0.5, 0.3, 0.1), "block_contract"),
    ]
    has_shrink = "shrink" in inspect.signature(check_compressor).parameters
    modes = [True, False] if has_shrink else [None]
    for n in args.sizes:
        tl = multiburst(config=MultiBurstConfig(n_events=n), seed=args.seed)
        for fn, semantics, retentions, contract in cases:
            for mode in modes:
                calls["n"] = 0
                extra = {} if mode is None else {"shrink": mode}
                start = time.perf_counter()
                report = check_compressor(
                    fn, k=3, timelines=[tl], retentions=retentions,
                    semantics=semantics, mirage=False, **extra,
                )  # fmt: skip
                took = time.perf_counter() - start
                w = getattr(report, contract).witness
                size = None if w is None else len(w.timeline)
                label = "on (old code)" if mode is None else ("on" if mode else "off")
                target = TARGETS.get(n)
                ratio = (
                    ""
                    if target is None
                    else f"  {took / target:.2f} of the {target:g} s target"
                )
                print(
                    f"n={n:>6} {fn.__name__:<14} shrink={label:<13} {took:7.2f} s  "
                    f"calls={calls['n']:>5}  witness={size} events "
                    f"minimal={None if w is None else w.minimal}{ratio}"
                )


if __name__ == "__main__":
    main()
