"""``context-laws check``: defaults, exit statuses and every one-line error (issue 33).

Through the console entry point (``proofs.tool.main(["check", ...])``): each
case asserts the exit status, what reaches stdout and the exact message on
stderr. The user's functions live in a module written to a temporary folder,
which is the working directory, as a user would run the command.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from proofs.tool import main as tool_main

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "docs" / "examples" / "agent_log.csv"
LOG_MAP = ["--map", "id=step", "--map", "timestamp=unix_time", "--map",
           "weight=salience", "--map", "actors=agents"]  # fmt: skip
PREFIX = "context-laws check: error: "

USER_MODULE = """
from algebra import IDENTITY, Context, compose_endo

NOT_A_FUNCTION = [1, 2]


def window(timeline, *, target_size):
    return timeline.ids[-target_size:]


def keep_left(a, b):
    return a


def off_on_w0(a, b):
    if a.w == 0 and b == IDENTITY:
        return Context(a.w, a.d_total + 1, a.d_pre)
    return compose_endo(a, b)


def off_on_w1(a, b):
    if a.w == 1 and b == IDENTITY:
        return Context(a.w, a.d_total + 1, a.d_pre)
    return compose_endo(a, b)
"""

NEAR_MODULE = "\n".join(
    [f"def f_aaa{i}(x):\n    return x\n" for i in range(1, 5)]
    + ["CONSTANT = 3\n", "def _hidden(x):\n    return x\n"]
)


def _many(n: int) -> str:
    return "\n".join(f"def g{i:02d}(x):\n    return x\n" for i in range(n))


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder holding the user's modules, as the current directory."""
    (tmp_path / "hmcli_user.py").write_text(USER_MODULE)
    (tmp_path / "hmcli_near.py").write_text(NEAR_MODULE)
    (tmp_path / "hmcli_twenty.py").write_text(_many(20))
    (tmp_path / "hmcli_many.py").write_text(_many(21))
    (tmp_path / "hmcli_empty.py").write_text("X = 1\n")
    (tmp_path / "hmcli_crash.py").write_text("raise RuntimeError('boom at import')\n")
    monkeypatch.chdir(tmp_path)
    # the command puts the current directory on sys.path: undo that after
    monkeypatch.setattr(
        sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))]
    )
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("hmcli_")]:
        del sys.modules[name]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = tool_main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def bad(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run an invocation that must be refused; return its one-line message."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(PREFIX), err
    return lines[0][len(PREFIX) :]


# -- the compressor check: defaults and options ------------------------------------


def test_defaults_are_k3_m10_ten_seeds_three_retentions_and_a_minimal_witness(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "hmcli_user:window", "--no-mirage", "--json")
    assert code == 1, err
    assert out.startswith('{\n  "block_contract": {\n    "checked": 30,')
    doc = json.loads(out)
    assert (doc["k"], doc["m"], doc["semantics"], doc["safe"]) == (
        3,
        10,
        "reference",
        False,
    )
    assert doc["rates"] == []  # --no-mirage: no mirage rates
    # 10 seeds x 3 retentions
    assert doc["block_contract"]["checked"] == doc["pivot_kept"]["checked"] == 30
    witness = doc["invariant"]["witness"]
    assert witness["minimal"] is True  # --shrink on by default
    assert witness["calls"] <= 1000


def test_retentions_seeds_k_and_m_reach_the_check(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "hmcli_user:window", "--no-mirage", "--json", "--seeds", "1",
        "--retentions", "0.5", "--k", "2", "--m", "4",
    )  # fmt: skip
    assert code in (0, 1), err
    doc = json.loads(out)
    assert (doc["k"], doc["m"]) == (2, 4)
    assert doc["block_contract"]["checked"] == 1  # one seed, one retention


@pytest.mark.parametrize(("value", "minimal"), [("off", False), ("false", False),
                                               ("true", True), ("on", True)])  # fmt: skip
def test_shrink_on_off_and_a_budget(
    workdir: Path, capsys: pytest.CaptureFixture[str], value: str, minimal: bool
) -> None:
    code, out, err = run(capsys, "hmcli_user:window", "--no-mirage", "--json",
                         "--seeds", "2", "--shrink", value)  # fmt: skip
    assert code == 1, err
    witness = json.loads(out)["invariant"]["witness"]
    assert witness["minimal"] is minimal


def test_shrink_budget_in_calls_is_an_int(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "hmcli_user:window", "--no-mirage", "--json",
                         "--seeds", "2", "--shrink", "3")  # fmt: skip
    assert code == 1, err
    witness = json.loads(out)["invariant"]["witness"]
    assert witness["minimal"] is False
    assert witness["calls"] <= 3
    assert bad(capsys, "hmcli_user:window", "--shrink", "lots") == (
        "--shrink must be on, off or a number of calls, got 'lots'"
    )


def test_the_text_report_and_the_safe_exit_status(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "hmcli_user:window", "--no-mirage", "--seeds", "2")
    assert code == 1  # seed 1 has a violation
    assert out.startswith("check_compressor(window, k=3, m=10")
    # a policy that keeps enough is safe: exit 0, on the user's own log
    code, out, err = run(capsys, "hmcli_user:window", "--no-mirage", "--timelines",
                         str(LOG), *LOG_MAP, "--focal", "agent", "--json",
                         "--retentions", "1.0")  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["safe"] is True


def test_keep_time_keeps_the_logs_seconds(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the example log spans 1,950 s: kept as seconds, the grammar's gap bound
    # 0.11 (a share of a unit timeline) cannot be met, and the mirage check
    # says so before it starts
    message = bad(capsys, "hmcli_user:window", "--timelines", str(LOG), *LOG_MAP,
                  "--focal", "agent", "--keep-time")  # fmt: skip
    assert "max_temporal_gap=0.11 cannot be met" in message


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seeds", "0"], "--seeds must be >= 1, got 0"),
        (["--retentions", "0.5,half"], "--retentions must be comma-separated numbers, got 'half'"),
        (["--map", "id=step"], "--map applies to --timelines"),
        (["--timelines", str(LOG), "--map", "id"], "--map must be FIELD=COLUMN, got 'id'"),
        (["--timelines", str(LOG), "--map", "=step"], "--map must be FIELD=COLUMN, got '=step'"),
        (["--timelines", str(LOG), "--map", "id="], "--map must be FIELD=COLUMN, got 'id='"),
    ],
)  # fmt: skip
def test_bad_compressor_options_are_one_line_errors(
    workdir: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert bad(capsys, "hmcli_user:window", "--no-mirage", *argv) == message


def test_seeds_one_is_enough(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hmcli_user:window", "--no-mirage", "--json",
                         "--seeds", "1", "--retentions", "0.3")  # fmt: skip
    assert code == 1, err
    assert json.loads(out)["block_contract"]["checked"] == 1


def test_focal_errors_speak_of_the_option(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    message = bad(capsys, "hmcli_user:window", "--no-mirage", "--timelines", str(LOG),
                  *LOG_MAP, "--focal", "agnt")  # fmt: skip
    assert message.startswith("--focal 'agnt' occurs in no timeline")
    assert "focal=" not in message


# -- the target ------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["hmcli_user", ":window", "hmcli_user:", ""])
def test_a_target_without_module_and_function_is_refused(
    workdir: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    assert bad(capsys, target) == (
        f"the function must be given as module:function, got {target!r}"
    )


def test_the_current_directory_is_searched_first(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a module of the current directory shadows the standard library's
    (workdir / "colorsys.py").write_text("def window(timeline, *, target_size):\n"
                                         "    return timeline.ids[-target_size:]\n")  # fmt: skip
    saved = sys.modules.pop("colorsys", None)
    try:
        code, out, err = run(capsys, "colorsys:window", "--no-mirage", "--seeds", "1",
                             "--json")  # fmt: skip
    finally:
        sys.modules.pop("colorsys", None)
        if saved is not None:
            sys.modules["colorsys"] = saved
    assert code == 1, err
    assert json.loads(out)["strategy"] == "window"
    assert sys.path[0] == os.getcwd()


def test_missing_names_suggest_the_closest_public_functions(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # four equally close names: the three largest are offered
    assert bad(capsys, "hmcli_near:f_aaa") == (
        "module 'hmcli_near' has no function 'f_aaa'; did you mean 'f_aaa4' or "
        "'f_aaa3' or 'f_aaa2'?"
    )
    # nothing close: the public callables are listed (not CONSTANT, not _hidden)
    assert bad(capsys, "hmcli_near:zzz") == (
        "module 'hmcli_near' has no function 'zzz'; its functions: f_aaa1, f_aaa2, "
        "f_aaa3, f_aaa4"
    )
    assert bad(capsys, "hmcli_empty:zzz") == (
        "module 'hmcli_empty' has no function 'zzz'; its functions: none"
    )
    twenty = ", ".join(f"g{i:02d}" for i in range(20))
    assert bad(capsys, "hmcli_twenty:zzz") == (
        f"module 'hmcli_twenty' has no function 'zzz'; its functions: {twenty}"
    )
    assert bad(capsys, "hmcli_many:zzz") == (
        f"module 'hmcli_many' has no function 'zzz'; its functions: {twenty}, ..."
    )


def test_a_dotted_attribute_path_is_followed(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "algebra:compose_endo.__call__", "--law", "monoid")
    assert code == 0, err
    assert bad(capsys, "hmcli_user:window.nope").startswith(
        "module 'hmcli_user' has no function 'window.nope'"
    )


def test_unimportable_and_uncallable_targets(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bad(capsys, "hmcli_no_such_module:f").startswith(
        "cannot import module 'hmcli_no_such_module' (No module named"
    )
    assert bad(capsys, "hmcli_user:NOT_A_FUNCTION") == (
        "'hmcli_user:NOT_A_FUNCTION' is not callable (got list)"
    )


def test_a_crash_exits_3_with_the_traceback(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "hmcli_crash:f")
    assert (code, out) == (3, "")
    assert "Traceback" in err
    assert err.strip().endswith("RuntimeError: boom at import")


def test_help_exits_0_and_a_bad_option_2(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "Check a compressor (default) or a context operator" in out
    code, out, err = run(capsys, "hmcli_user:window", "--law", "groupoid")
    assert (code, out) == (2, "")
    assert "invalid choice: 'groupoid'" in err


class _ClosedStdout:
    """A stdout whose reader went away."""

    def __init__(self, path: Path) -> None:
        self._file = path.open("w")

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def flush(self) -> None:
        raise BrokenPipeError

    def fileno(self) -> int:
        return self._file.fileno()


def test_a_closed_stdout_is_status_141_not_a_verdict(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stdout = _ClosedStdout(workdir / "closed.txt")
    monkeypatch.setattr(sys, "stdout", stdout)
    try:
        assert tool_main(["check", "algebra:compose_endo", "--law", "monoid"]) == 141
    finally:
        stdout._file.close()


# -- the operator laws ---------------------------------------------------------------------


def test_monoid_law_runs_over_the_fifteen_contexts(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # w in {None, 0, 1}, d_total < 3, d_pre <= d_total, d_pre 0 when w is None:
    # 3 + 6 + 6 = 15 contexts
    code, out, err = run(capsys, "algebra:compose_endo", "--law", "monoid")
    assert code == 0, err
    assert out == (
        "monoid laws of compose_endo with identity Context(w=None, d_total=0, "
        "d_pre=0): HOLDS\n"
        "  associativity   holds     exhaustive, 3,375 examples: every tuple of 15 elements\n"
        "  left identity   holds     exhaustive, 15 examples: every tuple of 15 elements\n"
        "  right identity  holds     exhaustive, 15 examples: every tuple of 15 elements\n"
    )


@pytest.mark.parametrize("law", ["monoid", "homomorphism"])
@pytest.mark.parametrize("op", ["off_on_w0", "off_on_w1"])
def test_laws_visit_contexts_of_key_0_and_of_key_1(
    workdir: Path, capsys: pytest.CaptureFixture[str], law: str, op: str
) -> None:
    # each operator is compose_endo except that a context of one key times the
    # identity gains a development event: the law fails only if the check
    # visits that key
    code, out, err = run(capsys, f"hmcli_user:{op}", "--law", law, "--json")
    assert code == 1, err
    assert json.loads(out)["holds"] is False


def test_homomorphism_runs_over_the_forty_segments(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # keys in {None, 0, 1}, lengths 0..3: 1 + 3 + 9 + 27 = 40 segments, 1,600 pairs
    code, out, err = run(capsys, "algebra:compose_endo", "--law", "homomorphism",
                         "--json")  # fmt: skip
    assert code == 0, err
    (law,) = json.loads(out)["laws"]
    assert (law["examples_tried"], law["detail"]) == (
        1600,
        "every tuple of 40 elements",
    )


@pytest.mark.parametrize(("k", "code", "verdict"), [("0", 1, "OPEN"), ("1", 0, "HOLDS"),
                                                   ("3", 0, "HOLDS")])  # fmt: skip
def test_ideal_law_uses_k_and_the_fifteen_contexts(
    workdir: Path, capsys: pytest.CaptureFixture[str], k: str, code: int, verdict: str
) -> None:
    # keep_left(a, s) = a keeps every absorbed a absorbed: the law holds when
    # some context is absorbed (k >= 1) and is open (nothing to check) at k = 0
    status, out, err = run(capsys, "hmcli_user:keep_left", "--law", "ideal", "--k", k)
    assert status == code, err
    assert out.startswith(
        f"{{a : is_absorbed(a, k={k})(a)}} is a right ideal of keep_left: {verdict}\n"
    )
    assert "exhaustive, 225 examples" in out
    assert "every tuple of 15 elements" in out


def test_ideal_law_default_k_is_3(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "hmcli_user:keep_left", "--law", "ideal")
    assert status == 0
    assert out.startswith(
        "{a : is_absorbed(a, k=3)(a)} is a right ideal of keep_left: HOLDS"
    )


def test_ideal_violation_exits_1(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "algebra:compose_endo", "--law", "ideal")
    assert code == 1
    assert "is a right ideal of compose_endo: VIOLATED" in out


def test_negative_k_is_refused_for_the_laws(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bad(capsys, "hmcli_user:keep_left", "--law", "ideal", "--k", "-1") == (
        "--k must be >= 0, got -1"
    )
    assert bad(capsys, "algebra:compose_endo", "--law", "monoid", "--k", "-1") == (
        "--k must be >= 0, got -1"
    )


@pytest.mark.parametrize("entry", ["", "cwd"])
def test_the_current_directory_is_added_once(
    workdir: Path, capsys: pytest.CaptureFixture[str], entry: str
) -> None:
    # already searchable (as itself or as ""): sys.path is left as it is
    sys.path.append(os.getcwd() if entry == "cwd" else "")
    before = list(sys.path)
    code, _, err = run(capsys, "hmcli_user:keep_left", "--law", "ideal")
    assert code == 0, err
    assert sys.path == before
