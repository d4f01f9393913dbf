"""Checkable sentences found on re-reading the papers (issue 28), with the data they cite.

Each check compares a sentence with the table it rests on, as printed, and
says which data it used.
"""

from __future__ import annotations

import itertools

from proofs.ledger import Claim, Kind, Outcome, Verdict, claim_check, claims

__all__ = [
    "CLAIMS",
    "check_dl_s12_band",
    "check_dl_swe3",
    "check_ko_s51_seeds",
    "check_ko_s53_cliff",
    "check_ko_s54_rag_range",
    "check_ko_s63_models",
    "check_ko_s96_cost",
    "check_pj_bench_prose",
    "check_pj_exp02_scenarios",
    "check_pj_stat_phone",
    "check_pj_state_pending",
    "check_slm_s82_range",
    "check_vm_s11_collapse",
    "check_vm_s73_regret",
]

# VM Table 8 (§9.2): retention -> header compliance, as printed
_VM_TABLE8 = {1.0: 0.917, 0.7: 0.500, 0.5: 0.833, 0.3: 0.417, 0.1: 0.667}
# VM Table 9 (Appendix A): its column heads, as printed
_VM_TABLE9_COLUMNS = (
    "r",
    "N val",
    "C val",
    "N piv",
    "C piv",
    "N fix",
    "C fix",
    "Gap rej",
)
# VM Table 9 (Appendix A): naive rows (N val, N piv, N fix) at Table 3's retentions
_VM_TABLE9_NAIVE = {
    0.50: [1.000, 0.790, 0.980],
    0.30: [1.000, 0.590, 0.920],
    0.20: [1.000, 0.480, 0.860],
    0.10: [0.990, 0.354, 0.750],
}
# VM Table 3 (§7.3): naive valid, pivot preserve, fixed-pivot valid, semantic regret
_VM_TABLE3 = {
    0.50: [1.000, 0.790, 0.980, 0.218],
    0.30: [1.000, 0.590, 0.920, 0.663],
    0.20: [1.000, 0.480, 0.860, 0.677],
    0.10: [0.990, 0.354, 0.750, 0.358],
}
# DL Table 9 (§12.1): real-code recall of the seven non-empty arms, as printed
_DL_TABLE9_RECALL = {
    "Brief": 0.667,
    "dense": 0.635,
    "hybrid_rrf": 0.615,
    "tfidf": 0.604,
    "bm25": 0.604,
    "rerank_ce": 0.583,
    "raptor": 0.573,
}


@claim_check(
    "VM-S11-COLLAPSE",
    "at aggressive retention (0.3/0.1) protocol collapse is common, so the cleanest "
    "mirage signal is at moderate retention (0.5-0.7)",
    Kind.ARITHMETIC,
    where="§11, Limitations; Table 8",
)
def check_vm_s11_collapse() -> Outcome:
    """VM-S11-COLLAPSE: Table 8's collapse rates against 'common at 0.3/0.1, not at 0.5-0.7'.

    Examples
    --------
    >>> from proofs.rereading import check_vm_s11_collapse
    >>> check_vm_s11_collapse().verdict.value
    'refuted'
    """
    collapse = {r: round(1 - c, 3) for r, c in _VM_TABLE8.items()}
    aggressive = [collapse[0.3], collapse[0.1]]
    moderate = [collapse[0.5], collapse[0.7]]
    shown = ", ".join(f"{r}: {v}" for r, v in collapse.items())
    evidence = (
        "data used: VM Table 8 as printed; protocol collapse is the share without the "
        f"PIVOT_ID= header, 1 - header compliance, by retention: {shown}. Collapse at "
        f"0.1 ({collapse[0.1]}) is below collapse at 0.7 ({collapse[0.7]}), so collapse "
        "does not separate the aggressive retentions from the moderate ones as the "
        "sentence says"
    )
    if min(aggressive) > max(moderate):
        return Outcome(Verdict.VERIFIED, evidence)
    cx = {"collapse_by_retention": {str(r): v for r, v in collapse.items()}}
    return Outcome(Verdict.REFUTED, evidence, cx)


