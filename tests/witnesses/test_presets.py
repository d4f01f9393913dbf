"""Presets for the harness schemas behind VM Tables 5-8, on synthetic files.

Each file below has exactly the published columns and conventions (booleans
as True/False or 0/1, multi-line quoted model answers, a missing full-context
pivot); the expected numbers were counted by hand from the rows, and each
comment says how.
"""

import csv

import pytest
from statsmodels.stats.proportion import proportion_confint

from witnesses import PRESETS, load_trials
from witnesses.rates import format_cells, rates

NTSB_COLUMNS = [
    "incident_id",
    "method",
    "budget",
    "seed",
    "n_events_total",
    "n_events_kept",
    "achieved_retention",
    "k_recommended",
    "prereq_count",
    "prereq_ratio",
    "oracle_full_pivot",
    "oracle_compressed_pivot",
    "predicted_full_pivot",
    "predicted_pivot",
    "full_correct",
    "pivot_correct",
    "pivot_preserved",
    "oracle_degraded",
    "flagged_degraded",
    "false_alarm",
    "true_mirage",
    "rescue",
    "instability",
    "info_shift",
    "model_error",
    "silent_mirage",
    "raw_response",
    "raw_response_full",
    "backend",
    "model",
]

ANSWER = 'PIVOT_ID={p}\nThe pilot said, "gear down"\n\nthen the {p} event'

# incident, method, budget, retention, GT (oracle full), oracle compressed,
# predicted pivot, oracle_degraded, flagged, harness's silent_mirage
NTSB_ROWS = [
    ("i1", "naive", 0.7, 0.70, "e1", "e1", "e1", False, False, False),
    ("i2", "naive", 0.7, 0.68, "e2", "e9", "e9", True, False, False),  # clean swap
    ("i3", "naive", 0.7, 0.66, "e3", "e8", "e7", True, False, True),
    ("i4", "naive", 0.7, 0.70, "e4", "e8", "e6", True, True, False),  # flagged
    ("i5", "naive", 0.7, 0.71, "e5", "e5", "", True, False, True),  # no answer
    ("i1", "contract", 0.7, 0.69, "e1", "e1", "e1", False, False, False),
    ("i2", "contract", 0.7, 0.70, "e2", "e2", "e2", True, False, False),
    ("i3", "contract", 0.7, 0.71, "e3", "e3", "e3", False, False, False),
    ("i1", "naive", 0.3, 0.30, "e1", "e4", "e4", True, False, False),
    ("i2", "naive", 0.3, 0.31, "e2", "e5", "e3", True, False, True),
    ("i3", "naive", 0.3, 0.32, "e3", "e3", "e3", False, False, False),
    ("i4", "naive", 0.3, 0.29, "e4", "e6", "e2", True, False, True),
]


def _write(path, columns, rows):
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def _ntsb_file(path):
    rows = []
    for seed, (inc, method, budget, ret, gt, oc, pp, deg, flag, silent) in enumerate(
        NTSB_ROWS
    ):
        row = dict.fromkeys(NTSB_COLUMNS, "0")
        row.update(
            incident_id=inc, method=method, budget=budget, seed=seed,
            achieved_retention=ret, prereq_ratio=0.5, oracle_full_pivot=gt,
            oracle_compressed_pivot=oc, predicted_full_pivot=gt, predicted_pivot=pp,
            oracle_degraded=deg, flagged_degraded=flag, silent_mirage=silent,
            raw_response=ANSWER.format(p=pp), raw_response_full=ANSWER.format(p=gt),
            backend="xai", model="grok",
        )  # fmt: skip
        rows.append(row)
    return _write(path / "ntsb.csv", NTSB_COLUMNS, rows)


def _by(cells):
    return {tuple(c.group.values()): c for c in cells}


def _kn(cell, name):
    r = cell.rates[name]
    return r.numerator, r.denominator


