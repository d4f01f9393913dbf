"""What the second solver costs: the agreement table and the time of cvc5 against z3.

Runs every registered claim that is not slow, records each z3 proof
(proofs._method.smt.recording) and, for the claims whose verdict is proven,
times cvc5 on the same SMT-LIB queries. Prints per proven claim: queries,
agreements, z3 and cvc5 seconds; then the totals, and the time of the proven
claims with and without the second solver.

    python tests/bench/bench_second_solver.py
"""

from __future__ import annotations

import time

from proofs import CLAIMS
from proofs._method import second, smt


def main() -> None:
    rows = []
    for claim in CLAIMS:
        if claim.slow:
            continue
        with smt.recording() as made:
            start = time.perf_counter()
            result = claim.run()  # cvc5 included when the verdict is proven
            spent = time.perf_counter() - start
        if result.verdict.value in ("proven", "open") and made:
            answers = [second.second_opinion(r.query) for r in made]
            rows.append((claim.id, result.verdict.value, made, answers, spent))
    print(
        f"{'claim':22s} {'verdict':8s} queries agree  z3 s   cvc5 s  claim s  "
        "max cvc5 units"
    )
    n_q = n_a = 0
    z3_total = cvc5_total = claim_total = 0.0
    for claim_id, verdict, made, answers, spent in rows:
        agree = sum(a.status == "unsat" for a in answers)
        z3_s = sum(r.z3_seconds for r in made)
        cvc5_s = sum(a.seconds for a in answers)
        n_q += len(made)
        n_a += agree
        z3_total += z3_s
        cvc5_total += cvc5_s
        claim_total += spent
        print(
            f"{claim_id:22s} {verdict:8s} {len(made):7d} {agree:5d} {z3_s:6.3f} "
            f"{cvc5_s:7.3f} {spent:7.3f} {max(a.units for a in answers):14d}"
        )
    print(
        f"proven claims with z3 proofs: {len(rows)}; queries {n_q}; cvc5 agrees on "
        f"{n_a}, disagrees or fails on {n_q - n_a}; z3 {z3_total:.3f} s, cvc5 "
        f"{cvc5_total:.3f} s; these claims take {claim_total:.2f} s with the second "
        f"solver, about {claim_total - cvc5_total:.2f} s without; budget per query "
        f"{second.RESOURCE_LIMIT} units"
    )


if __name__ == "__main__":
    main()
