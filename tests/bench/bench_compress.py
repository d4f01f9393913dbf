"""Benchmark: compression and one retention-sweep cell (issue 3, WITNESS.md 1.9).

Run ``python tests/bench/bench_compress.py``. Prints, measured in one process:

* ``compress`` of a 200-event MultiBurst timeline to each sweep target
  (``max(8, round(200 r))`` for r = 0.50, 0.45, ..., 0.10) per strategy;
* a straightforward rebuild-per-trial compression on one case, for scale;
* the time of whole sweep cells (one full solve, then per strategy:
  compress, free solve, forced solve), the per-cell budget being about 0.4 s
  (9 retentions x 100 seeds in <= 6 CPU-minutes).

Times are CPU times (``time.process_time``, the machine may be shared), the best of ``repeat`` runs.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from witnesses import (
    Grammar,
    build_context_state,
    compress,
    multiburst,
    no_absorption_invariant,
    solve,
)

STRATEGIES = ("naive", "bridge_preserving", "contract_guarded")
RETENTIONS = tuple(round(0.5 - 0.05 * i, 2) for i in range(9))
GRAMMAR = Grammar.parametric(3, max_temporal_gap=0.11)


def _best(fn, repeat):
    best = float("inf")
    out = None
    for _ in range(repeat):
        start = time.process_time()
        out = fn()
        best = min(best, time.process_time() - start)
    return best, out


def _rebuild_per_trial(tl, target):
    """contract_guarded the slow way (every trial rebuilds the state and gaps)."""
    events = list(tl.events)
    while len(events) > target:
        for cand in sorted(events, key=lambda e: (e.weight, e.timestamp, e.id)):
            trial = [e for e in events if e.id != cand.id]
            if not no_absorption_invariant(
                build_context_state(trial, "actor_0", m=10), 3
            ):
                continue
            gaps = [b.timestamp - a.timestamp for a, b in itertools.pairwise(trial)]
            bound = sum(math.ceil(g / 0.11) - 1 for g in gaps if g > 0.11)
            if bound > max(0, len(trial) - 4) or any(g > 0.11 for g in gaps):
                continue
            events.remove(cand)
            break
        else:
            break
    return tuple(e.id for e in events)


def _cell(tl, retention, full):
    target = max(8, round(200 * retention))
    for strategy in STRATEGIES:
        r = compress(tl, strategy=strategy, k=3, m=10, target_size=target, max_gap=0.11)
        solve(r.timeline, grammar=GRAMMAR, m=10)
        if full.pivot_id is not None:
            solve(r.timeline, grammar=GRAMMAR, pivot_ids=(full.pivot_id,))


def main(seeds: int = 3, repeat: int = 3) -> None:
    """Time compression and sweep cells and print them."""
    tl = multiburst(seed=0)
    for strategy in STRATEGIES:
        times = []
        for retention in RETENTIONS:
            target = max(8, round(200 * retention))
            t, _ = _best(
                lambda s=strategy, tg=target: compress(
                    tl, strategy=s, k=3, m=10, target_size=tg, max_gap=0.11
                ),
                repeat,
            )
            times.append(t)
        print(
            f"compress 200 -> target, {strategy:18s} mean {sum(times) / len(times) * 1e3:6.2f} ms, "
            f"max {max(times) * 1e3:6.2f} ms over 9 retentions"
        )
    t_fast, fast = _best(
        lambda: compress(
            tl, strategy="contract_guarded", k=3, m=10, target_size=60, max_gap=0.11
        ),
        repeat,
    )
    t_slow, slow = _best(lambda: _rebuild_per_trial(tl, 60), 1)
    assert fast.kept_ids == slow, "fast and rebuild-per-trial compression disagree"
    print(
        f"contract_guarded 200 -> 60: incremental {t_fast * 1e3:.2f} ms, rebuild per trial "
        f"{t_slow * 1e3:.0f} ms ({t_slow / t_fast:.0f}x), identical kept ids: True"
    )
    cell_times = []
    for seed in range(seeds):
        tl = multiburst(seed=seed)
        t_full, full = _best(lambda tl=tl: solve(tl, grammar=GRAMMAR, m=10), repeat)
        for retention in (0.5, 0.3, 0.1):
            t_rest, _ = _best(
                lambda tl=tl, r=retention, f=full: _cell(tl, r, f), repeat
            )
            cell_times.append(t_full + t_rest)
            print(
                f"sweep cell seed {seed} retention {retention:.2f}: full solve {t_full * 1e3:6.1f} ms "
                f"+ 3 x (compress, free, forced) {t_rest * 1e3:6.1f} ms"
            )
    mean = sum(cell_times) / len(cell_times)
    print(
        f"mean cell {mean * 1e3:.1f} ms (budget ~400 ms); 900 cells ~ {900 * mean / 60:.1f} CPU-min"
    )


if __name__ == "__main__":
    main()
