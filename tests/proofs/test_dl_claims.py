"""DL claims: transcribed statistics, BriefBench recomputations, worked examples (issue 19).

Each check has a test that fails if the data or the code were wrong: a
perturbed transcription flips a table to refuted, a perturbed BriefBench row or
printed number flips a group, and the worked examples are pinned against
independent computations (scipy, the closed forms).
"""

from __future__ import annotations

import csv
import dataclasses
import json
import math
from pathlib import Path

import pytest
from scipy import integrate, stats

from proofs.audit import Status, audit_table
from proofs.claims.dl import briefbench
from proofs.claims.dl import examples as dl_claims
from proofs.claims.dl.statistics import CLAIMS as STAT_CLAIMS
from proofs.records import Verdict
from proofs.statistics import check_table
from tests.proofs.expected import expected_for

REPO = Path(__file__).resolve().parents[2]
DL_STATS = REPO / "proofs" / "claims" / "dl" / "stats"
CATALOGUE = REPO / "proofs" / "claims" / "dl" / "catalogue.csv"


def _index() -> list[dict[str, str]]:
    with (DL_STATS / "index.csv").open(newline="") as fh:
        return list(csv.DictReader(fh))


def _tables() -> list[str]:
    return [row["file"] for row in _index()]


# --- transcribed statistics -------------------------------------------------


def test_dl_index_lists_every_table_once_and_registers_it():
    files = sorted(p.name for p in DL_STATS.glob("*.csv") if p.name != "index.csv")
    assert sorted(_tables()) == files
    ids = {c.id for c in STAT_CLAIMS if c.source == "DL"}
    assert {row["claim_id"] for row in _index()} == ids
    assert all(c.where for c in STAT_CLAIMS if c.source == "DL")


@pytest.mark.parametrize("name", _tables())
def test_dl_table_every_row_checkable(name):
    report = audit_table(DL_STATS / name)
    assert report.rows
    assert not [r.id for r in report.rows if r.status is Status.NOT_CHECKABLE]


def _perturbed(tmp_path: Path, name: str) -> tuple[Path, str]:
    """Copy a table with its first consistent number moved by 7 printed units."""
    report = audit_table(DL_STATS / name)
    target = next(r for r in report.rows if r.status is Status.CONSISTENT)
    lines = (DL_STATS / name).read_text().splitlines()
    out = []
    for line in lines:
        if line.startswith(f"{target.id},"):
            cells = next(csv.reader([line]))
            cells[3] = _bump(cells[3])
            buf = []
            writer = csv.writer(_Collect(buf), lineterminator="")
            writer.writerow(cells)
            line = buf[0]
        out.append(line)
    path = tmp_path / name
    path.write_text("\n".join(out) + "\n")
    return path, target.id


class _Collect:
    def __init__(self, buf: list[str]) -> None:
        self.buf = buf

    def write(self, text: str) -> None:
        self.buf.append(text)


def _bump(printed: str) -> str:
    parts = printed.split(";")
    first = parts[0]
    decimals = len(first.split(".")[1]) if "." in first else 0
    step = 7 * 10.0**-decimals
    parts[0] = f"{float(first) + step:.{decimals}f}"
    if first.startswith("."):
        parts[0] = parts[0].lstrip("0")
    return ";".join(parts)


# tables whose every number is inconsistent have nothing to perturb (PINNED below)
_ALL_INCONSISTENT = {"ex11_2_fig14_wilson.csv"}


@pytest.mark.parametrize("name", [t for t in _tables() if t not in _ALL_INCONSISTENT])
def test_dl_table_perturbed_number_is_refuted(tmp_path, name):
    path, row_id = _perturbed(tmp_path, name)
    claim_id = next(r["claim_id"] for r in _index() if r["file"] == name)
    res = check_table(claim_id, path, name)
    assert res.verdict is Verdict.REFUTED
    assert row_id in [r["id"] for r in res.counterexample["inconsistent"]]


