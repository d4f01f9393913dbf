"""Output files: odd paths refused up front, umask honoured, no temporary left (issue 22)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import proofs.cli as proofs_cli
from proofs.cli import main as proofs_main
from witnesses.exp58 import main as exp58_main
from witnesses.files import check_output_path, write_atomic
from witnesses.simulators import DepthSimulator, run_simulation
from witnesses.sweep import retention_sweep


def _odd_paths(tmp_path: Path) -> dict[str, Path]:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return {
        "symlink": link,
        "fifo": fifo,
        "directory": folder,
        "device": Path("/dev/null"),
    }


@pytest.mark.parametrize("kind", ["symlink", "fifo", "directory", "device"])
def test_write_atomic_refuses_what_is_not_a_regular_file(tmp_path, kind):
    """A symlink, FIFO, directory or device is never replaced by a regular file."""
    path = _odd_paths(tmp_path)[kind]
    before = os.lstat(path)
    with pytest.raises(ValueError, match="refusing to replace it"):
        write_atomic(path, "x")
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert (tmp_path / "precious.txt").read_text() == "keep me"
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("kind", ["symlink", "fifo", "directory", "device"])
def test_exp58_out_refuses_odd_paths_before_running(
    tmp_path, kind, capsys, monkeypatch
):
    """--out to a symlink/FIFO/directory/device is a usage error (exit 2), nothing run."""
    import witnesses.exp58 as exp58

    def boom(**kwargs):
        raise AssertionError("the witness ran before the path was checked")

    monkeypatch.setattr(exp58, "run", boom)
    path = _odd_paths(tmp_path)[kind]
    with pytest.raises(SystemExit) as exc:
        exp58_main(["--out", str(path)])
    assert exc.value.code == 2
    assert "refusing to replace it" in capsys.readouterr().err


def test_proofs_report_into_a_missing_directory_fails_before_any_check(
    tmp_path, capsys, monkeypatch
):
    """--report into a missing directory is exit 2 and no claim is checked."""
    ran = []
    monkeypatch.setattr(
        proofs_cli, "run_claims", lambda claims, **kw: ran.append(claims) or []
    )
    with pytest.raises(SystemExit) as exc:
        proofs_main(["--report", str(tmp_path / "missing" / "report.md")])
    assert exc.value.code == 2
    assert ran == []
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_new_files_follow_the_umask(tmp_path, umask):
    """A new output file gets 0o666 & ~umask, like open(path, 'w'), not mkstemp's 0o600."""
    old = os.umask(umask)
    try:
        write_atomic(tmp_path / "out.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.json").stat().st_mode) == 0o666 & ~umask


def test_replacing_a_file_keeps_its_mode(tmp_path):
    """Rewriting an existing file keeps the mode its owner gave it."""
    path = tmp_path / "out.json"
    path.write_text("old")
    path.chmod(0o640)
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.parametrize("error", [KeyboardInterrupt, SystemExit, OSError])
def test_temporary_file_is_removed_on_every_error_path(tmp_path, monkeypatch, error):
    """An interruption during the write leaves the old file and no hidden .tmp."""
    path = tmp_path / "out.json"
    path.write_text("old")

    def fail(fd: int) -> None:
        raise error

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(error):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


@pytest.mark.parametrize("bad", ["", 3, None, b"x"])
def test_check_output_path_names_the_argument(bad):
    """Empty or non-path values raise ValueError/TypeError naming the argument."""
    with pytest.raises((TypeError, ValueError), match="journal"):
        check_output_path(bad, name="journal")


def test_journal_empty_string_is_a_value_error_not_is_a_directory():
    """journal='' named '.' (a directory): now a ValueError up front."""
    with pytest.raises(ValueError, match="journal"):
        run_simulation(DepthSimulator(max_depth=1, n_chains=1), [0], journal="")
    with pytest.raises(ValueError, match="journal"):
        retention_sweep(retentions=[0.5], seeds=[0], executor=False, journal="")


def test_sweep_out_symlink_is_refused_before_the_sweep(tmp_path):
    """retention_sweep(out=symlink) fails before any cell runs."""
    link = _odd_paths(tmp_path)["symlink"]
    with pytest.raises(ValueError, match="symbolic link"):
        retention_sweep(retentions=[0.5], seeds=[0], executor=False, out=link)
    assert (tmp_path / "precious.txt").read_text() == "keep me"