@claim_check(
    "VM-S7.3-REGRET",
    "semantic regret is non-monotone in the full sweep, reported in Appendix A",
    Kind.DATA,
    where="§7.3; Table 3; Appendix A, Table 9",
)
def check_vm_s73_regret() -> Outcome:
    """VM-S7.3-REGRET: Table 3's regret column, a part of the same sweep as Table 9.

    Table 3 prints four of Table 9's nine retention points (its naive cells are
    Table 9's rows); a subsequence that is not monotone makes the whole
    sequence not monotone, so Table 3 decides the sentence. The paper's pointer
    to Appendix A is wrong: Table 9 has no regret column.

    Examples
    --------
    >>> from proofs.rereading import check_vm_s73_regret
    >>> check_vm_s73_regret().verdict.value
    'verified'
    """
    same = all(_VM_TABLE9_NAIVE[r] == cells for r, (*cells, _) in _VM_TABLE3.items())
    regret = [row[-1] for _, row in sorted(_VM_TABLE3.items(), reverse=True)]
    steps = [b - a for a, b in itertools.pairwise(regret)]
    monotone = all(d >= 0 for d in steps) or all(d <= 0 for d in steps)
    has = any("regret" in c.lower() for c in _VM_TABLE9_COLUMNS)
    shown = ", ".join(f"{r}: {row[-1]}" for r, row in _VM_TABLE3.items())
    evidence = (
        "data used: VM Table 3 and Table 9 (Appendix A) as printed. Table 3's naive "
        "(valid, pivot-preserve, fixed-pivot) cells at r = 0.50/0.30/0.20/0.10 "
        f"{'equal' if same else 'differ from'} Table 9's N val/N piv/N fix rows at "
        f"those retentions, so Table 3 is a part of the full sweep; its semantic "
        f"regret by retention, {shown}, is "
        f"{'monotone' if monotone else 'not monotone (it rises, then falls)'}, and a "
        "sequence with a non-monotone part is non-monotone. The sentence's pointer is wrong: Table 9's "
        f"columns are {', '.join(_VM_TABLE9_COLUMNS)}, "
        f"{'with' if has else 'no'} semantic regret, so Appendix A does not report "
        "what §7.3 says it reports (our own sweep is VM-T9)"
    )
    if not same:
        return Outcome(Verdict.OPEN, evidence + "; Table 3 is not a part of Table 9")
    if monotone:
        return Outcome(Verdict.REFUTED, evidence, {"regret": regret})
    return Outcome(Verdict.VERIFIED, evidence)


@claim_check(
    "DL-S12.1-BAND",
    "six of the seven non-empty arms fall inside the recall band 0.573-0.667",
    Kind.ARITHMETIC,
    where="Section 12.1; Table 9",
)
def check_dl_s12_band() -> Outcome:
    """DL-S12.1-BAND: count the arms of DL Table 9 inside 0.573-0.667.

    Examples
    --------
    >>> from proofs.rereading import check_dl_s12_band
    >>> check_dl_s12_band().verdict.value
    'refuted'
    """
    inside = [a for a, r in _DL_TABLE9_RECALL.items() if 0.573 <= r <= 0.667]
    evidence = (
        "data used: DL Table 9 as printed; real-code recall of the seven non-empty "
        f"arms: {_DL_TABLE9_RECALL}; inside [0.573, 0.667]: {len(inside)} of 7 "
        "(the band's ends are the typed store's 0.667 and raptor's 0.573), not 6"
    )
    if len(inside) == 6:
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(Verdict.REFUTED, evidence, {"inside": len(inside), "printed": 6})


@claim_check(
    "DL-STAT-SWE3",
    "the typed store's swebench depth-3 (swe3) compliance in the Claude harness is "
    "one number across Table 20 (.50) and worked example 7.1(e) / Section 12.2 "
    "(3/12); Table 18's 0.748 (Figure 66) is another experiment, Section 18's "
    "economics sweep, and is not compared",
    Kind.DATA,
    where="Table 20; Section 7.1 (e); Section 12.2, Figure 38 (Table 18 and Figure "
    "66 belong to Section 18's economics sweep)",
)
def check_dl_swe3() -> Outcome:
    """DL-STAT-SWE3: two printed values of one cell of the Claude harness.

    Examples
    --------
    >>> from proofs.rereading import check_dl_swe3
    >>> check_dl_swe3().verdict.value
    'refuted'
    """
    values = {"Table 20 (swe3)": 0.50, "7.1(e) and Section 12.2 (3/12)": 3 / 12}
    evidence = (
        "data used: the paper's own Table 20 and worked example 7.1(e) (repeated in "
        "Section 12.2's Figure 38), as printed; Brief's swebench d=3 compliance in the "
        f"Claude harness: {', '.join(f'{k} {v:.3f}' for k, v in values.items())}: two "
        "different values for one cell (DL-EX-E records the consequence for 7.1(e)'s "
        "test). Not compared: Table 18 and Figure 66 (0.748) belong to Section 18's "
        "economics sweep (12 backend models, context products injected through MCP, "
        "about 1,100 against 3,000 tokens), a different experiment from the Claude "
        "harness of Tables 20 and 7.1(e)"
    )
    if len({round(v, 2) for v in values.values()}) == 1:
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(
        Verdict.REFUTED, evidence, {k: round(v, 3) for k, v in values.items()}
    )


