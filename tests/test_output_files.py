"""Output files: odd paths refused up front, umask honoured, no temporary left (issue 22)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

import proofs.cli as proofs_cli
from proofs.cli import main as proofs_main
from witnesses.exp58 import main as exp58_main
from witnesses.experiments.sweep import retention_sweep
from witnesses.runtime.files import check_output_path, write_atomic
from witnesses.simulators import DepthSimulator, run_simulation


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
    write_atomic(path, "new", owned=lambda head: head == "old")
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
        write_atomic(path, "new", owned=lambda head: True)
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


# -- issue 33: nothing a user gives us is lost ---------------------------------

FOREIGN = '{"precious": 1}'  # compact JSON, one line, no trailing newline


def _targets(tmp_path: Path) -> dict[str, Path]:
    """A foreign file, a symlink to one, a directory and a FIFO."""
    foreign = tmp_path / "foreign.json"
    foreign.write_text(FOREIGN)
    link = tmp_path / "link.json"
    link.symlink_to(foreign)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    return {"foreign": foreign, "symlink": link, "directory": folder, "fifo": fifo}


def _snapshot(tmp_path: Path) -> dict[str, tuple[int, int, bytes]]:
    out = {}
    for p in sorted(tmp_path.iterdir()):
        info = os.lstat(p)
        body = p.read_bytes() if stat.S_ISREG(info.st_mode) else b""
        out[p.name] = (info.st_mode, info.st_ino, body)
    return out


def _rates_input(tmp_path: Path) -> Path:
    path = tmp_path / "runs" / "runs.csv"
    path.parent.mkdir()
    path.write_text("task_id,condition,raw_validity\nt1,naive,1\n")
    return path


def _command(which: str, target: Path, tmp_path: Path) -> list[str]:
    sweep = ["sweep", "--seeds", "1", "--retentions", "0.5", "--workers", "0"]
    return {
        "exp58 --out": ["exp58", "--out", str(target)],
        "ledger --report": ["ledger", "--claim", "VM-P1", "--report", str(target)],
        "sweep --journal": [*sweep, "--journal", str(target)],
        "sweep --out": [*sweep, "--out", str(target)],
        "rates --out": ["rates", str(_rates_input(tmp_path)), "--out", str(target)],
        "audit --csv": ["audit", str(_paper_input(tmp_path)), "--csv", str(target)],
        "bench --out": [
            "bench",
            "longmemeval",
            str(_EXAMPLES / LME),
            "--questions",
            str(_EXAMPLES / "longmemeval_questions.json"),
            "--out",
            str(target),
        ],
    }[which]


_EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
LME = "longmemeval_a.jsonl.eval-results-gpt-4o"


def _paper_input(tmp_path: Path) -> Path:
    path = tmp_path / "inputs" / "paper.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_text("Accuracy was 12/51 (23.5%), t(28) = 2.20, p = .036.\n")
    return path


COMMANDS = ["exp58 --out", "ledger --report", "sweep --journal", "sweep --out",
            "rates --out", "audit --csv", "bench --out"]  # fmt: skip


@pytest.mark.parametrize("kind", ["foreign", "symlink", "directory", "fifo"])
@pytest.mark.parametrize("which", COMMANDS)
def test_every_writing_command_refuses_what_it_did_not_write(
    tmp_path, which, kind, capsys
):
    """--out/--journal/--report: a foreign file, symlink, directory or FIFO is
    refused with exit 2 and an error naming the file; nothing is changed."""
    from proofs.tool import main as tool_main

    target = _targets(tmp_path)[kind]
    argv = _command(which, target, tmp_path)
    before = _snapshot(tmp_path)
    try:
        code = tool_main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert str(target) in err
    assert "refusing to replace it" in err
    assert _snapshot(tmp_path) == before


def test_read_journal_never_writes_and_refuses_a_foreign_file(tmp_path):
    """The one-line compact JSON that read_journal used to overwrite (issue 33)."""
    from witnesses.runtime import read_journal

    path = tmp_path / "one.json"
    path.write_text(FOREIGN)
    before = _snapshot(tmp_path)
    with pytest.raises(ValueError, match=r"one\.json: line 1 is not a journal header"):
        read_journal(path)
    assert _snapshot(tmp_path) == before


def test_run_cells_refuses_a_foreign_journal(tmp_path):
    """run_cells(journal=foreign file) is an error naming the file, never a rewrite."""
    from witnesses.runtime import run_cells

    path = tmp_path / "one.json"
    path.write_text(FOREIGN)
    with pytest.raises(ValueError, match=r"journal=.*one\.json.*refusing to replace"):
        run_cells([{"x": 1}], _square, executor=False, journal=path, progress=False)
    assert path.read_text() == FOREIGN


def _square(cell):
    return [{"y": cell["x"] ** 2}]


def test_own_journal_is_resumed_and_an_empty_file_is_taken(tmp_path):
    """A journal of ours is appended to; an empty file is ours to fill."""
    from witnesses.runtime import read_journal, run_cells

    path = tmp_path / "j.jsonl"
    path.write_text("")
    run_cells([{"x": 1}], _square, executor=False, journal=path, progress=False)
    run_cells([{"x": 1}, {"x": 2}], _square, executor=False, journal=path,
              progress=False)  # fmt: skip
    assert read_journal(path) == {'{"x": 1}': [{"y": 1}], '{"x": 2}': [{"y": 4}]}


@pytest.mark.parametrize("reader", ["read_journal", "read_text"])
def test_readers_refuse_devices_and_fifos_at_once(tmp_path, reader):
    """/dev/zero and a FIFO with no writer are refused, not read forever."""
    from witnesses.runtime import read_journal
    from witnesses.runtime.files import read_text

    read = {"read_journal": read_journal, "read_text": read_text}[reader]
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", fifo, tmp_path):
        with pytest.raises(ValueError, match="not a regular file"):
            read(path)


def test_read_text_caps_the_size(tmp_path):
    """A file larger than max_bytes is refused, naming the cap."""
    from witnesses.runtime.files import read_text

    path = tmp_path / "big.txt"
    path.write_text("x" * 11)
    assert read_text(path, max_bytes=11) == "x" * 11
    with pytest.raises(ValueError, match="max_bytes=10"):
        read_text(path, max_bytes=10)
    assert read_text(path, max_bytes=None, limit=3) == "xxx"


def test_a_file_that_appears_after_the_check_is_not_replaced(tmp_path, monkeypatch):
    """New files are created exclusively: a file made meanwhile is refused."""
    import witnesses.runtime.files as files

    path = tmp_path / "out.json"
    real = files.check_output_path
    calls = []

    def racing(p, **kw):
        calls.append(p)
        if len(calls) == 1:
            out = real(p, **kw)
            path.write_text(FOREIGN)  # someone else's file appears now
            return out
        return real(p, **kw)

    monkeypatch.setattr(files, "check_output_path", racing)
    with pytest.raises(ValueError, match="refusing to replace it"):
        files.write_atomic(path, "mine")
    assert path.read_text() == FOREIGN
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_exp58_out_replaces_its_own_document_only(tmp_path, capsys):
    """A second run may replace the document the first wrote."""
    path = tmp_path / "exp58.json"
    assert exp58_main(["--out", str(path)]) in (0, 1)
    first = path.read_text()
    assert exp58_main(["--out", str(path)]) in (0, 1)
    assert path.read_text() == first


def test_exp58_out_in_an_unwritable_place_is_one_line_exit_2(capsys):
    """--out /proc/x: a clean error line and exit 2, no traceback."""
    code = None
    try:
        code = exp58_main(["--out", "/proc/no-such-file.json"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert "--out='/proc/no-such-file.json': cannot write the file" in err
    assert ".tmp" not in err  # the hidden temporary file is not the user's path


_FLAG = {"exp58 --out": "--out", "ledger --report": "--report",
         "sweep --journal": "journal", "sweep --out": "out", "rates --out": "--out",
         "audit --csv": "--csv", "bench --out": "--out"}  # fmt: skip


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("which", COMMANDS)
def test_every_writing_command_names_the_users_path_when_the_system_refuses(
    tmp_path, which, capsys
):
    """A directory where no file can be made (/proc): exit 2, one line naming
    the argument and the user's path, never the hidden temporary file."""
    from proofs.tool import main as tool_main

    target = Path("/proc") / f"context-laws-{which.split()[0]}.json"
    try:
        code = tool_main(_command(which, target, tmp_path))
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"{_FLAG[which]}={str(target)!r}: cannot write the file" in err, err
    assert ".tmp" not in err and "Traceback" not in err, err