def test_ntsb_preset_reproduces_the_table5_conventions(tmp_path):
    path = _ntsb_file(tmp_path)
    trials = load_trials(path, preset="mirage-ntsb")
    assert len(trials) == 12
    # The multi-line quoted answers did not break rows apart.
    assert [t.chosen_pivot for t in trials[:5]] == ["e1", "e9", "e7", "e6", None]
    p = PRESETS["mirage-ntsb"]
    cells = _by(rates(trials, by=p.tables["Table 5"], **p.conventions))
    naive7, contract7, naive3 = (
        cells[("naive", 0.7)], cells[("contract", 0.7)], cells[("naive", 0.3)]
    )  # fmt: skip
    # information shift: oracle compressed != GT: i2, i3, i4 of five.
    assert _kn(naive7, "information_shift") == (3, 5)
    # preserved: predicted == GT over all rows: only i1.
    assert _kn(naive7, "pivot_preservation") == (1, 5)
    # silent mirage: degraded i2..i5; i2 equals the oracle pivot, i4 is
    # flagged; i3 and i5 (no answer) are silent: 2/4, and 2/5 over all rows.
    assert _kn(naive7, "silent_mirage") == (2, 4)
    assert _kn(naive7, "silent_mirage_per_trial") == (2, 5)
    low, high = proportion_confint(2, 5, alpha=0.05, method="wilson")
    r = naive7.rates["silent_mirage_per_trial"]
    assert (r.low, r.high) == pytest.approx((low, high), abs=1e-12)
    # retention: (0.70 + 0.68 + 0.66 + 0.70 + 0.71) / 5 = 0.69
    assert naive7.means["achieved_retention"].mean == pytest.approx(0.69, abs=1e-12)
    # contract: nothing shifted, all preserved, c2 degraded but matches the oracle.
    assert _kn(contract7, "information_shift") == (0, 3)
    assert _kn(contract7, "pivot_preservation") == (3, 3)
    assert _kn(contract7, "silent_mirage") == (0, 1)
    assert contract7.means["achieved_retention"].mean == pytest.approx(0.70, abs=1e-12)
    # naive 0.3: shift i1, i2, i4; preserved i3; silent i2, i4 of 3 degraded.
    assert _kn(naive3, "information_shift") == (3, 4)
    assert _kn(naive3, "pivot_preservation") == (1, 4)
    assert _kn(naive3, "silent_mirage") == (2, 3)
    assert naive3.means["achieved_retention"].mean == pytest.approx(0.305, abs=1e-12)
    # The pooled naive line of the paper: 4 silent of 7 degraded, 4 of 9 rows.
    overall = _by(rates(trials, by=p.tables["overall"], **p.conventions))
    assert _kn(overall[("naive",)], "silent_mirage") == (4, 7)
    assert _kn(overall[("naive",)], "silent_mirage_per_trial") == (4, 9)


def test_ntsb_silent_mirage_equals_the_harness_column(tmp_path):
    p = PRESETS["mirage-ntsb"]
    trials = load_trials(_ntsb_file(tmp_path), preset="mirage-ntsb")
    from witnesses.rates import Conventions, outcomes

    conv = Conventions(**{k: v for k, v in p.conventions.items() if k in (
        "pivot_reference", "preservation_denominator", "missing_reference",
        "information_shift", "degraded_reference", "wrong_reference")})  # fmt: skip
    ours = outcomes(trials, "silent_mirage_per_trial", conventions=conv)
    assert ours == [row[-1] for row in NTSB_ROWS]


def test_ntsb_without_the_wrong_pivot_condition_counts_clean_swaps(tmp_path):
    # Dropping the oracle comparison (the paper's prose) counts i2 as silent too.
    p = dict(PRESETS["mirage-ntsb"].conventions, wrong_reference=None)
    trials = load_trials(_ntsb_file(tmp_path), preset="mirage-ntsb")
    cells = _by(rates(trials, by=("condition", "budget"), **p))
    assert _kn(cells[("naive", 0.7)], "silent_mirage") == (3, 4)


MB_COLUMNS = [
    "model_name",
    "model_id",
    "task_id",
    "category",
    "compression_level",
    "full_pivot",
    "pivot_id_extracted",
    "pivot_extracted_flag",
    "pivot_preserved",
    "fixed_pivot_feasible",
    "raw_validity",
    "raw_validity_full",
    "raw_validity_compressed",
    "semantic_regret",
    "full_pivot_matches_ground_truth",
    "pivot_matches_ground_truth",
    "full_answer",
    "compressed_answer",
]

# model, task, category, full pivot, extracted, preserved, fixed, validity, regret
MB_ROWS = [
    ("llama", "t1", "incident", "e1", "e1", 1, 0, 0.9, 0.1),
    ("llama", "t2", "incident", "e2", "e5", 0, 1, 0.8, 0.3),
    ("llama", "t3", "investment", "", "e3", 0, 0, 0.6, 0.2),  # no full pivot
    ("llama", "t4", "investment", "e4", "e4", 1, 1, 0.4, 0.0),
    ("qwen", "t1", "incident", "e1", "e2", 0, 0, 0.3, 0.5),
    ("qwen", "t2", "incident", "e2", "e2", 1, 0, 1.0, 0.0),
    ("qwen", "t3", "investment", "e3", "", 0, 1, 0.7, 0.4),  # no pivot extracted
]