# SLM's retrieval-quality aggregates for the full pipeline, as printed
_SLM_RETRIEVAL = {
    "Table 5, average with math": 71.7,
    "Table 3, Mode A retrieval": 74.8,
    "Abstract": 75.0,
}
# SLM Table 5, conv-30 with math (the conversation of §7.3's ablation)
_SLM_CONV30 = 77.5


@claim_check(
    "SLM-S8.2-RANGE",
    "the four-channel pipeline reaches retrieval quality of 72-78% on LoCoMo",
    Kind.DATA,
    where="§8.2; Table 3; Table 5; Abstract",
)
def check_slm_s82_range() -> Outcome:
    """SLM-S8.2-RANGE: the printed aggregates against the range 72-78%.

    The range holds when every printed aggregate of the full pipeline lies in
    it at its printed precision; its ends are attained by Table 5's average
    (71.7, which rounds to 72) and by Table 5's conv-30 (77.5, which rounds to
    78), the conversation of the §7.3 ablation.

    Examples
    --------
    >>> from proofs.rereading import check_slm_s82_range
    >>> check_slm_s82_range().verdict.value
    'verified'
    """
    shown = "; ".join(f"{k} {v}" for k, v in _SLM_RETRIEVAL.items())
    outside = {k: v for k, v in _SLM_RETRIEVAL.items() if not 71.5 <= v < 78.5}
    ends = sorted({round(v) for v in (*_SLM_RETRIEVAL.values(), _SLM_CONV30)})
    evidence = (
        f"data used: SLM's printed retrieval aggregates of the full pipeline: {shown}; "
        "the range 72-78 at its printed precision (71.5 <= x < 78.5)"
    )
    if outside:
        return Outcome(Verdict.REFUTED, evidence + f"; outside: {outside}", outside)
    return Outcome(
        Verdict.VERIFIED,
        evidence + ": every aggregate lies inside the range (71.7 rounds to 72); "
        f"the ends are printed: 72 by Table 5's average, 78 by Table 5's conv-30 "
        f"with math ({_SLM_CONV30}, the conversation of the §7.3 ablation); rounded "
        f"values {ends}",
    )


# --- KO and PJ sentences found on the re-audit (h-reaudit, issue 28) ---------

# KO: the token arithmetic of §1 / §3.2 / §5.3
_KO_WINDOW = 200_000  # 194,984 tokens is printed as 97.5% of 200K
_KO_TOKENS_7000 = 194_984  # §1, §5.2: the prompt at N = 7,000
_KO_PER_FACT = (26.5, 27.5)  # "~27 tokens per fact" (§1.1, §3.2) at its precision


@claim_check(
    "KO-S5.3-CLIFF",
    "accuracy stays at 100% through N = 7,200 facts, drops at 7,300 and fails by "
    "7,400, below the 200K-token API limit that is a hard wall",
    Kind.ARITHMETIC,
    where="§5.3; §1; §5.2",
)
def check_ko_s53_cliff() -> Outcome:
    """KO-S5.3-CLIFF: the prompt at N = 7,200 against the 200K wall, by the paper's numbers.

    Examples
    --------
    >>> from proofs.rereading import check_ko_s53_cliff
    >>> check_ko_s53_cliff().verdict.value
    'refuted'
    """
    extra = 7_200 - 7_000
    low = _KO_TOKENS_7000 + round(extra * _KO_PER_FACT[0])
    at27 = _KO_TOKENS_7000 + extra * 27
    measured = _KO_TOKENS_7000 / 7_000
    fits_below = (_KO_WINDOW - _KO_TOKENS_7000) / extra
    evidence = (
        "data used: KO's printed token figures: 194,984 tokens at N = 7,000 (§1, §5.2; "
        "97.5% of the 200K window, so 200K = 200,000), about 27 tokens a fact (§1.1, "
        "§3.2; §5.3's own cliff of 200 facts is 'approximately 5,400 tokens', 27 a "
        f"fact). The prompt at N = 7,200 is 194,984 + 200 c tokens: {at27:,} at c = "
        f"27, {low:,} even at c = 26.5 (the low end of '~27'; the measured average is "
        f"194,984/7,000 = {measured:.2f}), above the 200,000-token limit §5.3 calls a "
        f"hard wall; the prompt fits only if c < {fits_below:.2f}. So 100% accuracy "
        "through N = 7,200 cannot be a within-window result by the paper's own "
        "numbers (KO-STAT-CAPACITY puts the wall near 7,186 facts)"
    )
    if low > _KO_WINDOW:
        cx = {
            "tokens_at_7200": at27,
            "window": _KO_WINDOW,
            "c_needed_below": round(fits_below, 2),
        }
        return Outcome(Verdict.REFUTED, evidence, cx)
    return Outcome(Verdict.VERIFIED, evidence)


