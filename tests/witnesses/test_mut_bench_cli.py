"""``context-laws bench``: options, exit statuses, formats and small samples (issue 33).

Through the console entry point (``proofs.tool.main(["bench", ...])``). The
LoCoMo files are written here, three questions each, so that every number
of the reports can be worked by hand (comments); the LongMemEval files are
the examples of ``docs/examples``.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from proofs.tool import main

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "docs" / "examples"
LME_A = str(EX / "longmemeval_a.jsonl.eval-results-gpt-4o")
QUESTIONS = str(EX / "longmemeval_questions.json")
LOC_A = str(EX / "locomo_a.json")
PREFIX = "context-laws bench: error: "


def _locomo(path: Path, values: list[tuple[int, float]], model: str = "m") -> str:
    qa = [
        {"question": f"q{i}", "answer": f"a{i}", "category": c, f"{model}_f1": v}
        for i, (c, v) in enumerate(values)
    ]
    path.write_text(json.dumps([{"sample_id": "s1", "qa": qa}]))
    return str(path)


@pytest.fixture
def pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """Two systems on three questions, as relative paths (short lines)."""
    monkeypatch.chdir(tmp_path)
    _locomo(tmp_path / "a.json", [(1, 0.5), (1, 1.0), (3, 0.5)])
    _locomo(tmp_path / "b.json", [(1, 0.5), (1, 0.0), (3, 0.0)])
    return "a.json", "b.json"


def bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["bench", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = bench(capsys, *argv)
    assert (code, out) == (2, ""), (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(PREFIX), err
    return lines[0][len(PREFIX) :]


# -- a comparison worked by hand ------------------------------------------------------

# a: 1 multi-hop 0.5, 1.0 (mean 0.75); 3 open-domain 0.5; overall 2/3
# b: 1 multi-hop 0.5, 0.0 (mean 0.25); 3 open-domain 0.0; overall 1/6
# differences 0, 1, 0.5: overall sign patterns of (1, 0.5) give sums 1.5,
# 0.5, -0.5, -1.5, two of four with |sum| >= 1.5: p = 0.5; multi-hop (0, 1):
# p = 1; open-domain has one difference: p = 1 (both signs give |0.5|).
# Holm over (1, 1): (1, 1). MDD: sd(0, 1, 0.5) = 0.5, (z(0.975) + z(0.8))
# * 0.5 / sqrt(3) = 2.8016 * 0.2887 = 0.8087.
MARKDOWN = """\
LoCoMo: a.json, mean m_f1 (3 questions)
compared with b.json (m_f1) on 3 paired questions

| category | n | mean F1 | interval | note |
|---|---|---|---|---|
| 1 multi-hop | 2 | 0.7500 | [0.5000, 1.0000] |  |
| 3 open-domain | 1 | 0.5000 |  | no interval from n = 1 |
| overall | 3 | 0.6667 | [0.5000, 1.0000] |  |

| category | n | first | second | diff | interval | perm. p | Holm p |
|---|---|---|---|---|---|---|---|
| 1 multi-hop | 2 | 0.7500 | 0.2500 | +0.5000 | [+0.0000, +1.0000] | 1.0000 | 1.0000 |
| 3 open-domain | 1 | 0.5000 | 0.0000 | +0.5000 | no interval from n = 1 | 1.0000 | 1.0000 |
| overall | 3 | 0.6667 | 0.1667 | +0.5000 | [+0.0000, +1.0000] | 0.5000 | - |

intervals: percentile bootstrap of the mean, 95%, 9999 resamples, seed 0 (ends stay in [0, 1])
difference = first - second; interval: paired bootstrap percentile; test: paired permutation (exact
  when 2**n <= resamples); Holm across categories
minimum detectable difference at n = 3: 0.8087 (power 0.8, paired normal approximation)
categories: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial
warning: fewer than 30 questions in 1 multi-hop (n=2), 3 open-domain (n=1): intervals are wide and
  differences hard to detect
