"""The DL numbers that quote the BriefBench run, grouped one ledger claim per place.

Private to :mod:`proofs.claims.dl.briefbench`: each group is a location in the paper, a
restatement in our words and the printed numbers with the function of the rows
that recomputes each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from proofs.claims.dl.briefbench._rows import (
    _SIM,
    Rows,
    _all_depth,
    _best_sim_recall,
    _claude,
    _cost_per_correct,
    _crossmodel,
    _d3_contrast,
    _f1,
    _gpt,
    _lift,
    _mean,
    _pooled,
    _real_recall,
    _select,
    _share,
    _stripped_d3,
    _syn,
    _syn_depth,
    _total,
)
from proofs.records import Verdict
from theory.inference import cohens_h

Number = tuple[str, str, Callable[[Rows], float]]
"""(label, printed, function of the rows)."""


@dataclass(frozen=True, slots=True)
class Group:
    """One ledger claim: where DL prints the numbers, our restatement, the numbers.

    Parameters
    ----------
    claim_id : str
        The ledger id (``DL-BB-...``).
    where : str
        The paper's location(s).
    statement : str
        The claim in our words.
    numbers : tuple of (label, printed, function of the rows)
        Each printed number as a string (``<=x`` for a bound) and how the
        rows give it.
    verdict : Verdict
        The verdict when every number agrees (``CONDITIONAL`` with a
        ``condition`` when a caption is ambiguous).
    condition : str
        The reading under which a conditional claim holds.
    note : str
        Said after the numbers whatever the verdict: which data each printed
        number matches when the paper mixes runs (empty when there is nothing
        to add).

    Examples
    --------
    >>> from proofs.claims.dl.briefbench import GROUPS
    >>> GROUPS[0].numbers[0][:2]
    ('Brief precision', '0.158')
    """

    claim_id: str
    where: str
    statement: str
    numbers: tuple[Number, ...]
    verdict: Verdict = Verdict.VERIFIED
    condition: str = ""
    note: str = ""


_B = "brief_graph_3hop"
GROUPS: tuple[Group, ...] = (
    Group(
        "DL-BB-EX-G",
        "Appendix 22 (g)",
        "synthetic precision: typed store 0.158, dense 0.124, bm25 0.121",
        (
            ("Brief precision", "0.158", _syn("precision", _B)),
            ("dense precision", "0.124", _syn("precision", "dense")),
            ("bm25 precision", "0.121", _syn("precision", "bm25")),
        ),
    ),
    Group(
        "DL-BB-EX-H",
        "Appendix 22 (h)",
        "the typed store's synthetic F1 (mean of per-task F1) is 0.272 with recall 1.000 and precision 0.158",
        (
            (
                "Brief mean per-task F1",
                "0.272",
                lambda r: float(
                    np.mean(
                        [_f1(x) for x in _select(r.claude, dataset="synthetic", arm=_B)]
                    )
                ),
            ),
            ("Brief recall", "1.000", _syn("recall", _B)),
        ),
    ),
    Group(
        "DL-BB-EX-I",
        "Appendix 22 (i)",
        "synthetic return on tokens: typed store 0.845, bm25 0.757, dense 0.699",
        (
            ("Brief RoT", "0.845", _syn("rot", _B)),
            ("bm25 RoT", "0.757", _syn("rot", "bm25")),
            ("dense RoT", "0.699", _syn("rot", "dense")),
        ),
    ),
    Group(
        "DL-BB-EX-J",
        "Appendix 22 (j)",
        "chain recovery at synthetic d=3: typed store 40/40, bm25 28/40 (0.70)",
        (
            ("Brief chain d3", "1.000", _syn_depth("chain_recovered", _B, 3)),
            ("bm25 chain d3", "0.70", _syn_depth("chain_recovered", "bm25", 3)),
        ),
    ),
    Group(
        "DL-BB-EX-K",
        "Appendix 22 (k); Section 12.4",
        "synthetic merge-ready: typed store 117/120 = 0.975; hybrid_rrf about 0.95 at d=1 (Appendix 22 (k)) or 0.97 (Section 12.4), 0.57 at d=3",
        (
            ("Brief merge-ready", "0.975", _syn("correct", _B)),
            (
                "hybrid_rrf merge-ready d1 (Section 12.4)",
                "0.97",
                _syn_depth("correct", "hybrid_rrf", 1),
            ),
            (
                "hybrid_rrf merge-ready d3",
                "0.57",
                _syn_depth("correct", "hybrid_rrf", 3),
            ),
            (
                "hybrid_rrf merge-ready d1 (Appendix 22 (k))",
                "0.95",
                _syn_depth("correct", "hybrid_rrf", 1),
            ),
        ),
    ),
    Group(
        "DL-BB-FOREST",
        "Section 14.1; Figures 48 and 50",
        "synthetic d=3 compliance: Brief 40/40 vs dense 27/40, pooled z = 3.94, Cohen's h exactly 1.21; companion h about 1.16",
        (
            ("Brief d3 compliance", "1.000", _syn_depth("compliance_rate", _B, 3)),
            ("dense d3 compliance", "0.675", _syn_depth("compliance_rate", "dense", 3)),
            ("z", "3.94", _d3_contrast("z")),
            ("Cohen h", "1.21", _d3_contrast("h")),
            (
                "h vs bm25",
                "1.16",
                lambda r: (
                    cohens_h(
                        1.0,
                        _mean(
                            r.claude,
                            "compliance_rate",
                            dataset="synthetic",
                            arm="bm25",
                            depth=3,
                        ),
                    ).h
                ),
            ),
        ),
    ),
    Group(
        "DL-BB-FIG25-CHAIN",
        "Figure 25; Section 11.6",
        "typed-store chain recovery by depth 0.93 / 0.69 / 0.77, and none 0.00 at every depth",
        tuple(
            (f"Brief chain d{d}", p, _all_depth("chain_recovered", _B, d))
            for d, p in ((1, "0.93"), (2, "0.69"), (3, "0.77"))
        )
        + tuple(
            (f"none chain d{d}", "0.00", _all_depth("chain_recovered", "none", d))
            for d in (1, 2, 3)
        ),
    ),
    Group(
        "DL-BB-FIG32-ROT",
        "Figure 32",
        "return on tokens per arm on all data (compliance per 1k tokens)",
        tuple(
            (f"{a} RoT", p, _pooled("rot", a))
            for a, p in (
                (_B, "0.572"),
                ("tfidf", "0.532"),
                ("bm25", "0.521"),
                ("hybrid_rrf", "0.504"),
                ("dense", "0.496"),
                ("rerank_ce", "0.419"),
                ("raptor", "0.212"),
                ("none", "0.063"),
            )
        ),
    ),
    Group(
        "DL-BB-FIG33-COST",
        "Figure 33",
        "dollar cost per merge-ready output per arm",
        tuple(
            (f"{a} $/correct", p, _cost_per_correct(a))
            for a, p in (
                (_B, "0.0246"),
                ("tfidf", "0.0275"),
                ("bm25", "0.0278"),
                ("hybrid_rrf", "0.0281"),
                ("dense", "0.0286"),
                ("rerank_ce", "0.0338"),
                ("raptor", "0.0675"),
                ("none", "0.2647"),
            )
        ),
    ),
    Group(
        "DL-BB-FIG31-TOKENS",
        "Figures 29, 30, 31; Section 11.8",
        "tokens per query: typed store vs dense 1450/1449 (d=1), 1361/1367 (d=2), 1352/1379 (d=3); none about 1.24k; retrieval arms 1390-1405",
        (
            ("Brief d1", "1450", _all_depth("total_tokens", _B, 1)),
            ("dense d1", "1449", _all_depth("total_tokens", "dense", 1)),
            ("Brief d2", "1361", _all_depth("total_tokens", _B, 2)),
            ("dense d2", "1367", _all_depth("total_tokens", "dense", 2)),
            ("Brief d3", "1352", _all_depth("total_tokens", _B, 3)),
            ("dense d3", "1379", _all_depth("total_tokens", "dense", 3)),
            (
                "none (k tokens)",
                "1.24",
                lambda r: _mean(r.claude, "total_tokens", arm="none") / 1000,
            ),
            (
                "lowest retrieval arm (k tokens)",
                "1.39",
                lambda r: (
                    0.001
                    * min(_mean(r.claude, "total_tokens", arm=a) for a in (_B, *_SIM))
                ),
            ),
            (
                "highest retrieval arm",
                "1405",
                lambda r: max(
                    _mean(r.claude, "total_tokens", arm=a) for a in (_B, *_SIM)
                ),
            ),
        ),
    ),
    Group(
        "DL-BB-SPEND",
        "Figure 34; Table 60 (T079)",
        "total API spend by dataset: synthetic 15.10, dcbench 6.10, swebench 8.44 dollars",
        tuple(
            (f"{d} $", p, _total("dollars", d))
            for d, p in (
                ("synthetic", "15.10"),
                ("dcbench", "6.10"),
                ("swebench", "8.44"),
            )
        ),
    ),
    Group(
        "DL-BB-PN-LIFT-ROWS",
        "Figure 56; Section 15.1; Section 19.6",
        "(source: BriefBench rows) Figure 56's numbers are those of the BriefBench rows, the earlier run: Product-Navigator compliance none -> Brief 0.00 -> 0.99 (synthetic), 0.16 -> 0.36 (dcbench), 0.20 -> 0.33 (swebench), lifts +0.99/+0.19/+0.13; recall 1.00/0.77/0.56; merge-ready 0.97/0.17/0.33 vs none 0.00/0.05/0.20",
        tuple(
            item
            for ds, cn, cb, lift, rc, mb, mn, ml in (
                ("synthetic", "0.00", "0.99", "0.99", "1.00", "0.97", "0.00", "0.97"),
                ("dcbench", "0.16", "0.36", "0.19", "0.77", "0.17", "0.05", "0.12"),
                ("swebench", "0.20", "0.33", "0.13", "0.56", "0.33", "0.20", "0.13"),
            )
            for item in (
                (
                    f"{ds} none compliance",
                    cn,
                    _pooled("compliance_rate", "none", dataset=ds),
                ),
                (
                    f"{ds} Brief compliance",
                    cb,
                    _pooled("compliance_rate", _B, dataset=ds),
                ),
                (f"{ds} compliance lift", lift, _lift("compliance_rate", dataset=ds)),
                (f"{ds} Brief recall", rc, _pooled("recall", _B, dataset=ds)),
                (f"{ds} Brief merge-ready", mb, _pooled("correct", _B, dataset=ds)),
                (f"{ds} none merge-ready", mn, _pooled("correct", "none", dataset=ds)),
                (f"{ds} merge-ready lift", ml, _lift("correct", dataset=ds)),
            )
        ),
    ),
    Group(
        "DL-BB-PN-DEPTH-ROWS",
        "Figure 58; Section 15.3",
        "(source: BriefBench rows) Figure 58's numbers are those of the BriefBench rows, the earlier run: all-data compliance none -> Brief by depth 0.17 -> 0.75, 0.07 -> 0.65, 0.01 -> 0.72; lifts +0.58/+0.58/+0.71",
        tuple(
            item
            for d, n, b, lift in (
                (1, "0.17", "0.75", "0.58"),
                (2, "0.07", "0.65", "0.58"),
                (3, "0.01", "0.72", "0.71"),
            )
            for item in (
                (f"none d{d}", n, _all_depth("compliance_rate", "none", d)),
                (f"Brief d{d}", b, _all_depth("compliance_rate", _B, d)),
                (f"lift d{d}", lift, _lift("compliance_rate", depth=d)),
            )
        ),
    ),
    Group(
        "DL-BB-PN-ROWS-VS-T28",
        "Appendix 26, Tables 28-30 (T019-T021) against the BriefBench rows",
        "(data against data) the BriefBench rows give the Product-Navigator figures that DL Tables 28-30 print: compliance none/Brief 0.025/0.933, 0.095/0.500, 0.048/0.452; recall Brief 0.950/0.762/0.603; merge-ready none/Brief 0.017/0.883, 0.047/0.476, 0.000/0.437",
        tuple(
            item
            for ds, cn, cb, rc, mn, mb in (
                ("synthetic", "0.025", "0.933", "0.950", "0.017", "0.883"),
                ("dcbench", "0.095", "0.500", "0.762", "0.047", "0.476"),
                ("swebench", "0.048", "0.452", "0.603", "0.000", "0.437"),
            )
            for item in (
                (
                    f"Table 28 {ds} none compliance",
                    cn,
                    _pooled("compliance_rate", "none", dataset=ds),
                ),
                (
                    f"Table 28 {ds} Brief compliance",
                    cb,
                    _pooled("compliance_rate", _B, dataset=ds),
                ),
                (f"Table 29 {ds} Brief recall", rc, _pooled("recall", _B, dataset=ds)),
                (
                    f"Table 30 {ds} none merge-ready",
                    mn,
                    _pooled("correct", "none", dataset=ds),
                ),
                (
                    f"Table 30 {ds} Brief merge-ready",
                    mb,
                    _pooled("correct", _B, dataset=ds),
                ),
            )
        ),
    ),
    Group(
        "DL-BB-POOLED",
        "Figure 55; Section 14.2; Section 3",
        "pooled compliance Brief 0.70 vs none 0.08 (9x); synthetic none 0.000; Brief falls from about 0.99 (synthetic) to about 0.47 (real code)",
        (
            ("Brief pooled", "0.70", _pooled("compliance_rate", _B)),
            ("none pooled", "0.08", _pooled("compliance_rate", "none")),
            (
                "ratio",
                "9",
                lambda r: (
                    _mean(r.claude, "compliance_rate", arm=_B)
                    / _mean(r.claude, "compliance_rate", arm="none")
                ),
            ),
            (
                "none synthetic",
                "0.000",
                _pooled("compliance_rate", "none", dataset="synthetic"),
            ),
            (
                "Brief synthetic",
                "0.99",
                _pooled("compliance_rate", _B, dataset="synthetic"),
            ),
            (
                "Brief real code",
                "0.47",
                lambda r: float(
                    np.mean(
                        [
                            x["compliance_rate"]
                            for x in r.claude
                            if x["arm"] == _B and x["dataset"] != "synthetic"
                        ]
                    )
                ),
            ),
        ),
        note=(
            "data used: the BriefBench rows (Claude). The sentence mixes two runs: "
            "its 0.70, 0.08 and 0.99 are the rows', but its 0.47 (real code) is "
            "Table 9's pooled real-code compliance of Brief, 0.469 (Section 12.1), "
            "not the rows' 0.344. With 120 synthetic and 96 real-code tasks, "
            "(120 x 0.99 + 96 x) / 216 = 0.70 gives x = 0.34: the pooled 0.70 blends "
            "0.99 with the rows' real-code rate, not with 0.47"
        ),
    ),
    Group(
        "DL-BB-T031-FAILURE",
        "Table 34 (T031); Figure 59",
        "share of non-compliant attempts (compliance below 1) with nothing retrieved (recall 0), per arm, in percent",
        tuple(
            (
                f"{a} not-retrieved %",
                p,
                _share(a),
            )
            for a, p in (
                (_B, "29"),
                ("bm25", "39"),
                ("tfidf", "42"),
                ("dense", "41"),
                ("hybrid_rrf", "45"),
                ("rerank_ce", "59"),
                ("raptor", "66"),
                ("none", "100"),
            )
        ),
    ),
    Group(
        "DL-BB-T097-RECALL",
        "Table 67 (T097); Table 65 (T093)",
        "recall by arm and depth on all data, and the best similarity arm per depth",
        tuple(
            (f"{a} recall d{d}", p, _all_depth("recall", a, d))
            for a, ps in (
                (_B, "0.93 0.76 0.84"),
                ("bm25", "0.89 0.73 0.69"),
                ("tfidf", "0.92 0.75 0.68"),
                ("dense", "0.92 0.69 0.68"),
                ("hybrid_rrf", "0.91 0.71 0.63"),
                ("rerank_ce", "0.87 0.54 0.48"),
                ("raptor", "0.64 0.34 0.30"),
                ("none", "0.00 0.00 0.00"),
            )
            for d, p in zip((1, 2, 3), ps.split(), strict=True)
        )
        + tuple(
            (
                f"best similarity recall d{d}",
                p,
                _best_sim_recall(d),
            )
            for d, p in ((1, "0.92"), (2, "0.75"), (3, "0.69"))
        ),
    ),
    Group(
        "DL-BB-T067-DEPTH",
        "Table 50 (T067)",
        "mean compliance over all arms by depth 0.60 / 0.49 / 0.42",
        tuple(
            (f"d{d}", p, _claude("compliance_rate", depth=d))
            for d, p in ((1, "0.60"), (2, "0.49"), (3, "0.42"))
        ),
    ),
    Group(
        "DL-BB-CROSSMODEL",
        "Figure 44; Sections 13.1, 13.4",
        "per-arm synthetic compliance under Claude and GPT-5.1: Pearson r about 0.999, the same arm order, and every per-arm delta at most 0.02",
        (
            ("Pearson r", "0.999", _crossmodel("r")),
            ("same arm order (1 = yes)", "1", _crossmodel("same-order")),
            ("largest per-arm delta", "<=0.02", _crossmodel("delta")),
        ),
    ),
    Group(
        "DL-BB-MEM0-DUEL",
        "Figure 62; Table 63 (T089); Figure 63; Table 69 (T103)",
        "GPT-5.1 synthetic compliance: Brief 1.00, dense 0.82 and none 0.00 on 60 tasks; dense 0.95/0.90/0.60 and Brief 1.00 at every depth",
        (
            ("Brief", "1.00", _gpt("compliance_rate", arm=_B)),
            ("dense", "0.82", _gpt("compliance_rate", arm="dense")),
            ("none", "0.00", _gpt("compliance_rate", arm="none")),
            ("tasks per arm", "60", lambda r: float(len(_select(r.gpt, arm="dense")))),
            *tuple(
                (f"dense d{d}", p, _gpt("compliance_rate", arm="dense", depth=d))
                for d, p in ((1, "0.95"), (2, "0.90"), (3, "0.60"))
            ),
            *tuple(
                (f"Brief d{d}", "1.00", _gpt("compliance_rate", arm=_B, depth=d))
                for d in (1, 2, 3)
            ),
        ),
    ),
    Group(
        "DL-BB-SYN-DEPTH",
        "Section 15.3; Appendix 23 pattern 1",
        "synthetic per-depth profile: Brief recall and chain 1.00 at every depth, compliance .97/1.00/1.00, merge-ready about 0.97; dense recall 0.97 -> 0.68; bm25/tfidf 1.00 -> 0.70; rerank_ce recall and chain 1.00 -> 0.38, merge-ready 0.93 -> 0.35; raptor recall .53 -> .05",
        tuple(
            (f"Brief recall d{d}", "1.00", _syn_depth("recall", _B, d))
            for d in (1, 2, 3)
        )
        + tuple(
            (f"Brief chain d{d}", "1.00", _syn_depth("chain_recovered", _B, d))
            for d in (1, 2, 3)
        )
        + tuple(
            (f"Brief compliance d{d}", p, _syn_depth("compliance_rate", _B, d))
            for d, p in ((1, ".97"), (2, "1.00"), (3, "1.00"))
        )
        + tuple(
            (f"Brief merge-ready d{d}", "0.97", _syn_depth("correct", _B, d))
            for d in (1, 2, 3)
        )
        + (
            ("dense recall d1", "0.97", _syn_depth("recall", "dense", 1)),
            ("dense recall d3", "0.68", _syn_depth("recall", "dense", 3)),
            ("bm25 recall d1", "1.00", _syn_depth("recall", "bm25", 1)),
            ("bm25 recall d3", "0.70", _syn_depth("recall", "bm25", 3)),
            ("tfidf recall d1", "1.00", _syn_depth("recall", "tfidf", 1)),
            ("tfidf recall d3", "0.70", _syn_depth("recall", "tfidf", 3)),
            ("rerank_ce recall d1", "1.00", _syn_depth("recall", "rerank_ce", 1)),
            ("rerank_ce recall d3", ".38", _syn_depth("recall", "rerank_ce", 3)),
            (
                "rerank_ce chain d3",
                "0.38",
                _syn_depth("chain_recovered", "rerank_ce", 3),
            ),
            ("rerank_ce merge-ready d1", "0.93", _syn_depth("correct", "rerank_ce", 1)),
            ("rerank_ce merge-ready d3", "0.35", _syn_depth("correct", "rerank_ce", 3)),
            ("raptor recall d1", ".53", _syn_depth("recall", "raptor", 1)),
            ("raptor recall d3", ".05", _syn_depth("recall", "raptor", 3)),
        ),
    ),
    Group(
        "DL-BB-REAL-RECALL",
        "Appendix 23 pattern 2 and placebo paragraph",
        "dcbench recall: every retrieval arm 1.00 at d=1, all arms within .51-.67 at d=2 and d=3; random_context recall .20 and chain .07 at d=1, chain .00 at d=2 and d=3",
        (
            ("lowest retrieval-arm recall dcb1", "1.00", _real_recall(1, min)),
            (
                "lowest retrieval-arm recall dcb2/dcb3",
                ".51",
                lambda r: min(_real_recall(2, min)(r), _real_recall(3, min)(r)),
            ),
            (
                "highest retrieval-arm recall dcb2/dcb3",
                ".67",
                lambda r: max(_real_recall(2, max)(r), _real_recall(3, max)(r)),
            ),
            (
                "random_context recall dcb1",
                ".20",
                _claude("recall", dataset="dcbench", arm="random_context", depth=1),
            ),
            (
                "random_context chain dcb1",
                ".07",
                _claude(
                    "chain_recovered", dataset="dcbench", arm="random_context", depth=1
                ),
            ),
            (
                "random_context chain dcb2",
                ".00",
                _claude(
                    "chain_recovered", dataset="dcbench", arm="random_context", depth=2
                ),
            ),
            (
                "random_context chain dcb3",
                ".00",
                _claude(
                    "chain_recovered", dataset="dcbench", arm="random_context", depth=3
                ),
            ),
        ),
    ),
    Group(
        "DL-BB-FIG28-STRIP",
        "Figure 28; Section 11.7",
        "typed-store compliance with the constraint in the prompt vs stripped: dcbench 0.50 -> 0.31, swebench 0.48 -> 0.25",
        (
            (
                "dcbench full",
                "0.50",
                _claude(
                    "compliance_rate", dataset="dcbench", arm=_B, spec_variant="full"
                ),
            ),
            ("dcbench stripped", "0.31", lambda r: _stripped_d3(r.claude, "dcbench")),
            (
                "swebench full",
                "0.48",
                _claude(
                    "compliance_rate", dataset="swebench", arm=_B, spec_variant="full"
                ),
            ),
            ("swebench stripped", "0.25", lambda r: _stripped_d3(r.claude, "swebench")),
        ),
        verdict=Verdict.CONDITIONAL,
        condition=(
            "'stripped' read as the stripped d=3 cell; the stripped cells pooled over "
            "d=2 and d=3 give 0.29 (dcbench) and 0.24 (swebench)"
        ),
    ),
)