def test_interrupted_sweep_without_journal_does_not_claim_one(monkeypatch, capsys):
    """No --journal: the message says so instead of 'finished cells are in the journal'."""
    import signal

    from proofs.tool import main as tool_main

    def interrupted(**kwargs):
        os.kill(os.getpid(), signal.SIGINT)
        raise AssertionError("the signal did not interrupt")  # pragma: no cover

    monkeypatch.setattr("witnesses.experiments._sweep_cli.retention_sweep", interrupted)
    assert tool_main(["sweep", "--workers", "0", "--seeds", "1"]) == 130
    err = capsys.readouterr().err
    assert "in the journal" not in err
    assert "no journal was given" in err


def test_unreachable_dask_address_fails_in_bounded_time(monkeypatch, capsys):
    """--dask to nowhere: exit 2 naming the address after DASK_CONNECT_TIMEOUT."""
    pytest.importorskip("distributed")
    from proofs.tool import main as tool_main

    monkeypatch.setattr("witnesses.experiments._sweep_cli.DASK_CONNECT_TIMEOUT", 1)
    with pytest.raises(SystemExit) as exc:
        tool_main(["sweep", "--dask", "tcp://127.0.0.1:9", "--seeds", "1"])
    assert exc.value.code == 2
    assert "tcp://127.0.0.1:9" in capsys.readouterr().err