def _mb_file(path):
    rows = []
    for model, task, cat, full, ext, pres, fixed, valid, regret in MB_ROWS:
        row = dict.fromkeys(MB_COLUMNS, "")
        row.update(
            model_name=model, model_id=f"org/{model}", task_id=task, category=cat,
            compression_level=0.5, full_pivot=full, pivot_id_extracted=ext,
            pivot_extracted_flag=int(bool(ext)), pivot_preserved=pres,
            fixed_pivot_feasible=fixed, raw_validity=valid, raw_validity_full=1.0,
            raw_validity_compressed=valid, semantic_regret=regret,
            full_answer=ANSWER.format(p=full), compressed_answer=ANSWER.format(p=ext),
        )  # fmt: skip
        rows.append(row)
    return _write(path / "miragebench.csv", MB_COLUMNS, rows)


def test_miragebench_preset_reproduces_tables_6_and_7(tmp_path):
    trials = load_trials(_mb_file(tmp_path), preset="miragebench")
    p = PRESETS["miragebench"]
    models = _by(rates(trials, by=p.tables["Table 6"], **p.conventions))
    llama, qwen = models[("llama",)], models[("qwen",)]
    # llama: validity (0.9 + 0.8 + 0.6 + 0.4) / 4; t3 has no full pivot and
    # counts as not preserved (denominator 4); switched: t2 and t3 (valid).
    assert llama.means["raw_validity_score"].mean == pytest.approx(0.675, abs=1e-12)
    assert _kn(llama, "pivot_preservation") == (2, 4)
    assert _kn(llama, "fixed_pivot_feasibility") == (2, 4)
    assert llama.means["semantic_regret"].mean == pytest.approx(0.15, abs=1e-12)
    assert _kn(llama, "valid_but_switched") == (2, 4)
    # qwen: (0.3 + 1.0 + 0.7) / 3; preserved t2; regret 0.9 / 3; switched t3.
    assert qwen.means["raw_validity_score"].mean == pytest.approx(2 / 3, abs=1e-12)
    assert _kn(qwen, "pivot_preservation") == (1, 3)
    assert _kn(qwen, "fixed_pivot_feasibility") == (1, 3)
    assert qwen.means["semantic_regret"].mean == pytest.approx(0.3, abs=1e-12)
    assert _kn(qwen, "valid_but_switched") == (1, 3)
    cats = _by(rates(trials, by=p.tables["Table 7"], **p.conventions))
    inc, inv = cats[("incident",)], cats[("investment",)]
    assert inc.means["raw_validity_score"].mean == pytest.approx(0.75, abs=1e-12)
    assert _kn(inc, "pivot_preservation") == (2, 4)
    assert _kn(inc, "fixed_pivot_feasibility") == (1, 4)
    assert inc.means["semantic_regret"].mean == pytest.approx(0.225, abs=1e-12)
    assert _kn(inc, "valid_but_switched") == (1, 4)
    assert inv.means["raw_validity_score"].mean == pytest.approx(1.7 / 3, abs=1e-12)
    assert _kn(inv, "pivot_preservation") == (1, 3)
    assert _kn(inv, "fixed_pivot_feasibility") == (2, 3)
    assert inv.means["semantic_regret"].mean == pytest.approx(0.2, abs=1e-12)
    assert _kn(inv, "valid_but_switched") == (2, 3)
    # The recomputed preservation equals the harness's own pivot_preserved column.
    assert [t.chosen_pivot == t.full_pivot for t in trials] == [
        bool(r[5]) for r in MB_ROWS
    ]


def test_missing_full_pivot_is_excluded_unless_told_otherwise(tmp_path):
    trials = load_trials(_mb_file(tmp_path), preset="miragebench")
    conv = dict(PRESETS["miragebench"].conventions, missing_reference="exclude")
    llama = _by(rates(trials, by=("model",), **conv))[("llama",)]
    assert _kn(llama, "pivot_preservation") == (2, 3)
    assert _kn(llama, "valid_but_switched") == (1, 3)


KV_COLUMNS = [
    "task_id",
    "category",
    "retention",
    "full_pivot",
    "compressed_pivot",
    "pivot_preserved",
    "fixed_pivot_feasible",
    "raw_validity",
    "semantic_regret",
    "full_answer",
    "truncated_answer",
    "cache_tokens_full",
    "cache_tokens_kept",
    "has_pivot_header",
]