# KO: the seeds each part of the paper says it used
_KO_SEEDS = {
    "§5.1 ('All experiments use random seed 42')": (42,),
    "Table 1 caption (5 random seeds)": None,
    "Table 2 caption and §5.2 (5 seeds; seed 123 gave 97%)": (42, 123, 456, 789, 1337),
    "Table 4 and §6.2 (5-seed mean)": (42, 123, 456, 789, 1337),
    "§9.7, Limitations (seeds 42, 123, 456, 789, 1337)": (42, 123, 456, 789, 1337),
}


@claim_check(
    "KO-S5.1-SEEDS",
    "every experiment ran with the single random seed 42",
    Kind.DATA,
    where="§5.1; Table 1; Table 2; §5.2; Table 4; §9.7",
)
def check_ko_s51_seeds() -> Outcome:
    """KO-S5.1-SEEDS: §5.1's single seed against the seeds the paper reports elsewhere.

    Examples
    --------
    >>> from proofs.rereading import check_ko_s51_seeds
    >>> check_ko_s51_seeds().verdict.value
    'refuted'
    """
    others = {k: v for k, v in _KO_SEEDS.items() if not k.startswith("§5.1")}
    shown = "; ".join(
        f"{k}: {'5 seeds, not listed' if v is None else list(v)}"
        for k, v in others.items()
    )
    evidence = (
        "data used: the seeds KO prints in each place: " + shown + ". §5.1 says every "
        "experiment used seed 42 alone; the scaling results of Table 2 (the section §5.1 "
        "introduces), Table 1 and the goal-drift results of Table 4 are reported over "
        "five seeds, and seed 123 gave a different result (97% at N = 3,000 and 5,000)"
    )
    several = [k for k, v in others.items() if v is None or len(v) > 1]
    if several:
        return Outcome(Verdict.REFUTED, evidence, {"five_seeds_in": several})
    return Outcome(Verdict.VERIFIED, evidence)


# KO Table 2: the corpus sizes at which RAG has a printed result
_KO_RAG_NS = (10, 50, 100, 250, 500, 1_000, 2_000, 3_000, 5_000, 7_000, 8_000, 10_000)


@claim_check(
    "KO-S5.4-RAG-RANGE",
    "RAG is evaluated across the full scaling range from N = 100 to N = 10,000, with "
    "100% accuracy at every corpus size tested (Table 2); the full range starts at "
    "N = 10",
    Kind.DATA,
    where="§5.4; Table 2",
)
def check_ko_s54_rag_range() -> Outcome:
    """KO-S5.4-RAG-RANGE: §5.4's range against the sizes Table 2 prints for RAG.

    Examples
    --------
    >>> from proofs.rereading import check_ko_s54_rag_range
    >>> check_ko_s54_rag_range().verdict.value
    'refuted'
    """
    outside = [n for n in _KO_RAG_NS if not 100 <= n <= 10_000]
    evidence = (
        "data used: KO Table 2 as printed; RAG has a result (100%) at N = "
        f"{', '.join(f'{n:,}' for n in _KO_RAG_NS)}. The 100% holds at every size, but "
        f"the range is misstated: §5.4 calls 100 to 10,000 the *full* scaling range, yet "
        f"Table 2 also prints RAG at N = {outside}, below 'from N = 100' (a minor "
        "text-table inconsistency; no accuracy is wrong)"
    )
    if outside:
        return Outcome(Verdict.REFUTED, evidence, {"sizes_below_100": outside})
    return Outcome(Verdict.VERIFIED, evidence)