@pytest.mark.parametrize(
    ("name", "row_id", "recomputed"),
    [
        ("ex22_k_wilson.csv", "K-CI", (0.92907, 0.991462)),  # scipy binomtest wilson
        ("ex7_1d_use_factor.csv", "D-SE", (0.0916638,)),  # delta method by hand
        ("tab8_supersession.csv", "T8-BRIEF", (90.0, 92.5)),  # k/40
        ("tab37_decay_aic.csv", "T43-STR-BIC", (-36.9042,)),  # AIC + 3 ln 3 - 6
        ("tab34_failure_modes.csv", "T031-BASE-RATIO", (3.33333,)),  # 100 / 30
        ("ex11_2_fig14_wilson.csv", "A-FIG14-BRIEF-CI", (0.873949, 0.965835)),
    ],
)
def test_dl_known_inconsistencies_and_recomputed_values(name, row_id, recomputed):
    report = audit_table(DL_STATS / name)
    row = next(r for r in report.rows if r.id == row_id)
    assert row.status is Status.INCONSISTENT
    assert row.result is not None
    assert row.result.recomputed == pytest.approx(recomputed, rel=1e-5)


def test_dl_wilson_rows_match_scipy():
    # DL-EX-A: 112/120 and 103/120 Wilson intervals print as [0.87, 0.97], [0.78, 0.91].
    for k, low, high in ((112, 0.87, 0.97), (103, 0.78, 0.91)):
        ci = stats.binomtest(k, 120).proportion_ci(method="wilson")
        assert round(ci.low, 2) == low
        assert round(ci.high, 2) == high
    report = audit_table(DL_STATS / "ex7_1a_wilson.csv")
    assert {r.id: r.status for r in report.rows}["A-BRIEF-CI"] is Status.CONSISTENT


def test_dl_catalogue_ids_and_ledger_links():
    from proofs import CLAIMS

    ledger_ids = {c.id for c in CLAIMS}
    with CATALOGUE.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len({r["id"] for r in rows}) == len(rows)
    kinds = {
        "theorem",
        "proposition",
        "lemma",
        "corollary",
        "definition-consequence",
        "worked-example",
        "statistic",
        "complexity",
        "consistency",
        "empirical",
    }
    for row in rows:
        assert row["kind"] in kinds, row["id"]
        status = row["status"]
        assert status == "checked" or status.startswith(("weaker: ", "not-checked: "))
        links = [x for x in row["checked_by"].split(";") if x]
        assert all(x in ledger_ids for x in links), row["id"]
        assert bool(links) == (not status.startswith("not-checked")), row["id"]
    dl_ids = {c.id for c in CLAIMS if c.source == "DL"}
    linked = {x for r in rows for x in r["checked_by"].split(";") if x}
    # every DL ledger id has its own row (issue 28); DL-INF-RULE3's row says it is a
    # design-note reading compared with VM §7.1, not a claim of the DL paper. A
    # not-checked row is its own entry (open, its reason as evidence) and links
    # to no checker.
    unchecked = {r["id"] for r in rows if r["status"].startswith("not-checked")}
    assert unchecked
    assert dl_ids - linked == unchecked