def test_a_listener_that_is_not_a_dask_scheduler_fails_in_bounded_time(
    monkeypatch, capsys
):
    """--dask to a port that accepts and never answers: exit 2 naming the
    address, not a hang (distributed's Client does not bound the handshake)."""
    pytest.importorskip("distributed")
    import socket
    import threading

    from proofs.tool import main as tool_main

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    accepted: list[socket.socket] = []
    done = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not done.is_set():
            try:
                accepted.append(server.accept()[0])  # held open, never answered
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    monkeypatch.setattr("witnesses.experiments._sweep_cli.DASK_CONNECT_TIMEOUT", 1)
    try:
        with pytest.raises(SystemExit) as exc:
            tool_main(["sweep", "--dask", address, "--seeds", "1"])
    finally:
        done.set()
        thread.join()
        for conn in accepted:
            conn.close()
        server.close()
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"--dask={address!r}: no scheduler reached within 1 s" in err
    assert "no Dask handshake" in err
    assert accepted  # the probe did connect: it was the handshake that timed out


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_dask_address_of_a_real_scheduler_passes_the_probe(capsys):
    """The handshake probe lets a real scheduler through: the same rows as
    the in-process run."""
    distributed = pytest.importorskip("distributed")
    from proofs.tool import main as tool_main

    argv = ["sweep", "--seeds", "1", "--retentions", "0.5", "--json"]
    assert tool_main([*argv, "--workers", "0"]) == 0
    local = json.loads(capsys.readouterr().out)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        assert tool_main([*argv, "--dask", cluster.scheduler_address]) == 0
    assert json.loads(capsys.readouterr().out) == local


def test_audit_table_reads_regular_files_only_and_caps_their_size(
    tmp_path, monkeypatch
):
    """audit_table('/dev/zero') and a FIFO fail at once; a large file names the cap."""
    from proofs.audit import audit_table

    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    for path in ("/dev/zero", fifo, tmp_path):
        with pytest.raises(ValueError, match="not a regular file"):
            audit_table(path)
    big = tmp_path / "big.csv"
    big.write_text("id,kind\n" + "x" * 100)
    monkeypatch.setattr("proofs.audit.table._MAX_BYTES", 50)
    with pytest.raises(ValueError, match="max_bytes=50"):
        audit_table(big)


def test_read_journal_on_json_nested_past_the_recursion_limit_is_a_value_error(
    tmp_path,
):
    """'[' * 100000 (found by the CI fuzz): a ValueError naming the file, not RecursionError."""
    from witnesses.runtime import read_journal

    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with pytest.raises(ValueError, match=r"deep\.json: line 1 is not a journal header"):
        read_journal(path)


def test_ctrl_c_while_a_command_is_imported_is_exit_130_without_traceback(
    monkeypatch, capsys
):
    """A SIGINT before the command's own handler (during its imports) is exit 130."""
    import builtins
    import signal

    from proofs.tool import main as tool_main

    real = builtins.__import__

    def interrupted(name, *args, **kwargs):
        if name.startswith("witnesses"):  # the command's package: SIGINT lands now
            os.kill(os.getpid(), signal.SIGINT)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert tool_main(["exp58"]) == 130
    assert "interrupted" in capsys.readouterr().err
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize(
    ("data", "kwargs", "expected"),
    [
        (b"abc", {"max_bytes": 3}, "abc"),  # exactly at the cap
        (b"\xef\xbb\xbfabc", {}, "abc"),  # a byte-order mark is dropped
        (b"", {}, ""),
        (b"abcdef", {"max_bytes": None, "limit": 0}, ""),
        (b"abcdef", {"max_bytes": 2, "limit": 4}, "abcd"),  # limit wins over the cap
        (b"ab\xc3\xa9", {"max_bytes": None, "limit": 3}, "ab"),  # a character cut
        (b"x" * (3 << 20), {"max_bytes": None}, "x" * (3 << 20)),  # several reads
    ],
)
def test_read_text_boundaries(tmp_path, data, kwargs, expected):
    from witnesses.runtime.files import read_text

    path = tmp_path / "f.txt"
    path.write_bytes(data)
    assert read_text(path, **kwargs) == expected