_KO_COST_7000 = 0.568  # Table 10: in-context $ a query at N = 7,000 ($0.57 in §9.6)


@claim_check(
    "KO-S9.6-COST",
    "in-context memory costs $0.57 a query at N = 7,000 facts and, growing linearly, "
    "over $8 at N = 100,000, while a KO query stays at $0.002",
    Kind.ARITHMETIC,
    where="§9.6; Table 10",
)
def check_ko_s96_cost() -> Outcome:
    """KO-S9.6-COST: $0.568 scaled linearly from 7,000 to 100,000 facts.

    Examples
    --------
    >>> from proofs.rereading import check_ko_s96_cost
    >>> check_ko_s96_cost().verdict.value
    'verified'
    """
    at = _KO_COST_7000 * 100_000 / 7_000
    evidence = (
        f"exact arithmetic on KO Table 10: $0.568 x 100,000 / 7,000 = ${at:.2f} a query "
        "(over $8, as printed; $0.568 rounds to §9.6's $0.57). This is the Sonnet "
        "price; at N = 100,000 the prompt overflows Sonnet's window, and Table 10's "
        "footnote prices N = 10,000 on Opus at 5x, which only raises the cost, so "
        "'over $8' holds either way"
    )
    return Outcome(Verdict.VERIFIED if at > 8 else Verdict.REFUTED, evidence)


# KO Table 5: accuracy (%) by compression ratio, per model
_KO_TABLE5 = {
    "Sonnet 4.5": {1: 100, 2: 25, 5: 0, 10: 0, 20: 0},
    "Sonnet 4.6": {1: 100, 2: 10, 5: 20, 10: 5, 20: 5},
    "Opus": {1: 95, 2: 80, 5: 45, 10: 15, 20: 5},
    "GPT-5.4": {1: 100, 2: 0, 5: 20, 10: 0, 20: 5},
}


@claim_check(
    "KO-S6.3-MODELS",
    "all four models fall below 50% by 5x compaction; Opus keeps 15% at 10x and 5% "
    "at 20x; GPT-5.4 drops to 0% at 2x, the most aggressive loss observed; all "
    "converge to near-zero accuracy at high compression",
    Kind.DATA,
    where="§6.3, Table 5",
)
def check_ko_s63_models() -> Outcome:
    """KO-S6.3-MODELS: §6.3's prose against Table 5's cells.

    Examples
    --------
    >>> from proofs.rereading import check_ko_s63_models
    >>> check_ko_s63_models().verdict.value
    'verified'
    """
    t = _KO_TABLE5
    below = all(row[5] < 50 for row in t.values())
    opus = (t["Opus"][10], t["Opus"][20]) == (15, 5)
    gpt = t["GPT-5.4"][2] == 0 and all(
        row[2] > 0 for m, row in t.items() if m != "GPT-5.4"
    )
    near_zero = max(row[20] for row in t.values())
    parts = {
        "below 50% at 5x": below,
        "Opus 15% / 5%": opus,
        "GPT-5.4 alone at 0% at 2x": gpt,
        "near zero at 20x (at most 5%)": near_zero <= 5,
    }
    evidence = (
        "data used: KO Table 5 as printed ("
        + "; ".join(f"{m}: {row}" for m, row in t.items())
        + "); "
        + ", ".join(f"{k}: {v}" for k, v in parts.items())
        + ". 'Most aggressive' read as the lowest accuracy at the first compaction "
        "ratio, 2x"
    )
    if all(parts.values()):
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(Verdict.REFUTED, evidence, {k: v for k, v in parts.items() if not v})


# PJ: RLM's phone/ID retention figures and the run each comes from
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
    >>> from proofs.rereading import check_pj_stat_phone
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
    >>> from proofs.rereading import check_pj_exp02_scenarios
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
    >>> from proofs.rereading import check_pj_state_pending
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
    >>> from proofs.rereading import check_pj_bench_prose
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


CLAIMS: tuple[Claim, ...] = claims(
    check_vm_s11_collapse,
    check_vm_s73_regret,
    check_dl_s12_band,
    check_dl_swe3,
    check_slm_s82_range,
    check_ko_s51_seeds,
    check_ko_s53_cliff,
    check_ko_s54_rag_range,
    check_ko_s63_models,
    check_ko_s96_cost,
    check_pj_bench_prose,
    check_pj_stat_phone,
    check_pj_state_pending,
    check_pj_exp02_scenarios,
)