"""


def test_markdown_comparison_by_hand(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = pair
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", b,
                           "--format", "md")  # fmt: skip
    assert code == 0, err
    assert out == MARKDOWN


def test_text_comparison_aligns_columns_and_drops_empty_ones(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, _ = pair
    code, out, err = bench(capsys, "locomo", a, "--model", "m")
    assert code == 0, err
    table = out.split("\n\n")[1]
    assert table == (
        "category       n  mean F1  interval          note\n"
        "1 multi-hop    2  0.7500   [0.5000, 1.0000]\n"
        "3 open-domain  1  0.5000                     no interval from n = 1\n"
        "overall        3  0.6667   [0.5000, 1.0000]"
    )
    # no note at all: the note column goes
    _locomo(Path("c.json"), [(1, 0.5), (1, 1.0)])
    code, out, _ = bench(capsys, "locomo", "c.json", "--model", "m")
    assert code == 0
    assert out.split("\n\n")[1].splitlines()[0] == "category     n  mean F1  interval"


def test_csv_comparison_by_hand(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = pair
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", b,
                           "--format", "csv")  # fmt: skip
    assert code == 0, err
    assert out == (
        "benchmark,system,category,n,estimate,low,high,method,note\n"
        "locomo,a.json,1 multi-hop,2,0.75,0.5,1.0,bootstrap-percentile,\n"
        "locomo,a.json,3 open-domain,1,0.5,,,bootstrap-percentile,no interval from n = 1\n"
        "locomo,a.json,overall,3,0.6666666666666666,0.5,1.0,bootstrap-percentile,\n"
        "\n"
        "benchmark,first,second,category,n,first_estimate,second_estimate,difference,"
        "low,high,pvalue,pvalue_holm,note\n"
        "locomo,a.json,b.json,1 multi-hop,2,0.75,0.25,0.5,0.0,1.0,1.0,1.0,\n"
        "locomo,a.json,b.json,3 open-domain,1,0.5,0.0,0.5,,,1.0,1.0,no interval from n = 1\n"
        "locomo,a.json,b.json,overall,3,0.6666666666666666,0.16666666666666666,0.5,"
        "0.0,1.0,0.5,,\n"
    )


def test_json_comparison_by_hand(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = pair
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", b,
                           "--format", "json")  # fmt: skip
    assert code == 0, err
    assert out.startswith('{\n  "benchmark": "locomo",\n  "bootstrap_seed": 0,\n')
    doc = json.loads(out)
    assert (doc["confidence_level"], doc["n_resamples"], doc["paired_questions"]) == (
        0.95,
        9999,
        3,
    )
    assert doc["compare_model"] == "m"
    assert doc["minimum_detectable_difference"] == pytest.approx(0.80875, abs=1e-5)
    rows = {r["category"]: r for r in doc["comparison"]}
    assert rows["overall"]["pvalue"] == 0.5
    assert rows["overall"]["pvalue_holm"] is None
    assert rows["1 multi-hop"]["pvalue_holm"] == 1.0
    assert doc["notes"][-1].startswith("warning: fewer than 30 questions")


def test_one_paired_question_is_compared_not_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # bug fixed: one differing pair (a category of one question, or a file of
    # one) made scipy's permutation test refuse the sample: exit 2
    a = _locomo(tmp_path / "a.json", [(1, 0.5)])
    b = _locomo(tmp_path / "b.json", [(1, 0.25)])
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", b,
                           "--format", "json")  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    assert [r["pvalue"] for r in doc["comparison"]] == [1.0, 1.0]
    assert doc["minimum_detectable_difference"] is None
    code, out, _ = bench(capsys, "locomo", a, "--model", "m", "--compare", b)
    assert code == 0
    assert "minimum detectable difference at n = 1: none (n < 2) (power 0.8" in out


def test_identical_systems_have_no_spread(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, _ = pair
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", a)
    assert code == 0, err
    assert "+0.0000  no interval: every paired difference is equal  1.0000" in out
    assert "at n = 3: none (no spread in the differences) (power 0.8" in out


def test_disjoint_files_have_nothing_to_compare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _locomo(tmp_path / "a.json", [(1, 0.5)])
    other = tmp_path / "b.json"
    other.write_text(json.dumps([{"sample_id": "s2", "qa": [
        {"question": "q", "answer": "x", "category": 1, "m_f1": 0.5}]}]))  # fmt: skip
    assert refused(capsys, "locomo", a, "--model", "m", "--compare", str(other),
                   "--allow-unpaired") == (
        f"{a} and {other} have no question id in common"
    )  # fmt: skip
    assert refused(capsys, "locomo", a, "--model", "m", "--compare", str(other)) == (
        f"{a}: question 's1:0' is not in {other} (and 1 more in one file only); the "
        "comparison pairs questions by id: pass --allow-unpaired to compare only the "
        "questions both files hold"
    )


# -- small samples ------------------------------------------------------------------------


def test_thirty_questions_are_enough_and_twenty_nine_are_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    values = [(1, (i % 5) / 4) for i in range(30)] + [
        (2, (i % 3) / 2) for i in range(29)
    ]
    path = _locomo(tmp_path / "t.json", values)
    code, out, err = bench(
        capsys, "locomo", path, "--model", "m", "--n-resamples", "99"
    )
    assert code == 0, err
    assert "warning: fewer than 30 questions in 2 temporal (n=29): intervals" in out
    assert "multi-hop (n=30)" not in out


# -- options and their ranges ---------------------------------------------------------------


@pytest.mark.parametrize("level", ["0", "1", "1.0", "-0.5"])
def test_confidence_level_is_strictly_between_0_and_1(
    capsys: pytest.CaptureFixture[str], level: str
) -> None:
    assert refused(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                   "--confidence-level", level) == (
        f"--confidence-level must be in (0, 1), got {float(level)!r}"
    )  # fmt: skip


def test_a_level_inside_the_range_is_used(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                           "--confidence-level", "0.5")  # fmt: skip
    assert code == 0, err
    assert "intervals: Wilson score, 50%, for every accuracy" in out
    code, out, _ = bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                         "--format", "json")  # fmt: skip
    assert json.loads(out)["confidence_level"] == 0.95  # the default


@pytest.mark.parametrize("n", ["2", "1000000"])
def test_resamples_at_both_ends_are_accepted(
    capsys: pytest.CaptureFixture[str], n: str
) -> None:
    # LongMemEval without --compare resamples nothing: the check alone is run
    code, _, err = bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                         "--n-resamples", n)  # fmt: skip
    assert code == 0, err


@pytest.mark.parametrize("n", ["1", "1000001"])
def test_resamples_outside_the_range_are_refused(
    capsys: pytest.CaptureFixture[str], n: str
) -> None:
    assert refused(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                   "--n-resamples", n) == (
        f"--n-resamples must be in [2, 1000000], got {n}"
    )  # fmt: skip


def test_two_resamples_reach_the_bootstrap(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, _ = pair
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--n-resamples", "2",
                           "--format", "json")  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    assert doc["n_resamples"] == 2
    assert "2 resamples, seed 0" in doc["notes"][0]


@pytest.mark.parametrize(
    ("argv", "missing"),
    [
        ([], "BENCHMARK"),
        (["longmemeval", LME_A], "--questions"),
        (["locomo", LOC_A], "--model"),
    ],
)
def test_required_arguments_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], missing: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["bench", *argv])
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"error: the following arguments are required: {missing}" in err


def test_help_names_the_command_and_the_exit_statuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["bench", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert (
        "``context-laws bench``: LongMemEval and LoCoMo result files, read as they are."
        in out
    )
    assert "3 for a crash (traceback on stderr)" in " ".join(out.split())


# -- exit statuses and --out ----------------------------------------------------------------


def test_out_holds_what_stdout_would_show(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = pair
    argv = ["locomo", a, "--model", "m", "--compare", b, "--format", "md"]
    code, out, err = bench(capsys, *argv, "--out", "report.md")
    assert (code, out, err) == (0, "", "")
    assert Path("report.md").read_text() == MARKDOWN


def test_an_out_that_cannot_be_written_is_exit_2(
    pair: tuple[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a, _ = pair

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("witnesses.runtime.files.os.fsync", full)
    assert refused(capsys, "locomo", a, "--model", "m", "--out", "report.txt") == (
        "--out='report.txt': cannot write the file (No space left on device)"
    )
    assert not Path("report.txt").exists()


def test_an_existing_out_file_is_not_replaced(
    pair: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    a, _ = pair
    Path("mine.txt").write_text("precious\n")
    message = refused(capsys, "locomo", a, "--model", "m", "--out", "mine.txt")
    assert message.startswith("--out='mine.txt' already exists")
    assert Path("mine.txt").read_text() == "precious\n"


def test_a_crash_is_exit_3_with_a_traceback(
    pair: tuple[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a, _ = pair

    def boom(args: Any) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr("witnesses.rates._bench_cli._run", boom)
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--out", "r.txt")
    assert (code, out) == (3, "")
    assert "Traceback" in err
    assert err.strip().endswith("RuntimeError: boom")
    assert not Path("r.txt").exists()


class _ClosedStdout:
    """A stdout whose reader went away."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT)

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def flush(self) -> None:
        raise BrokenPipeError

    def fileno(self) -> int:
        return self._fd


