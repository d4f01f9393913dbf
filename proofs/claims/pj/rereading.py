"""PJ sentences found on re-reading the paper (issue 28), with the data they cite.

Each check compares a sentence with the table it rests on, as printed, and
says which data it used.
"""

from __future__ import annotations

from proofs.records import Claim, Kind, Outcome, Verdict, claim_check, claim_list

__all__ = [
    "CLAIMS",
    "check_pj_bench_prose",
    "check_pj_exp02_scenarios",
    "check_pj_stat_phone",
    "check_pj_state_pending",
]

_PJ_PHONE = {
    "Week 1 Day 2 probe table (RLM)": (0.0, 0.5),
    "Week 2 Day 1 Quantity-Pinning results (RLM(8))": (57.0, 0.5),
    "Stability-Plasticity final re-test, H1 (RLM)": (86.0, 0.5),
    "CTX-48 Run 2 gates (QPB)": (85.7, 0.05),
}
_PJ_PROBES = 62  # the journal's probe set; the phone/ID probes are a part of it


def _attainable(value: float, half: float, n: int) -> bool:
    return any(abs(100 * k / n - value) <= half + 1e-9 for k in range(n + 1))


@claim_check(
    "PJ-STAT-PHONE",
    "the journal's figures for RLM's phone/ID retention (0%, 57%, 86%, and 85.7% - "
    "14pp for CTX-48 Run 2), each from its own run, are attainable as shares of one "
    "common number of phone/ID probes",
    Kind.EXHAUSTIVE,
    where="Week 1 Day 2 (probe table); Week 2 Day 1 (Quantity-Pinning results; "
    "Stability-Plasticity re-test); CTX-48 Run 2",
)
def check_pj_stat_phone() -> Outcome:
    """PJ-STAT-PHONE: scan every probe count 1..62 for one that fits all four figures.

    The journal never prints how many phone/ID probes there are, so no count is
    assumed: every count up to the 62 probes is tried, and the counts that fit
    are named.

    Examples
    --------
    >>> from proofs.claims.pj.rereading import check_pj_stat_phone
    >>> check_pj_stat_phone().verdict.value
    'verified'
    """
    # CTX-48 Run 2: QPB 85.7% is '+14pp over RLM', so RLM lies in
    # [85.65 - 14.5, 85.75 - 13.5] at the printed precisions
    rlm_low, rlm_high = 85.65 - 14.5, 85.75 - 13.5
    fit = [
        n
        for n in range(1, _PJ_PROBES + 1)
        if all(_attainable(v, h, n) for v, h in _PJ_PHONE.values())
        and any(rlm_low - 1e-9 <= 100 * k / n <= rlm_high + 1e-9 for k in range(n + 1))
    ]
    shown = "; ".join(f"{k} {v:g}%" for k, (v, _) in _PJ_PHONE.items())
    evidence = (
        f"exhaustive over n = 1..{_PJ_PROBES} phone/ID probes (the journal prints no "
        "per-type count, see PJ-PROBE-TYPES; the 62 probes bound it): the figures "
        f"{shown}, and RLM in CTX-48 Run 2 at 85.7 - 14 (between {rlm_low:.2f} and "
        f"{rlm_high:.2f}) are all k/n at their printed precision for n in {fit}"
    )
    if fit:
        n = fit[0]
        ks = [
            next(k for k in range(n + 1) if abs(100 * k / n - v) <= h + 1e-9)
            for v, h in _PJ_PHONE.values()
        ]
        rlm = next(k for k in range(n + 1) if rlm_low - 1e-9 <= 100 * k / n)
        example = ", ".join(f"{k}/{n}" for k in (*ks, rlm))
        return Outcome(
            Verdict.VERIFIED,
            evidence + f" (with n = {n}: {example}). Each run may have "
            "its own count (the re-test ran 2 reps per scenario), so this shows the "
            "figures are consistent with one probe set, not which count it is",
        )
    return Outcome(Verdict.REFUTED, evidence + ": none", {"counts_tried": _PJ_PROBES})


