"""Claims checked on the simulators of :mod:`witnesses.simulators`.

Depth laws on real vectors (DL-T7-SIM, DL-T9-SIM, DL-T10-SIM, DL-A3-SIM),
scatter (DL-T11-SIM). Every check is a small seeded run (the seeds are in the evidence),
so the ledger reproduces bit for bit; intervals are Wilson 99% from
:func:`theory.inference.proportion_ci` unless stated.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from proofs._method.settle import in_interval
from proofs.records import Claim, Kind, Outcome, Verdict, claim_check, claim_list
from theory.decay import compare_decays, fit_decay
from theory.depth import crossover_depth, p_similarity, p_structured
from theory.inference import proportion_ci
from theory.scatter import assembly_bounds
from witnesses.simulators import (
    LAYOUTS,
    DepthRecall,
    DepthSimulator,
    RetrievalTrial,
    ScatterSimulator,
    recall_by_depth,
)

__all__ = ["CLAIMS"]

_LEVEL = 0.99
# Distractor cosines <= 0.9 * 0.5 + O(1/32) to the next hop: (almost) no leakage.
_LEAK_FREE = DepthSimulator(
    max_depth=3, n_chains=800, hop_cosine=0.5, c_low=0.1, c_high=0.9, dim=1024
)
# The default geometry plus a shared background: distractors leak across hops.
_LEAKY = DepthSimulator(max_depth=4, n_chains=800, corpus_size=2000)
# High hop cosine, wide distractor band, dimension 16: distractors of hop k also
# crowd n_k, so one hop's failure predicts the next's (DL-A3 fails).
_CROWDED = DepthSimulator(
    max_depth=3, n_chains=800, hop_cosine=0.8, c_low=0.5, c_high=0.99, dim=16
)
_TYPED = DepthSimulator(max_depth=5, n_chains=1000, q=0.97, m1=0)


def _rows(sim: DepthSimulator, seed: int, condition: str) -> list[DepthRecall]:
    return [r for r in recall_by_depth(sim.simulate(seed)) if r.condition == condition]


def _triangular_report(sim: DepthSimulator, seed: int) -> tuple[bool, str]:
    s0, rho = sim.predicted_s0_rho
    rows = _rows(sim, seed, "similarity")
    ok = all(in_interval(r.k, r.n, float(p_similarity(r.depth, s0, rho))) for r in rows)
    fit = compare_decays(
        [r.depth for r in rows], [r.k for r in rows], [r.n for r in rows]
    )
    tri = fit_decay(
        [r.depth for r in rows], [r.k for r in rows], [r.n for r in rows], "triangular"
    )
    cells = ", ".join(
        f"d={r.depth}: {r.k}/{r.n} vs {float(p_similarity(r.depth, s0, rho)):.4f}"
        for r in rows
    )
    text = (
        f"hop_cosine={sim.hop_cosine}, distractor cosines U({sim.c_low}, {sim.c_high}), "
        f"dim={sim.dim}, background={sim.corpus_size}, seed={seed}: predicted "
        f"s0={s0:.4g}, rho={rho:.4g}; recovered {cells} "
        f"[{'all' if ok else 'not all'} inside Wilson 99%]; triangular MLE "
        f"(theory.decay) s0={tri.param('s0'):.3f}, rho={tri.param('rho'):.3f}; AIC best law "
        f"{fit.best}, indistinguishable {list(fit.indistinguishable)}"
    )
    return ok and "triangular" in fit.indistinguishable, text


@claim_check(
    "DL-T7-SIM",
    "a similarity retriever over real vectors whose per-hop survival is "
    "s0 rho^k recovers depth d with probability s0^d rho^(d(d+1)/2) (DL-T7)",
    Kind.SIMULATION,
)
def _check_dl_t7_sim() -> Outcome:
    """DL-T7-SIM: recall of a real-vector similarity retriever by depth."""
    free_ok, free = _triangular_report(_LEAK_FREE, 0)
    leaky_ok, leaky = _triangular_report(_LEAKY, 1)
    crowded_ok, crowded = _triangular_report(_CROWDED, 6)
    if not free_ok:
        verdict = Verdict.REFUTED
    elif leaky_ok and crowded_ok:
        verdict = Verdict.VERIFIED
    else:
        verdict = Verdict.CONDITIONAL
    evidence = (
        "distractor pools M_k = k around each hop make top-1 hop survival "
        "F^k, F = P(distractor cosine < hop cosine) (DL-A4 with s0 = 1, rho = F). "
        f"Leak-free: {free}. Default geometry plus background: {leaky}. "
        f"Crowded (low dimension, high hop cosine): {crowded}. "
        + (
            "All follow the triangular law within the intervals."
            if verdict is Verdict.VERIFIED
            else "Condition: the law holds while hop survivals are independent "
            "(DL-A3-SIM) and each hop sees only its own distractors; in the crowded "
            "geometry neighbouring hops' distractors lower every hop's survival "
            "below F^k and correlate the hops, so recall leaves the predicted curve "
            "(a triangular shape may still fit, with other parameters)."
        )
    )
    return Outcome(verdict, evidence)


@claim_check(
    "DL-T9-SIM",
    "typed traversal with edge fidelity q recovers depth d with q^d, in d "
    "steps, whatever the corpus size (DL-T9)",
    Kind.SIMULATION,
)
def _check_dl_t9_sim() -> Outcome:
    """DL-T9-SIM: typed recall q^d, work d, and immunity to corpus size."""
    rows = _rows(_TYPED, 2, "typed")
    ok = all(
        in_interval(r.k, r.n, float(p_structured(r.depth, _TYPED.q))) for r in rows
    )
    work_ok = all(r.mean_work == r.depth for r in rows)
    sizes = (0, 100, 1000, 10000)
    runs = [
        list(
            DepthSimulator(
                max_depth=2, n_chains=300, m1=0, dim=16, corpus_size=n
            ).simulate(3)
        )
        for n in sizes
    ]
    typed = [[t.recovered for t in run if t.condition == "typed"] for run in runs]
    immune = all(t == typed[0] for t in typed)
    similarity = []
    for n, run in zip(sizes, runs, strict=True):
        hits = [
            t.recovered for t in run if t.condition == "similarity" and t.depth == 2
        ]
        similarity.append(f"{n}: {sum(hits)}/{len(hits)}")
    cells = ", ".join(
        f"d={r.depth}: {r.k}/{r.n} vs q^d={float(p_structured(r.depth, 0.97)):.4f}"
        for r in rows
    )
    evidence = (
        f"q=0.97, seed 2: {cells} [{'all' if ok else 'not all'} inside Wilson 99%]; "
        f"work = d edges at every depth [{work_ok}]. Corpus growth (seed 3, hop "
        f"cosine 0.7, dim 16, no injected distractors): similarity recall at d=2 by "
        f"background size {'; '.join(similarity)}, while the typed outcomes are "
        f"identical at every size [{immune}]: no M_d penalty (edges are followed, "
        "not searched)"
    )
    # A universal statement ("whatever the corpus size") seen on one q and two
    # seeds: verified (sampled), not proven.
    verdict = Verdict.VERIFIED if ok and work_ok and immune else Verdict.REFUTED
    if verdict is Verdict.VERIFIED:
        evidence = (
            "sampled: holds on the simulated setting (one q, two seeds); " + evidence
        )
    return Outcome(verdict, evidence)


@claim_check(
    "DL-T10-SIM",
    "expected work: typed Theta(d), similarity Omega(1/P_sim(d)); the measured "
    "advantage crosses tau at the theoretical crossover (DL-T10, DL-P1)",
    Kind.SIMULATION,
)
def _check_dl_t10_sim() -> Outcome:
    """DL-T10-SIM: expected work to recover a chain, and the measured crossover."""
    sim = _LEAK_FREE
    s0, rho = sim.predicted_s0_rho
    records = list(sim.simulate(4))
    rows = recall_by_depth(records)
    simr = [r for r in rows if r.condition == "similarity"]
    typed = [r for r in rows if r.condition == "typed"]
    parts, ok = [], True
    for a, b in zip(simr, typed, strict=True):
        # expected work until a recovery: work of an attempt / P(recovered)
        work = a.mean_work / a.recall if a.k else math.inf
        bound = a.mean_work / float(p_similarity(a.depth, s0, rho))
        low_p = float(proportion_ci(a.k, a.n, confidence_level=_LEVEL).high)
        ok = ok and a.mean_work / low_p <= bound and b.mean_work == b.depth
        parts.append(f"d={a.depth}: similarity {work:.4g} vs typed {b.mean_work:g}")
    measured = [b.recall - a.recall for a, b in zip(simr, typed, strict=True)]
    tau = 0.5
    star = next((i + 1 for i, g in enumerate(measured) if g > tau), None)
    theory = crossover_depth(s0, rho, sim.q, tau)
    evidence = (
        f"seed 4, corpus {simr[0].mean_work:g} vectors per hop; expected candidates "
        f"scored per recovered chain: {'; '.join(parts)}; similarity work grows as "
        f"d N / P_sim(d) = d N rho^(-d(d+1)/2) (rho={rho:.3g}) while typed work is d. "
        f"Measured advantage g(d) = {[round(g, 3) for g in measured]}; crossover at "
        f"tau=0.5: measured d*={star}, theory.depth.crossover_depth={theory}"
    )
    ok = ok and star == theory
    if ok:  # growth rates seen at d = 1..3 on one seed: verified (sampled)
        evidence = "sampled: holds at the simulated depths 1-3 (one seed); " + evidence
    return Outcome(Verdict.VERIFIED if ok else Verdict.OPEN, evidence)


def _dependence(records: list[RetrievalTrial]) -> list[tuple[int, float, float]]:
    """Per depth d >= 2: Fisher p-value of (hops < d survived) x (hop d survived)."""
    by = {(t.task_id, t.depth): t for t in records if t.condition == "similarity"}
    depths = sorted({d for _, d in by})
    out = []
    for d in depths[1:]:
        table = [[0, 0], [0, 0]]
        for (task, depth), t in by.items():
            if depth == d:
                table[int(by[(task, d - 1)].recovered)][int(t.hop_survived)] += 1
        res = stats.fisher_exact(np.asarray(table))
        odds = float(res.statistic)
        out.append((d, odds, float(res.pvalue)))
    return out


@claim_check(
    "DL-A3-SIM",
    "hop-survival events are independent, so P_ret(d) is the product of the "
    "per-hop survivals (DL-A3)",
    Kind.SIMULATION,
    where="§8.1 Assumption 3 (in our simulator)",
)
def _check_dl_a3_sim() -> Outcome:
    """DL-A3-SIM: whether the hop-survival events are independent in the simulator.

    Also reports which way the independent product is off in the simulator,
    against Assumption 3's stated direction (DL-A3-DIRECTION).
    """
    report, significant, above = [], {}, {}
    for name, sim, seed in (("leak-free", _LEAK_FREE, 5), ("crowded", _CROWDED, 6)):
        records = list(sim.simulate(seed))
        rows = _rows_from(records)
        dep = _dependence(records)
        significant[name] = any(p < 0.01 for _, _, p in dep)
        deep = [r for r in rows if r.depth >= 2]
        above[name] = sum(r.k for r in deep) > sum(r.hop_product * r.n for r in deep)
        ratios = ", ".join(
            f"d={r.depth}: {r.k}/{r.n} vs product {r.hop_product * r.n:.1f}"
            for r in rows
        )
        tests = ", ".join(f"d={d}: odds {o:.3g}, p={p:.2g}" for d, o, p in dep)
        report.append(f"{name} (seed {seed}): recovered {ratios}; Fisher {tests}")
    # independence is a modelling assumption: the simulator can show where it
    # fails, but a significant test is evidence, not a counterexample
    verdict = Verdict.CONDITIONAL if significant["crowded"] else Verdict.VERIFIED
    if significant["leak-free"]:
        verdict = Verdict.OPEN
    direction = (
        "measured recall above the product (the product is pessimistic)"
        if above["crowded"]
        else "measured recall at or below the product (the product is optimistic)"
    )
    evidence = (
        "measured chain recall against the product of the marginal hop "
        "survivals (each hop scored from its true node), and Fisher's exact "
        "test (scipy.stats.fisher_exact) of hop d's survival against the chain "
        "reaching n_(d-1): "
        + "; ".join(report)
        + f". Direction in the crowded simulator (depths >= 2 pooled): {direction}. "
        "DL Assumption 3 says the product is optimistic for similarity because drift "
        "compounds (DL-A3-DIRECTION, proven under that premise); this simulator's "
        "dependence is the other kind the paper names, positively associated "
        "successes through leaked distractors, so it does not exercise the paper's "
        "premise and does not test its direction"
    )
    return Outcome(verdict, evidence)


def _rows_from(records: list[RetrievalTrial]) -> list[DepthRecall]:
    return [r for r in recall_by_depth(records) if r.condition == "similarity"]


@claim_check(
    "DL-T11-SIM",
    "a decision stored as sigma fragments each surfaced with probability p "
    "assembles with p^sigma, a lower bound when fragments co-surface (DL-T11)",
    Kind.SIMULATION,
)
def _check_dl_t11_sim() -> Outcome:
    """DL-T11-SIM: assembly of sigma fragments against p**sigma, by layout."""
    sim = ScatterSimulator(sigma=5, p=0.9, n_decisions=4000, kappa=4.0, pool=10)
    trials = list(sim.simulate(7))
    bounds = assembly_bounds(sim.p, sim.sigma)
    parts, ok, sides = [], True, {}
    for layout in LAYOUTS:
        hits = [t.assembled for t in trials if t.condition == layout]
        k, n = sum(hits), len(hits)
        ci = proportion_ci(k, n, confidence_level=_LEVEL)
        expected = sim.expected(layout)
        ok = ok and float(ci.low) <= expected <= float(ci.high)
        sides[layout] = (float(ci.low), float(ci.high))
        parts.append(
            f"{layout} {k}/{n} (Wilson 99% [{float(ci.low):.4f}, {float(ci.high):.4f}], "
            f"closed form {expected:.4f})"
        )
    ind = bounds.independent
    above = sides["colocated"][0] > ind
    below = sides["budget"][1] < ind
    evidence = (
        f"sigma=5, p=0.9 (p^sigma = {ind:.4f}; Frechet bounds [{bounds.low:.4f}, "
        f"{bounds.high:.4f}]), seed 7: " + "; ".join(parts) + ". "
        f"Co-located fragments (shared latent rate, kappa=4) assemble above p^sigma "
        f"[{above}]: the lower-bound direction holds under positive association. "
        f"Under a fixed retrieval budget (the 5 fragments among {sim.pool} items, "
        f"{sim.budget} returned; closed form C(5, 4)/C(10, 9) = 0.5, the Frechet low) "
        f"they assemble below it [{below}]: p^sigma is not a lower bound for "
        "negatively associated fragments, so DL-T11's 'lower bound when fragments "
        "co-surface' needs positive association as its condition."
    )
    verdict = Verdict.CONDITIONAL if ok and above and below else Verdict.OPEN
    return Outcome(verdict, evidence)


CLAIMS: tuple[Claim, ...] = claim_list(
    _check_dl_t7_sim,
    _check_dl_t9_sim,
    _check_dl_t10_sim,
    _check_dl_a3_sim,
    _check_dl_t11_sim,
)