def test_a_closed_stdout_is_status_141(
    pair: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, _ = pair
    stdout = _ClosedStdout(Path("closed.txt"))
    monkeypatch.setattr("sys.stdout", stdout)
    try:
        assert main(["bench", "locomo", a, "--model", "m"]) == 141
    finally:
        os.close(stdout.fileno())


def test_files_over_256_mib_are_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a sparse file: its size is checked before a byte is read
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(256 * 1024 * 1024 + 1)
    assert refused(capsys, "longmemeval", LME_A, "--questions", str(big)) == (
        f"{big}: the file has 268435457 bytes, more than max_bytes=268435456 (pass a "
        "larger max_bytes to read it)"
    )


# -- LongMemEval: the comparison's table and legend, small and _abs-free files ---------------

LME_B = str(EX / "longmemeval_b.jsonl.eval-results-gpt-4o")


def test_longmemeval_comparison_table_and_legend(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                           "--compare", LME_B)  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    # a alone right on 7, b alone on 2: p = 2 (1 + 9 + 36) / 512 = 0.1797
    assert (
        "overall              20  0.6500  0.4000  +0.2500  [-0.0025, +0.5000]  0.1797     -"
        in lines
    )
    assert (
        "knowledge-update     4   0.7500  0.2500  +0.5000  [+0.0000, +1.0000]  0.5000     1.0000"
        in lines
    )
    text = " ".join(out.split())
    assert (
        "minimum detectable difference at n = 20: 0.4162 (power 0.8, level 0.05,"
        in text
    )
    # the four types are small; overall, task-averaged and abstention are not types
    assert (
        "warning: fewer than 30 questions in knowledge-update (n=4), multi-session "
        "(n=5), single-session-user (n=6), temporal-reasoning (n=5): intervals"
    ) in text


def _lme_subset(tmp_path: Path, ids: set[str], tag: str) -> tuple[str, str, str]:
    """Question file and the two eval files restricted to ``ids``."""
    questions = json.loads(Path(QUESTIONS).read_text())
    q = tmp_path / f"q_{tag}.json"
    q.write_text(json.dumps([x for x in questions if x["question_id"] in ids]))
    out = []
    for name, source in (("a", LME_A), ("b", LME_B)):
        path = tmp_path / f"{name}_{tag}.jsonl"
        kept = [
            line
            for line in Path(source).read_text().splitlines()
            if json.loads(line)["question_id"] in ids
        ]
        path.write_text("\n".join(kept) + "\n")
        out.append(str(path))
    return str(q), out[0], out[1]


def test_longmemeval_without_abstention_questions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = {x["question_id"] for x in json.loads(Path(QUESTIONS).read_text())}
    q, a, _ = _lme_subset(tmp_path, {i for i in ids if "_abs" not in i}, "noabs")
    code, out, err = bench(
        capsys, "longmemeval", a, "--questions", q, "--format", "json"
    )
    assert code == 0, err
    row = json.loads(out)["summary"][-1]
    assert row == {"category": "abstention (_abs)", "n": 0, "estimate": None,
                   "low": None, "high": None, "note": "no _abs question"}  # fmt: skip


@pytest.mark.parametrize(
    ("ids", "mdd"),
    [
        ({"ssu-004"}, None),
        # n = 2, b right on none: Cohen's h = (z(0.975) + z(0.8)) sqrt(2/2) =
        # 2.8016, sin(h / 2)**2 = 0.9714
        ({"ssu-004", "ssu-005"}, 0.9714),
    ],
)
def test_longmemeval_mdd_needs_two_questions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ids: set[str], mdd: float | None
) -> None:
    q, a, b = _lme_subset(tmp_path, ids, "small")
    code, out, err = bench(capsys, "longmemeval", a, "--questions", q, "--compare", b,
                           "--format", "json")  # fmt: skip
    assert code == 0, err
    got = json.loads(out)["minimum_detectable_difference"]
    assert got == (None if mdd is None else pytest.approx(mdd, abs=5e-5))
    code, out, _ = bench(capsys, "longmemeval", a, "--questions", q, "--compare", b)
    shown = "none (n < 2)" if mdd is None else f"{mdd:.4f}"
    assert f"minimum detectable difference at n = {len(ids)}: {shown} (power" in out