# PJ EXP-02 v2: average checks (/8) per strategy over 6 runs (2 scenarios x 3 reps)
_PJ_EXP02_AVG = {"QPB+Frame": 7.3, "Full Context": 6.8, "QPB": 5.3, "RLM(8)": 4.2}
_PJ_EXP02_CONF = (5.7, 6.7)  # Conference Logistics, per-strategy averages
_PJ_EXP02_INC = (7.3, 8.0)  # Incident Rollback, per-strategy averages


@claim_check(
    "PJ-EXP02-SCENARIOS",
    "in EXP-02 v2, every strategy averages 5.7-6.7 checks on Conference Logistics "
    "and 7.3-8.0 on Incident Rollback, next to the table's overall averages "
    "(7.3, 6.8, 5.3, 4.2)",
    Kind.ARITHMETIC,
    where="EXP-02 v2, Results by Strategy; Key Findings",
)
def check_pj_exp02_scenarios() -> Outcome:
    """PJ-EXP02-SCENARIOS: the per-scenario ranges bound each strategy's overall average.

    Examples
    --------
    >>> from proofs.claims.pj.rereading import check_pj_exp02_scenarios
    >>> check_pj_exp02_scenarios().verdict.value
    'refuted'
    """
    # each strategy ran 3 reps of each scenario, so its 6-run average is the
    # mean of its two scenario averages; ranges and averages at precision 0.05
    low = (_PJ_EXP02_CONF[0] - 0.05 + _PJ_EXP02_INC[0] - 0.05) / 2
    high = (_PJ_EXP02_CONF[1] + 0.05 + _PJ_EXP02_INC[1] + 0.05) / 2
    bad = {
        k: v
        for k, v in _PJ_EXP02_AVG.items()
        if v + 0.05 < low - 1e-9 or v - 0.05 > high + 1e-9
    }
    evidence = (
        "data used: PJ's EXP-02 v2 table (average checks out of 8 over 6 runs: "
        f"{_PJ_EXP02_AVG}) and its Key Findings' ranges (Conference Logistics "
        f"{_PJ_EXP02_CONF[0]}-{_PJ_EXP02_CONF[1]}, Incident Rollback "
        f"{_PJ_EXP02_INC[0]}-{_PJ_EXP02_INC[1]}, read as the spread of the strategies' "
        "per-scenario averages). With 3 reps per scenario a strategy's overall average "
        "is the mean of its two scenario averages, so it lies in "
        f"[{low:.2f}, {high:.2f}]; outside: {bad or 'none'}"
    )
    if bad:
        return Outcome(
            Verdict.REFUTED, evidence, {"outside": bad, "bounds": [low, high]}
        )
    return Outcome(Verdict.VERIFIED, evidence)


# PJ Current State, "What's Pending" (Feb 27), and CTX-48's results of the same date
_PJ_PENDING = {
    "QPB final-answer accuracy (leaderboard run)": (
        "Not yet tested",
        "CTX-48 gate runs: QPB 6/8 (run 1), then 7/8 (run 2)",
    ),
    "QPB cross-session": (
        "Not yet tested",
        "CTX-48 run 1 and run 2: cross-session 4/4, PASS",
    ),
    "QPB on official tracks": ("MARGINAL (1/3 improved, run 2)", None),
    "Token overhead measurement": ("PASS (8.2%, run 2)", None),
}


