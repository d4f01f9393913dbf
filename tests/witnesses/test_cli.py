"""witnesses.cli: the one place that maps the witnesses subcommands to their parsers (#31)."""

from __future__ import annotations

import pytest

from witnesses.cli import COMMANDS, command, main


def test_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: context-laws {exp58,rates,sweep,bench,check}")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "a command is required"),
        (["ledger"], "unknown command 'ledger'"),  # proofs', not witnesses'
        (["exp"], "unknown command 'exp'"),
    ],
)
def test_a_missing_or_unknown_command_is_a_usage_error(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        f"context-laws: error: {message} (one of exp58, rates, sweep, bench, check)\n"
    )


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_runs_its_own_parser_under_its_name(name, capsys):
    try:
        status = main([name, "--help"], prog="context-laws")
    except SystemExit as stop:  # argparse's --help
        status = stop.code
    assert status == 0
    assert capsys.readouterr().out.startswith(f"usage: context-laws {name}")
    assert callable(command(name))


@pytest.mark.parametrize("bad", ["exp59", "", 3, None])
def test_command_refuses_a_name_that_is_not_a_command(bad):
    with pytest.raises(ValueError, match=r"name must be one of 'exp58', .* got "):
        command(bad)


def test_main_passes_the_rest_to_the_command(capsys):
    assert main(["exp58", "--json"]) == 0
    assert '"witness_triple": true' in capsys.readouterr().out