# retention, task, full, compressed, header, validity, regret, kept tokens
KV_ROWS = [
    (1.0, "k1", "e1", "e1", 1, 1.0, 0.0, 1000),
    (1.0, "k2", "e2", "e2", 1, 0.9, 0.0, 1000),
    (1.0, "k3", "e3", "", 0, 0.5, 0.2, 1000),
    (0.5, "k1", "e1", "e4", 1, 0.7, 0.4, 500),
    (0.5, "k2", "e2", "e2", 1, 0.6, 0.1, 500),
    (0.5, "k3", "e3", "", 0, 0.2, 0.6, 500),
    (0.5, "k4", "e4", "e9", 1, 0.8, 0.5, 500),
]


def _kv_file(path):
    rows = []
    for ret, task, full, comp, header, valid, regret, kept in KV_ROWS:
        rows.append(
            {
                "task_id": task,
                "category": "incident",
                "retention": ret,
                "full_pivot": full,
                "compressed_pivot": comp,
                "pivot_preserved": int(full == comp),
                "fixed_pivot_feasible": 1,
                "raw_validity": valid,
                "semantic_regret": regret,
                "full_answer": ANSWER.format(p=full),
                "truncated_answer": "e1\ne2\ne3",
                "cache_tokens_full": 1000,
                "cache_tokens_kept": kept,
                "has_pivot_header": header,
            }
        )
    return _write(path / "kv.csv", KV_COLUMNS, rows)


def test_kv_preset_reproduces_table8(tmp_path):
    trials = load_trials(_kv_file(tmp_path), preset="mirage-kv")
    p = PRESETS["mirage-kv"]
    cells = _by(rates(trials, by=p.tables["Table 8"], **p.conventions))
    full, half = cells[(1.0,)], cells[(0.5,)]
    # 1.0: header k1, k2; preserved k1, k2 of 3; given a header 2/2.
    assert _kn(full, "header_compliance") == (2, 3)
    assert _kn(full, "pivot_preservation") == (2, 3)
    assert _kn(full, "preservation_given_header") == (2, 2)
    assert full.means["raw_validity_score"].mean == pytest.approx(0.8, abs=1e-12)
    assert full.means["semantic_regret"].mean == pytest.approx(0.2 / 3, abs=1e-12)
    # 0.5: header k1, k2, k4; preserved k2 only; given a header 1/3;
    # header-compliant but wrong (silent substitution): k1, k4.
    assert _kn(half, "header_compliance") == (3, 4)
    assert _kn(half, "pivot_preservation") == (1, 4)
    assert _kn(half, "preservation_given_header") == (1, 3)
    assert _kn(half, "silent_substitution") == (2, 4)
    assert _kn(half, "protocol_collapse") == (1, 4)
    assert half.means["raw_validity_score"].mean == pytest.approx(0.575, abs=1e-12)
    assert half.means["semantic_regret"].mean == pytest.approx(0.4, abs=1e-12)
    assert half.means["cache_tokens_kept"].mean == 500.0


def test_kv_table_in_markdown_is_one_row_per_retention(tmp_path):
    trials = load_trials(_kv_file(tmp_path), preset="mirage-kv")
    p = PRESETS["mirage-kv"]
    text = format_cells(rates(trials, by=("budget",), **p.conventions), fmt="md")
    lines = text.splitlines()
    assert lines[0].startswith("| budget | n | raw_validity | pivot_preservation |")
    assert lines[2].startswith("| 0.5 | 4 |")
    assert "0.250 [" in lines[2]  # preservation 1/4
    assert lines[3].startswith("| 1.0 | 3 |")


def test_unknown_preset_is_refused(tmp_path):
    path = _kv_file(tmp_path)
    with pytest.raises(ValueError, match="preset must be one of 'mirage-ntsb'"):
        load_trials(path, preset="ntsb")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_published_column_names_a_statistic_of_its_table(tmp_path, name):
    files = {"mirage-ntsb": _ntsb_file, "miragebench": _mb_file, "mirage-kv": _kv_file}
    p = PRESETS[name]
    trials = load_trials(files[name](tmp_path), preset=name)
    assert set(p.columns) == set(p.tables)
    for table, by in p.tables.items():
        for cell in rates(trials, by=by, **p.conventions):
            for _, stat in p.columns[table]:
                assert stat in cell.rates or cell.means[stat].n > 0
