"""What the second solver costs: the agreement table and the time of cvc5 against z3.

Runs every registered claim that is not slow, records each z3 proof and cvc5's
answer to the same SMT-LIB query (proofs._method.smt.recording), and prints,
per claim with at least one proof: queries, agreements, z3 and cvc5 seconds;
then the totals and the ledger's time with and without the second solver.

    python tests/bench/bench_second_solver.py
"""

from __future__ import annotations

import time

from proofs import CLAIMS
from proofs._method import smt
from proofs._method.second import SecondAnswer


def _run_all() -> tuple[float, list[tuple[str, str, list[smt.ProofRecord]]]]:
    rows = []
    start = time.perf_counter()
    for claim in CLAIMS:
        if claim.slow:
            continue
        with smt.recording() as made:
            result = claim.run()
        if made:
            rows.append((claim.id, result.verdict.value, list(made)))
    return time.perf_counter() - start, rows


def main() -> None:
    with_second, rows = _run_all()
    real = smt.second_opinion
    smt.second_opinion = lambda *_a, **_k: SecondAnswer("unsat", 0.0)  # type: ignore[assignment]
    try:
        without, _ = _run_all()
    finally:
        smt.second_opinion = real  # type: ignore[assignment]
    print(f"{'claim':28s} {'verdict':9s} queries agree  z3 s   cvc5 s")
    total_q = total_a = 0
    total_z3 = total_cvc5 = 0.0
    for claim_id, verdict, made in rows:
        agree = sum(r.agrees for r in made)
        z3_s = sum(r.z3_seconds for r in made)
        cvc5_s = sum(r.second_seconds for r in made)
        total_q += len(made)
        total_a += agree
        total_z3 += z3_s
        total_cvc5 += cvc5_s
        print(f"{claim_id:28s} {verdict:9s} {len(made):7d} {agree:5d} {z3_s:6.3f} {cvc5_s:7.3f}")
    print(
        f"claims with z3 proofs: {len(rows)}; queries {total_q}, cvc5 agrees on "
        f"{total_a}, disagrees or fails on {total_q - total_a}; z3 {total_z3:.2f} s, "
        f"cvc5 {total_cvc5:.2f} s (ratio {total_cvc5 / max(total_z3, 1e-9):.2f})"
    )
    print(
        f"non-slow ledger in one process: {with_second:.1f} s with cvc5, "
        f"{without:.1f} s without (ratio {with_second / without:.3f})"
    )


if __name__ == "__main__":
    main()