@pytest.mark.parametrize(
    ("data", "kwargs", "error", "match"),
    [
        (b"abcd", {"max_bytes": 3}, ValueError, r"has 4 bytes, more than max_bytes=3"),
        (b"\xff\xfe", {}, ValueError, r"is not UTF-8 text \(byte 0"),
        (b"\xffabcdefgh", {"max_bytes": None, "limit": 8}, ValueError, "not UTF-8"),
        (b"a", {"max_bytes": -1}, ValueError, r"max_bytes=-1 must be >= 0"),
        (b"a", {"limit": -1}, ValueError, r"limit=-1 must be >= 0"),
        (b"a", {"max_bytes": 1.5}, TypeError, r"max_bytes must be an int or None"),
        (b"a", {"limit": True}, TypeError, r"limit must be an int or None"),
    ],
)
def test_read_text_refusals_name_the_argument(tmp_path, data, kwargs, error, match):
    from witnesses.runtime.files import read_text

    path = tmp_path / "f.txt"
    path.write_bytes(data)
    with pytest.raises(error, match=match):
        read_text(path, **kwargs)


@pytest.mark.parametrize("bad", [3, True, None, b"/dev/zero"])
def test_read_text_needs_a_path(bad):
    from witnesses.runtime.files import read_text

    with pytest.raises(TypeError, match=r"^journal must be a path"):
        read_text(bad, name="journal")


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (
            '{"journal": "context-laws cells", "parameters": {}, "version": 2}\n{"x": 1}',
            True,
        ),
        ('{"journal": "context-laws cells", "version": 2}', True),
        ('{"journal": "context-laws cells", "version": 1}', False),
        ('{"journal": "other", "version": 2}', False),
        ('{"version": 2}', False),
        ('["journal", 2]', False),
        ("not json", False),
        ("", False),
        ("[" * 100_000, False),
        (None, False),
        ('\n{"journal": "context-laws cells", "version": 2}', False),
    ],
)
def test_is_journal_reads_the_first_line_only(head, expected):
    from witnesses.runtime.files import is_journal

    assert is_journal(head) is expected


def test_an_owned_file_is_replaced_and_a_failing_recogniser_recognises_nothing(
    tmp_path,
):
    path = tmp_path / "out.txt"
    path.write_text("mine v1")
    write_atomic(path, "mine v2", owned=lambda head: head.startswith("mine"))
    assert path.read_text() == "mine v2"

    def broken(head):
        raise RuntimeError("recogniser bug")

    with pytest.raises(ValueError, match="refusing to replace it"):
        write_atomic(path, "x", owned=broken)
    with pytest.raises(ValueError, match="refusing to replace it"):
        write_atomic(path, "x", owned=lambda head: head.startswith("other"))
    assert path.read_text() == "mine v2"
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ValueError, match="refusing to replace it"):
        write_atomic(tmp_path / "bin", "x", owned=lambda head: True)


def test_a_command_that_never_overwrites_says_so_on_its_own_last_output(
    tmp_path, capsys
):
    """New user, finding 8: the refusal stays; its message is no longer false."""
    from proofs.tool import main as tool_main

    out = tmp_path / "b1.txt"
    argv = ["bench", "locomo", "docs/examples/locomo_a.json", "--model",
            "full-context", "--out", str(out)]  # fmt: skip
    assert tool_main(argv) == 0
    first = out.read_bytes()
    capsys.readouterr()
    assert tool_main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        f"context-laws bench: error: --out={str(out)!r} already exists and is not "
        "empty; refusing to replace it (this command never overwrites a file): "
        "choose a new name or remove it\n"
    )
    assert out.read_bytes() == first
    with pytest.raises(ValueError, match="does not look like a file this command"):
        check_output_path(out, name="--out", owned=lambda head: False)
