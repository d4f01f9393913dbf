"""The command line behaves like one (issue 34): version, lazy start, one name,
patterns and suggestions, --quick's not-run rows, exit statuses, progress."""

import json
import subprocess
import sys
import time

import pytest

from proofs import _run
from proofs import cli as _cli
from proofs import tool as _tool
from proofs.records import Claim, ClaimCheck, Kind, Verdict


def test_version_long_and_short(capsys):
    from importlib import metadata

    for flag in ("--version", "-V"):
        assert _tool.main([flag]) == 0
        assert (
            capsys.readouterr().out
            == f"context-laws {metadata.version('context-laws')}\n"
        )


def test_missing_command_is_usage(capsys):
    assert _tool.main([]) == 2
    assert "context-laws: error: a command is required" in capsys.readouterr().err


def test_unknown_command_suggests_the_nearest(capsys):
    with pytest.raises(SystemExit):
        _tool.main(["ledgr"])
    assert "did you mean 'ledger'?" in capsys.readouterr().err


def test_import_proofs_and_help_do_not_load_the_claims():
    code = (
        "import sys, proofs, proofs.cli, proofs.tool\n"
        "heavy = [m for m in ('proofs.register', 'z3', 'sympy', 'numpy', 'witnesses')"
        " if m in sys.modules]\n"
        "print(heavy)\n"
        "from proofs import CLAIMS, check\n"
        "print(len(CLAIMS) > 200, 'proofs.register' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["[]", "True True"]


@pytest.mark.parametrize("command", sorted(_tool._COMMANDS))
def test_every_command_help_documents_exit_statuses_and_one_name(command, capsys):
    try:
        status = _tool.main([command, "--help"])
    except SystemExit as stop:
        status = stop.code
    assert status == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: context-laws {command}")
    assert "exit status" in out
    assert "python -m" not in out


def test_top_level_help_documents_exit_statuses(capsys):
    assert _tool.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "exit status" in out and "-V, --version" in out


@pytest.mark.parametrize("query", ["VM-C33", "VM_C3", "VMC3", "vm c3"])
def test_suggestions_are_ids_without_suffix(query):
    with pytest.raises(ValueError, match=r"did you mean VM-C3, ") as err:
        _cli.resolve(query)
    assert "@" not in str(err.value)
    assert "context-laws ledger --list" in str(err.value)


def test_shell_patterns_select_claims():
    ids = [c.id for c in _cli.resolve("vm-e5?")]
    assert "VM-E58@reference" in ids and "VM-E51@paper" in ids
    assert all(i.startswith("VM-E5") for i in ids)
    assert [c.id for c in _cli.resolve("DL-BB-*")] == [
        c.id for c in _cli.CLAIMS if c.id.startswith("DL-BB-")
    ]
    with pytest.raises(ValueError, match="no claim matches the pattern 'ZZ\\*'"):
        _cli.resolve("ZZ*")


def test_pattern_on_the_command_line(capsys):
    assert _cli.main(["--claim", "VM-P3*", "--workers", "0", "--json"]) == 0
    ids = [r["id"] for r in json.loads(capsys.readouterr().out)["claims"]]
    assert ids[:2] == ["VM-P3", "VM-P3-IDEAL"]


def test_quick_lists_skipped_claims_in_every_report(tmp_path, capsys):
    report = tmp_path / "r.md"
    args = ["--quick", "--claim", "VM-T9", "--claim", "VM-P2", "--workers", "0"]
    assert _cli.main([*args, "--json", "--report", str(report)]) == 0
    rows = json.loads(capsys.readouterr().out)["claims"]
    assert [(r["id"], r["verdict"]) for r in rows] == [
        ("VM-P2", "proven"),
        ("VM-T9", "not run (slow)"),
    ]
    assert rows[1]["evidence"] is None and rows[1]["where"]
    text = report.read_text()
    assert "### VM-T9: not run (slow)" in text
    assert "| VM | 2 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 |" in text
    assert _cli.main(args) == 0
    out = capsys.readouterr().out
    assert "VM-T9  NOT RUN (SLOW)" in out
    assert out.rstrip().endswith("total: 2 claims (1 proven, 1 not run (slow))")


def _slow_check() -> ClaimCheck:
    time.sleep(1.6)
    return ClaimCheck("VM-ZZ", Verdict.OPEN, "slept")


def test_progress_bar_only_when_asked_and_after_a_second(capsys):
    slow = Claim("VM-ZZ", "sleeps", Kind.ARITHMETIC, _slow_check)
    _run.run_claims([slow], workers=0, use_cache=False, progress=False)
    assert capsys.readouterr().err == ""
    _run.run_claims([slow], workers=0, use_cache=False, progress=True)
    err = capsys.readouterr().err
    assert "context-laws ledger" in err and "1/1" in err


def test_progress_is_silent_when_stderr_is_not_a_terminal(capsys):
    slow = Claim("VM-ZZ", "sleeps", Kind.ARITHMETIC, _slow_check)
    _run.run_claims([slow], workers=0, use_cache=False)  # capsys: not a tty
    assert capsys.readouterr().err == ""


def test_exp58_last_line_states_the_exit_status(capsys):
    from witnesses.exp58 import main

    assert main([]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith("exit status 0: the witness triple holds")
    assert main(["--semantics", "paper"]) == 1
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith("exit status 1: the witness triple does not hold")
    assert main(["--json"]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)  # the JSON stays one document
    assert captured.err.startswith("exit status 0")


@pytest.mark.parametrize(
    "argv",
    [["audit", "PAPER"], ["check", "docs.examples.policies:sliding_window", "--json"]],
)
def test_a_closed_pipe_is_not_a_verdict(argv, tmp_path):
    """`| head` that closes early: exit 141 and no traceback, never 1 ("not safe",
    "inconsistent"), which would read as a verdict."""
    import os
    from pathlib import Path

    paper = tmp_path / "paper.txt"
    paper.write_text("We found t(28) = 2.20, p = .036 and 12/51 (23.5%).\n")
    argv = [str(paper) if a == "PAPER" else a for a in argv]
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes a byte
    try:
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from proofs.tool import main; sys.exit(main(None))",
             *argv],
            stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=300,
            cwd=Path(__file__).resolve().parents[2],
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr


def test_the_tool_sends_each_command_to_the_package_that_owns_it():
    """context-laws lists (without importing witnesses) what witnesses.cli runs."""
    from witnesses.cli import COMMANDS

    assert set(_tool._COMMANDS) == {*COMMANDS, *_tool._PROOFS_COMMANDS}
    assert not set(COMMANDS) & set(_tool._PROOFS_COMMANDS)
