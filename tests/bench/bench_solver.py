"""Benchmark: the reference TP solver against its straightforward oracle (issue 3).

Run ``python tests/bench/bench_solver.py``. Prints, measured in one process:

* the reference solver on the Exp58 timeline (target < 1 s);
* the reference solver and the oracle of ``tests/witnesses/oracle_reference.py``
  on 200-event MultiBurst timelines (WITNESS.md 1.9 grammar: k = 3, max gap
  0.11, M = 10), checking identical output, and the speed ratio
  (target >= 10x);
* the exact and greedy solvers on the same timelines, for reference.

Times are CPU times (``time.process_time``, the machine may be shared), the best of ``repeat`` runs (the oracle: of one run, it is slow).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.witnesses.oracle_reference import oracle_solve
from witnesses import Grammar, multiburst, solve
from witnesses.exp58 import exp58_timeline


def _best(fn, repeat):
    best = float("inf")
    out = None
    for _ in range(repeat):
        start = time.process_time()
        out = fn()
        best = min(best, time.process_time() - start)
    return best, out


def main(seeds: int = 5, repeat: int = 3) -> None:
    """Time the solvers and print the ratios."""
    exp58 = exp58_timeline()
    g58 = Grammar.parametric(3, min_timespan_fraction=0.0)
    t58, s58 = _best(lambda: solve(exp58, grammar=g58, m=10), repeat)
    print(
        f"Exp58 reference solve (M=10)       {t58 * 1e3:8.1f} ms  score {s58.score!r}  (target < 1 s)"
    )
    grammar = Grammar.parametric(3, max_temporal_gap=0.11)
    fast_total = oracle_total = 0.0
    for seed in range(seeds):
        tl = multiburst(seed=seed)
        t_fast, fast = _best(lambda tl=tl: solve(tl, grammar=grammar, m=10), repeat)
        t_oracle, want = _best(
            lambda tl=tl: oracle_solve(tl, "actor_0", grammar, m=10), 1
        )
        got = fast.sequence
        same = (got is None and want is None) or (
            got is not None
            and want is not None
            and (got.ids, got.phases, got.score) == (want.ids, want.phases, want.score)
        )
        assert same, f"seed {seed}: reference solver and oracle disagree"
        t_exact, _ = _best(
            lambda tl=tl: solve(tl, grammar=grammar, m=10, solver="exact"), 1
        )
        t_greedy, _ = _best(
            lambda tl=tl: solve(tl, grammar=grammar, solver="greedy"), repeat
        )
        fast_total += t_fast
        oracle_total += t_oracle
        print(
            f"MultiBurst n=200 seed {seed}: reference {t_fast * 1e3:7.1f} ms, oracle "
            f"{t_oracle * 1e3:7.1f} ms ({t_oracle / t_fast:5.1f}x), exact {t_exact * 1e3:7.1f} ms, "
            f"greedy {t_greedy * 1e3:6.1f} ms, identical output: {same}"
        )
    print(f"mean reference solve                {fast_total / seeds * 1e3:8.1f} ms")
    print(
        f"oracle / reference (total)          {oracle_total / fast_total:8.1f}x  (target >= 10)"
    )
    no_gap = Grammar.parametric(3)
    for seed in range(2):
        tl = multiburst(seed=seed)
        t_fast, fast = _best(lambda tl=tl: solve(tl, grammar=no_gap, m=10), repeat)
        t_oracle, want = _best(
            lambda tl=tl: oracle_solve(tl, "actor_0", no_gap, m=10), 1
        )
        assert fast.sequence is not None and want is not None
        assert fast.sequence.ids == want.ids and fast.score == want.score
        print(
            f"MultiBurst n=200 seed {seed}, no gap limit: reference {t_fast * 1e3:7.1f} ms, "
            f"oracle {t_oracle * 1e3:7.1f} ms ({t_oracle / t_fast:5.1f}x), identical output: True"
        )


if __name__ == "__main__":
    main()