# -- LoCoMo: two paired questions, Monte Carlo p-values ---------------------------------------


def test_two_paired_questions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # differences 0.5, 0.5: sign patterns give sums 1, 0, 0, -1; two of four
    # reach |1|: p = 0.5. No spread in the differences: no MDD, and the legend
    # says why (not n < 2)
    a = _locomo(tmp_path / "a.json", [(1, 0.5), (1, 1.0)])
    b = _locomo(tmp_path / "b.json", [(1, 0.0), (1, 0.5)])
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", b,
                           "--format", "json")  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    assert [r["pvalue"] for r in doc["comparison"]] == [0.5, 0.5]
    assert doc["minimum_detectable_difference"] is None
    assert "at n = 2: none (no spread in the differences)" in doc["notes"][2]
    # differences 0.5, 0.0: sd 0.3536, MDD = 2.8016 * 0.3536 / sqrt(2) = 0.7004
    c = _locomo(tmp_path / "c.json", [(1, 0.0), (1, 1.0)])
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", c,
                           "--format", "json")  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["minimum_detectable_difference"] == pytest.approx(
        0.70040, abs=1e-4
    )


def test_monte_carlo_permutation_p_is_scipys_with_seed_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 5 differences, 2**5 = 32 sign patterns > 10 resamples: Monte Carlo
    import numpy as np
    from scipy import stats

    a_values = [1.0, 0.5, 0.75, 0.25, 1.0]
    b_values = [0.0, 0.25, 0.5, 0.5, 0.0]
    a = _locomo(tmp_path / "a.json", [(1, v) for v in a_values])
    b = _locomo(tmp_path / "b.json", [(1, v) for v in b_values])
    code, out, err = bench(capsys, "locomo", a, "--model", "m", "--compare", b,
                           "--n-resamples", "10", "--format", "json")  # fmt: skip
    assert code == 0, err
    d = np.array(a_values) - np.array(b_values)
    ref = stats.permutation_test(
        (d,), np.mean, permutation_type="samples", n_resamples=10,
        alternative="two-sided", rng=np.random.default_rng(0),
    ).pvalue  # fmt: skip  # scipy 1.17
    other = stats.permutation_test(
        (d,), np.mean, permutation_type="samples", n_resamples=10,
        alternative="two-sided", rng=np.random.default_rng(1),
    ).pvalue  # fmt: skip
    assert ref != other  # the seed matters here
    rows = {r["category"]: r for r in json.loads(out)["comparison"]}
    assert rows["overall"]["pvalue"] == float(ref)