@claim_check(
    "PJ-STATE-PENDING",
    "the Current State's 'What's Pending' table gives each QPB gate's status as of "
    "Feb 27, in agreement with the CTX-48 gate runs of the same date",
    Kind.DATA,
    where="Current State, What's Pending; CTX-48 Run 1 and Run 2",
)
def check_pj_state_pending() -> Outcome:
    """PJ-STATE-PENDING: gates listed as not yet tested that CTX-48 reports results for.

    Examples
    --------
    >>> from proofs.claims.pj.rereading import check_pj_state_pending
    >>> check_pj_state_pending().verdict.value
    'refuted'
    """
    stale = {
        gate: result
        for gate, (status, result) in _PJ_PENDING.items()
        if status == "Not yet tested" and result is not None
    }
    updated = [g for g, (s, _) in _PJ_PENDING.items() if "run 2" in s]
    evidence = (
        "data used: PJ's 'What's Pending' table and the CTX-48 section (both Feb 27). "
        f"Rows updated with CTX-48 results: {updated}; rows still 'Not yet tested' "
        "for which CTX-48 prints a result: "
        + ("; ".join(f"{g}: {r}" for g, r in stale.items()) or "none")
    )
    if stale:
        return Outcome(Verdict.REFUTED, evidence, {"stale": sorted(stale)})
    return Outcome(Verdict.VERIFIED, evidence)


# PJ proxy sweep and official-mode runs: passes (k, n) for Full Context and RLM(8)
_PJ_PROXY = {
    "LongMemEval": ((1, 3), (2, 3)),
    "MemoryArena": ((3, 4), (3, 4)),
    "MemoryAgentBench": ((1, 4), (0, 4)),
    "Cross-session": ((4, 4), (3, 4)),
}
_PJ_OFFICIAL = {
    "LongMemEval": ((2, 3), (3, 3)),
    "MemoryArena": ((2, 4), (3, 4)),
    "MemoryAgentBench": ((1, 4), (1, 4)),
}


def _outcome(full: tuple[int, int], rlm: tuple[int, int]) -> str:
    a, b = full[0] / full[1], rlm[0] / rlm[1]
    return "won" if b > a else "tied" if b == a else "lost"


@claim_check(
    "PJ-BENCH-PROSE",
    "against Full Context, RLM won on LongMemEval, tied on MemoryArena and lost on "
    "MemoryAgentBench and cross-session in the proxy sweep, and improved on 2 of 3 "
    "tracks in the official-mode runs",
    Kind.DATA,
    where="Week 1 Day 3, Proxy Benchmark Sweep; Official-Mode Benchmark Runs",
)
def check_pj_bench_prose() -> Outcome:
    """PJ-BENCH-PROSE: the benchmark prose against the proxy and official tables.

    Examples
    --------
    >>> from proofs.claims.pj.rereading import check_pj_bench_prose
    >>> check_pj_bench_prose().verdict.value
    'verified'
    """
    said = {"LongMemEval": "won", "MemoryArena": "tied", "MemoryAgentBench": "lost"}
    said["Cross-session"] = "lost"
    proxy = {t: _outcome(*v) for t, v in _PJ_PROXY.items()}
    vs_full = sum(_outcome(*v) == "won" for v in _PJ_OFFICIAL.values())
    vs_proxy = sum(
        _PJ_OFFICIAL[t][1][0] / _PJ_OFFICIAL[t][1][1]
        > _PJ_PROXY[t][1][0] / _PJ_PROXY[t][1][1]
        for t in _PJ_OFFICIAL
    )
    ok = proxy == said and vs_full == 2 and vs_proxy == 2
    evidence = (
        "data used: PJ's proxy-sweep and official-mode tables as printed; proxy, RLM(8) "
        f"against Full Context: {proxy} (the prose says {said}); official mode, RLM "
        f"better than Full Context on {vs_full} of 3 tracks and better than its own "
        f"proxy run on {vs_proxy} of 3, so '2/3 tracks' holds under either reading"
    )
    return Outcome(Verdict.VERIFIED if ok else Verdict.REFUTED, evidence)


CLAIMS: tuple[Claim, ...] = claim_list(
    check_pj_bench_prose,
    check_pj_stat_phone,
    check_pj_state_pending,
    check_pj_exp02_scenarios,
)
