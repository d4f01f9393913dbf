"""Every command's --help lists the exit statuses it returns, 130 and 143 included (h-newuser5)."""

from __future__ import annotations

import pytest

from proofs.tool import main


@pytest.mark.parametrize(
    "command", [["check"], ["rates"], ["bench", "longmemeval"], ["audit"]]
)
def test_help_lists_the_interrupt_statuses(command: list[str], capsys) -> None:
    try:
        status = main([*command, "--help"])
    except SystemExit as stop:  # argparse's --help exits
        status = stop.code
    assert status == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "130 when interrupted (SIGINT), 143 when terminated (SIGTERM)" in text