# -- text layout ---------------------------------------------------------------------------


def test_no_small_category_no_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _locomo(tmp_path / "t.json", [(1, (i % 5) / 4) for i in range(30)])
    code, out, err = bench(
        capsys, "locomo", path, "--model", "m", "--n-resamples", "99"
    )
    assert code == 0, err
    assert "warning" not in out
    assert out.rstrip().endswith(
        "categories: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial"
    )


def test_a_note_in_the_first_row_alone_keeps_its_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    _locomo(tmp_path / "a.json", [(1, 0.5), (2, 0.0), (2, 1.0)])
    code, out, err = bench(capsys, "locomo", "a.json", "--model", "m")
    assert code == 0, err
    assert out.split("\n\n")[1].splitlines()[:2] == [
        "category     n  mean F1  interval          note",
        "1 multi-hop  1  0.5000                     no interval from n = 1",
    ]


def test_lines_wrap_at_100_columns_on_spaces_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    values = [(1, 0.5), (1, 1.0), (3, 0.5)]
    # "LoCoMo: " + 67 characters + ", mean m_f1 (3 questions)": exactly 100
    exact = "z" * 62 + ".json"
    _locomo(tmp_path / exact, values)
    code, out, err = bench(capsys, "locomo", exact, "--model", "m")
    assert code == 0, err
    first = out.splitlines()[0]
    assert first == f"LoCoMo: {exact}, mean m_f1 (3 questions)"
    assert len(first) == 100
    # a hyphenated name past the margin moves whole to the next line
    hyphen = "x" * 60 + "-" + "y" * 30 + ".json"
    _locomo(tmp_path / hyphen, values)
    code, out, err = bench(capsys, "locomo", hyphen, "--model", "m")
    assert code == 0, err
    assert out.splitlines()[:3] == [
        "LoCoMo:",
        f"  {hyphen},",
        "  mean m_f1 (3 questions)",
    ]