# Every DL table's row count and the ids of its inconsistent numbers (issue 19
# report): a changed transcription or a changed toolkit shows up here.
PINNED = {
    "ex7_1a_wilson.csv": (6, []),
    "ex11_2_fig14_wilson.csv": (2, ["A-FIG14-BRIEF-CI", "A-FIG14-DENSE-CI"]),
    "ex7_1b_two_proportion.csv": (7, []),
    "ex7_1d_use_factor.csv": (4, ["D-SE", "D-SE-SEC17"]),
    "ex7_1e_swebench_d3.csv": (11, ["E-BRIEF-T20", "E-TFIDF-T20"]),
    "ex22_h_f1.csv": (1, []),
    "ex22_j_clopper_pearson.csv": (4, ["J-BM25-CI"]),
    "ex22_k_wilson.csv": (6, ["K-CI", "K-HALFWIDTH"]),
    "ex22_l_depth_slope.csv": (4, []),
    "ex22_p_friedman.csv": (2, []),
    "tab3_datasets.csv": (10, ["T3-POWER"]),
    "tab4_organisations.csv": (
        8,
        [
            "T4-R3-FULL",
            "T4-R3-RAPTOR",
            "T4-R3-RAPTOR-SEC3",
            "T4-R3-TYPED",
            "T4-SIGMA-FULL",
            "T4-SIGMA-TYPED",
        ],
    ),
    "tab5_capture.csv": (
        13,
        [
            "T5-BM25-CAP-D1",
            "T5-BM25-CAP-D3",
            "T5-BRIEF-CAP-D3",
            "T5-BRIEF-DNL-D1",
            "T5-BRIEF-DNL-D2",
            "T5-BRIEF-DNL-D3",
            "T5-BRIEF-DNL-D3-SEC20",
            "T5-RAW-HIGH",
            "T5-RAW-MEAN",
            "T5-RAW-SEC19",
        ],
    ),
    "tab6_synthetic.csv": (
        64,
        [
            "T6-BM25-PREC-EXG",
            "T6-BM25-ROT-EXI",
            "T6-BRIEF-F1-EXH",
            "T6-BRIEF-MERGE-EXK",
            "T6-BRIEF-PREC-EXG",
            "T6-BRIEF-PREC-SEC11",
            "T6-BRIEF-RECALL-EXH",
            "T6-BRIEF-RECALL-FIG16",
            "T6-BRIEF-ROT-EXI",
            "T6-DENSE-PREC-EXG",
            "T6-DENSE-ROT-EXI",
            "T6-NONE-SEC3",
        ],
    ),
    "tab7_depth.csv": (64, ["T7-FOREST-BRIEF", "T7-FOREST-DENSE"]),
    "tab8_supersession.csv": (8, ["T8-BM25", "T8-BRIEF", "T8-DENSE", "T8-TFIDF"]),
    "tab9_real_code.csv": (54, ["T9-POOLED-BLEND", "T9-PREC-SEC12"]),
    "tab10_scorecard.csv": (4, []),
    "tab12_public_benchmarks.csv": (
        99,
        [
            "T70-SWE-ContextQ",
            "T70-SWE-Driver",
            "T70-SWE-GraphRAG",
            "T70-SWE-Kluris",
            "T70-SWE-MemGPT",
            "T70-SWE-Oiya",
            "T70-SWE-RAPTOR",
            "T70-SWE-Unabyss",
            "T70-SWE-ctxl",
        ],
    ),
    "tab14_sessions.csv": (8, []),
    "tab16_win_rate.csv": (38, []),
    "tab17_quality_cost.csv": (34, []),
    "tab18_compliance_per_token.csv": (18, []),
    "tab20_extended_prose.csv": (
        25,
        [
            "T20-P1-BRIEF-C1",
            "T20-P1-BRIEF-C3",
            "T21-P1-BM25-R1",
            "T21-P1-BM25-R3",
            "T21-P1-BRIEF-R1",
            "T21-P1-BRIEF-R3",
            "T21-P1-RAPTOR-R1",
            "T21-P1-RAPTOR-R3",
            "T21-P1-RERANK-R1",
            "T21-P1-RERANK-R3",
            "T21-P1-TFIDF-R3",
            "T21-P2-BRIEF-DCB1",
            "T21-P2-TFIDF-DCB1",
            "T21-RANDOM-DCB1",
            "T22-P3-SYN-HIGH",
            "T24-HYBRID-D1-EXK",
            "T24-HYBRID-D1-SEC12",
            "T24-HYBRID-D3-SEC12",
            "T25-BRIEF-FIG25-D1",
            "T25-BRIEF-FIG25-D2",
            "T25-BRIEF-FIG25-D3",
            "T25-RANDOM-DCB1",
            "T25-RANDOM-DCB2",
            "T25-RANDOM-DCB3",
        ],
    ),
    "tab27_ir_metrics.csv": (
        41,
        [
            "T27-EXQ-NDCG",
            "T27-PROSE-DCB-BRIEF-MAP",
            "T27-PROSE-DCB-BRIEF-MRR",
            "T27-PROSE-DCB-RAPTOR-MAP",
            "T27-PROSE-DCB-RAPTOR-MRR",
            "T27-PROSE-MAP",
            "T27-PROSE-MRR",
            "T27-PROSE-NDCG",
            "T27-PROSE-SWE-BRIEF",
            "T27-PROSE-TFIDF-MRR",
            "T27-PROSE-TFIDF-NDCG",
        ],
    ),
    "tab28_product_navigator.csv": (12, ["T019-SWE-T092"]),
    "tab31_tokens_rot.csv": (
        21,
        [
            "T022-BRIEF-FIG29",
            "T022-NONE-FIG30",
            "T023-FIG32-bm25",
            "T023-FIG32-brief_graph_3hop",
            "T023-FIG32-dense",
            "T023-FIG32-hybrid_rrf",
            "T023-FIG32-raptor",
            "T023-FIG32-rerank_ce",
            "T023-FIG32-tfidf",
        ],
    ),
    "tab33_wilson_d3.csv": (
        22,
        ["T025-ATT-raptor", "T025-CI-bm25", "T025-CI-hybrid_rrf", "T025-CI-raptor"],
    ),
    "tab34_failure_modes.csv": (11, ["T031-BASE-RATIO"]),
    "tab37_decay_aic.csv": (5, ["T43-STR-BIC"]),
    "tab39_ablations.csv": (
        20,
        [
            "T056-FIG26-D3",
            "T057-STRIP-BRIEF",
            "T057-STRIP-NONE",
            "T060-DCB-FULL",
            "T060-DCB-STRIP",
            "T060-SWE-FULL",
            "T060-SWE-STRIP",
            "T061-SEED-SEC11",
            "T061-TRAV-SEC11",
        ],
    ),
    "tab68_hotpotqa.csv": (
        5,
        ["T101-SUPP-BM25", "T101-SUPP-BRIEF", "T101-SUPP-HYBRID", "T101-SUPP-TFIDF"],
    ),
    "tab69_mem0.csv": (8, []),
    "prop1_values.csv": (11, []),
    "prose_statistics.csv": (11, ["S14-H-FIG50", "S19-H-RANGE"]),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_dl_table_inconsistent_numbers_pinned(name):
    report = audit_table(DL_STATS / name)
    count, inconsistent = PINNED[name]
    assert len(report.rows) == count
    assert sorted(r.id for r in report.inconsistent) == inconsistent


# --- BriefBench --------------------------------------------------------------


def test_briefbench_agrees_is_rounding_aware():
    assert briefbench.agrees("0.97", 0.975)
    assert briefbench.agrees("0.98", 0.975)
    assert not briefbench.agrees("0.97", 0.9751)
    assert not briefbench.agrees("0.572", 0.5726)
    with pytest.raises(ValueError, match="printed='n/a'"):
        briefbench.agrees("n/a", 0.5)


def test_briefbench_absent_rows_give_open(monkeypatch, tmp_path):
    monkeypatch.setenv("CONTEXT_LAWS_BRIEFBENCH", str(tmp_path / "missing"))
    res = briefbench.check_group(briefbench.GROUPS[0])
    assert res.verdict is Verdict.OPEN
    assert "unavailable" in res.evidence


def test_briefbench_bad_row_is_named(tmp_path):
    good = {
        "dataset": "synthetic",
        "arm": "none",
        "depth": 1,
        "spec_variant": "stripped",
        "compliance_rate": 0.0,
        "chain_recovered": False,
        "recall": 0.0,
        "precision": 0.0,
        "correct": False,
        "total_tokens": 1000,
        "dollars": 0.01,
        "rot": 0.0,
    }
    (tmp_path / "rows_gpt.jsonl").write_text(json.dumps(good) + "\n")
    bad = dict(good, recall="high")
    (tmp_path / "rows_claude.jsonl").write_text(
        json.dumps(good) + "\n" + json.dumps(bad) + "\n"
    )
    with pytest.raises(ValueError, match=r"line 2: column 'recall' must be float"):
        briefbench.load_rows(directory=tmp_path)
    (tmp_path / "rows_claude.jsonl").write_text("{not json\n")
    with pytest.raises(ValueError, match="line 1: not JSON"):
        briefbench.load_rows(directory=tmp_path)


@pytest.fixture(scope="module")
def rows():
    """The packaged rows: never skipped, a clone and an install both have them."""
    return briefbench.load_rows()


def _group(claim_id: str) -> briefbench.Group:
    return next(g for g in briefbench.GROUPS if g.claim_id == claim_id)


EXPECTED = expected_for(g.claim_id for g in briefbench.GROUPS)


def test_briefbench_verdicts(rows):
    got = {
        g.claim_id: briefbench.check_group(g, rows=rows).verdict.value
        for g in briefbench.GROUPS
    }
    assert got == EXPECTED


def test_briefbench_refutations_carry_recomputed_values(rows):
    res = briefbench.check_group(_group("DL-BB-CROSSMODEL"), rows=rows)
    bad = res.counterexample["inconsistent"]
    # rerank_ce: Claude 80/120 vs GPT-5.1 42/60 compliant on synthetic.
    assert bad == [
        {
            "number": "largest per-arm delta",
            "printed": "<=0.02",
            "recomputed": pytest.approx(42 / 60 - 80 / 120),
        }
    ]
    res = briefbench.check_group(_group("DL-BB-EX-G"), rows=rows)
    assert [b["number"] for b in res.counterexample["inconsistent"]] == [
        "dense precision"
    ]


def test_briefbench_forest_matches_scipy(rows):
    # Section 14.1: 40/40 vs 27/40, pooled z; scipy's normal tail gives p < 1e-4.
    p = 67 / 80
    z = (1 - 27 / 40) / math.sqrt(p * (1 - p) * (2 / 40))
    assert round(z, 2) == 3.94
    assert 2 * stats.norm.sf(z) < 1e-4
    assert (
        briefbench.check_group(_group("DL-BB-FOREST"), rows=rows).verdict
        is Verdict.VERIFIED
    )


@pytest.mark.parametrize("claim_id", [k for k, v in EXPECTED.items() if v != "refuted"])
def test_briefbench_perturbed_printed_number_is_refuted(rows, claim_id):
    group = _group(claim_id)
    label, printed, compute = group.numbers[0]
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    wrong = f"{float(printed) + 9 * 10.0**-decimals:.{decimals}f}"
    moved = dataclasses.replace(
        group, numbers=((label, wrong, compute), *group.numbers[1:])
    )
    res = briefbench.check_group(moved, rows=rows)
    assert res.verdict is Verdict.REFUTED
    assert res.counterexample["inconsistent"][0]["number"] == label


def test_briefbench_perturbed_row_is_refuted(rows):
    # One more failed typed-store chain at synthetic d=3 breaks Appendix 22 (j)'s 40/40.
    claude = list(rows.claude)
    i = next(
        i
        for i, r in enumerate(claude)
        if r["dataset"] == "synthetic"
        and r["arm"] == "brief_graph_3hop"
        and r["depth"] == 3
    )
    claude[i] = dict(claude[i], chain_recovered=False)
    moved = briefbench.Rows(tuple(claude), rows.gpt)
    assert (
        briefbench.check_group(_group("DL-BB-EX-J"), rows=rows).verdict
        is Verdict.VERIFIED
    )
    res = briefbench.check_group(_group("DL-BB-EX-J"), rows=moved)
    assert res.verdict is Verdict.REFUTED
    assert res.counterexample["inconsistent"][0]["recomputed"] == pytest.approx(39 / 40)


# --- worked examples and theorem parts -----------------------------------------


def test_dl_ex_b_h_cohen_h_is_0_20_not_0_21():
    res = dl_claims.check_cohen_h_example()
    h = 2 * (math.asin(math.sqrt(0.875)) - math.asin(math.sqrt(0.8)))  # closed form
    assert res.verdict is Verdict.REFUTED
    assert res.counterexample["inconsistent"][0]["recomputed"] == pytest.approx(h)
    assert round(h, 2) == 0.20


def _superiority(a1: float, b1: float, a2: float, b2: float) -> float:
    # Independent quadrature with scipy: P(X > Y) = int f_X(t) F_Y(t) dt.
    value, _ = integrate.quad(
        lambda t: stats.beta.pdf(t, a1, b1) * stats.beta.cdf(t, a2, b2), 0, 1, limit=200
    )
    return value


def test_dl_ex_c_posterior_is_0_82():
    res = dl_claims.check_posterior_example()
    assert res.verdict is Verdict.REFUTED
    got = res.counterexample["inconsistent"][0]["recomputed"]
    assert got == pytest.approx(_superiority(35.5, 5.5, 32.5, 8.5), abs=1e-7)
    assert round(got, 2) == 0.82


def test_dl_ex_c_sec14_posterior_is_near_one():
    res = dl_claims.check_posterior_forest()
    got = res.counterexample["inconsistent"][0]["recomputed"]
    assert got == pytest.approx(_superiority(40.5, 0.5, 27.5, 13.5), abs=1e-7)
    assert got > 0.9999


def test_dl_ex_g_h_verified():
    res = dl_claims.check_precision_h()
    assert res.verdict is Verdict.VERIFIED
    h = 2 * (math.asin(math.sqrt(0.158)) - math.asin(math.sqrt(0.090)))
    assert round(h, 2) == 0.21


def test_dl_t11_order_refuted_on_table4_and_verified_when_monotone():
    res = dl_claims.check_organisation_order()
    assert res.verdict is Verdict.REFUTED
    assert res.counterexample == {
        "pair": ["dense", "bm25"],
        "sigma": [0.16, 0.19],
        "depth": 1,
        "recall": [0.97, 0.98],
    }
    monotone = tuple(
        (name, sigma, (r1, r2, r3))
        for name, sigma, (r1, r2, r3) in dl_claims.TABLE4_MEASURED
        if name != "bm25"
    )
    assert dl_claims.check_organisation_order(rows=monotone).verdict is Verdict.VERIFIED


def test_dl_ex_q_discount_proven_and_depends_on_code(monkeypatch):
    assert dl_claims.check_discount_inequality().verdict is Verdict.PROVEN
    monkeypatch.setattr(dl_claims, "ndcg_at_k", lambda ranks, k: 1.0 / ranks[0])
    assert dl_claims.check_discount_inequality().verdict is Verdict.OPEN


def test_dl_p1_mono_proven_and_refuted_for_a_falling_crossover(monkeypatch):
    assert dl_claims.check_crossover_monotone().verdict is Verdict.PROVEN

    def falling(s0, rho, q, tau):
        return 1 if rho > 0.5 else 2  # d* falls as rho grows: the claim's negation

    monkeypatch.setattr(dl_claims, "crossover_depth", falling)
    res = dl_claims.check_crossover_monotone()
    assert res.verdict is Verdict.REFUTED
    assert res.counterexample["from"][2] == 2
    assert res.counterexample["to"][2] == 1


@pytest.mark.parametrize(
    ("claim_id", "verdict"),
    sorted(expected_for(dl_claims.RANK_CLAIMS).items()),
)
def test_dl_rank_claims(claim_id, verdict):
    assert dl_claims.check_ranks(claim_id).verdict.value == verdict


def test_dl_rank_claims_catch_a_changed_leader(monkeypatch):
    where, statement, items = dl_claims.RANK_CLAIMS["DL-TAB6-FIRST"]
    label, values, arm, rank = items[2]
    moved = (label, dict(values, tfidf=0.95), arm, rank)  # tfidf above Brief's .908
    monkeypatch.setitem(
        dl_claims.RANK_CLAIMS,
        "DL-TAB6-FIRST",
        (where, statement, (*items[:2], moved, *items[3:])),
    )
    res = dl_claims.check_ranks("DL-TAB6-FIRST")
    assert res.verdict is Verdict.REFUTED
    assert res.counterexample["inconsistent"] == [
        {"column": "Table 6 precision", "arm": "Brief", "stated rank": 1, "rank": 2}
    ]
    dcb = dl_claims.check_ranks("DL-TAB27-PARITY").counterexample["inconsistent"]
    assert [c["column"] for c in dcb] == [
        "Table 27 dcbench nDCG@10",
        "Table 27 swebench nDCG@10",
        "Table 27 dcbench MRR",
    ]


def test_briefbench_rows_are_package_data(monkeypatch):
    """Both readers of the rows read the packaged copy through importlib.resources,
    never a folder beside the clone, and that copy carries its licence and notice."""
    from importlib.resources import files

    from proofs.claims.dl.floors._decay import BRIEFBENCH

    monkeypatch.delenv("CONTEXT_LAWS_BRIEFBENCH", raising=False)
    packaged = files("proofs") / "data" / "briefbench"
    assert str(briefbench.data_dir()) == str(packaged)
    assert str(BRIEFBENCH) == str(packaged)
    assert "shared" not in Path(str(packaged)).parts
    for name in ("rows_claude.jsonl", "rows_gpt.jsonl", "LICENSE", "NOTICE"):
        assert (packaged / name).is_file(), name
    notice = (packaged / "NOTICE").read_text(encoding="utf-8")
    assert "Suketh05/BriefBench" in notice
    assert "046ff1c" in notice
    assert "Apache License" in (packaged / "LICENSE").read_text(encoding="utf-8")
