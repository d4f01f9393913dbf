"""Power analysis: how many tasks per depth tell the triangular decay law from each rival.

Run ``python tests/bench/decay_power.py [--sims 200] [--seed 0]``. Prints

1. at the DL paper's worked parameters (s0 = 0.70, rho = 0.67, DL-P1), for
   depths 1-3 and 1-5: the asymptotic tasks per depth for power 0.8 at
   alpha = 0.05 (expected-data noncentral chi-square), and seeded simulations
   at half, once and twice that size to confirm it;
2. for every arm x dataset group of the BriefBench rows (``proofs/data/
   briefbench``, shipped with the package; an *earlier* run than the paper's main
   tables, not the data behind them): the four fits by AIC, the nested
   likelihood-ratio test of geometric within triangular, the triangular law's
   deviance test, and what the data can and cannot identify.

Tests: geometric within triangular by the boundary likelihood-ratio test
(0.5 chi2_0 + 0.5 chi2_1); stretched and power by their deviance
goodness-of-fit test (df = depths - 2) when the truth is triangular.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

from theory.decay import compare_decays, counts_by_depth, decay_power, tasks_needed

RIVALS = ("geometric", "power", "stretched")


def paper_power(sims: int, seed: int) -> None:
    """Part 1: sample sizes at the paper's parameters, checked by simulation."""
    s0, rho = 0.70, 0.67
    print(f"== triangular truth s0 = {s0}, rho = {rho}; alpha 0.05, target power 0.8")
    for depths in ([1, 2, 3], [1, 2, 3, 4, 5]):
        probs = [round(s0**d * rho ** (d * (d + 1) / 2), 4) for d in depths]
        print(f"depths {depths}: p(d) = {probs}")
        for rival in RIVALS:
            n_star = tasks_needed(rival, depths, s0=s0, rho=rho)
            if n_star is None:
                print(f"  {rival:>9}: never (rival reproduces the curve)")
                continue
            sims_text = []
            for n in (max(1, n_star // 2), n_star, 2 * n_star):
                r = decay_power(rival, depths, n, s0=s0, rho=rho, n_sim=sims, seed=seed)
                sims_text.append(
                    f"n={n}: {r.power:.2f} (AIC picks tri {r.aic_preference:.2f})"
                )
            print(
                f"  {rival:>9}: n* = {n_star:6d} per depth; simulated "
                + "; ".join(sims_text)
            )


def data_report() -> None:
    """Part 2: what the BriefBench rows identify."""
    from proofs.claims.dl.briefbench import (
        data_dir,  # the packaged rows, or the env var
    )

    briefbench = data_dir()
    if not briefbench.is_dir():
        print(f"\nBriefBench rows not found at {briefbench}: data part skipped")
        return
    print("\n== BriefBench rows (EARLIER run than the DL paper's main tables)")
    print("outcome chain_recovered; laws within delta-AIC 2 of the best are 'alike'")
    tally = {"degenerate": 0, "rising": 0, "identified": 0, "alike": 0}
    for name in ("rows_claude.jsonl", "rows_gpt.jsonl"):
        rows = [
            json.loads(x)
            for x in (briefbench / name).read_text(encoding="utf-8").splitlines()
            if x
        ]
        for key, c in counts_by_depth(rows).items():
            label = (
                f"{name[5:-6]:>6} {key[0]:>9} {key[1]:>16} k={list(c.k)} n={list(c.n)}"
            )
            if sum(c.k) == 0 or c.k == c.n:
                tally["degenerate"] += 1
                print(f"{label}: all {'0' if sum(c.k) == 0 else 'n'}, no information")
                continue
            props = [a / b for a, b in zip(c.k, c.n, strict=True)]
            rising = any(b > a for a, b in itertools.pairwise(props))
            cmp = compare_decays(c.depths, c.k, c.n)
            tri = cmp.fit("triangular")
            gaps = " ".join(f"{law[:3]}={gap:5.1f}" for law, gap in cmp.delta_aic)
            lrt = cmp.tests[0].pvalue
            gof = tri.gof_pvalue if tri.gof_pvalue is not None else float("nan")
            if rising:
                kind = "rising"
            elif len(cmp.indistinguishable) == 1:
                kind = "identified"
            else:
                kind = "alike"
            tally[kind] += 1
            flag = " tri-on-boundary" if tri.on_boundary else ""
            print(
                f"{label}: dAIC {gaps} | best {cmp.best:>10} | alike {len(cmp.indistinguishable)}"
                f" | LRT geo<tri p={lrt:.3g} | tri GOF p={gof:.3g} | {kind}{flag}"
            )
            if kind == "alike" and not tri.on_boundary:
                s0, rho = tri.param("s0"), tri.param("rho")
                needs = {
                    r: tasks_needed(r, list(c.depths), s0=s0, rho=rho) for r in RIVALS
                }
                print(
                    f"    at its fit s0={s0:.3f} rho={rho:.3f}, tasks per depth for power 0.8: {needs}"
                )
    print(f"summary: {tally}")


def main(argv: list[str] | None = None) -> None:
    """Run both parts and print the wall time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sims", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    paper_power(args.sims, args.seed)
    data_report()
    print(
        f"\nwall time {time.perf_counter() - start:.1f} s (seed {args.seed}, {args.sims} sims)"
    )


if __name__ == "__main__":
    main()
