"""Output files: checked up front, written atomically (issue 22).

One implementation for every command line and library writer
(``witnesses.exp58 --out``, ``retention_sweep(out=...)``, the journal's
rewrite, ``python -m proofs --report``).

- :func:`check_output_path` refuses, before any work is done, a path whose
  directory does not exist and a path that is a symbolic link, a directory,
  a device or a FIFO (replacing one of those with a regular file would
  destroy something that is not ours).
- :func:`write_atomic` writes a temporary file next to the target, fsyncs it,
  gives it the mode a plain ``open(path, "w")`` would (``0o666`` less the
  umask, or the existing file's mode), replaces the target with
  ``os.replace`` and fsyncs the directory. The temporary file is removed on
  every error path, including ``KeyboardInterrupt`` and the ``SystemExit``
  our SIGTERM handler raises; only SIGKILL can leave one behind.
"""

from __future__ import annotations

import os
import stat
import tempfile
import threading
from pathlib import Path

__all__ = ["check_output_path", "write_atomic"]

_UMASK_LOCK = threading.Lock()


def check_output_path(path: object, *, name: str = "path") -> Path:
    """Return ``path`` as a :class:`Path` if a regular file may be written there.

    Raises
    ------
    TypeError
        If ``path`` is not a ``str`` or ``os.PathLike``.
    ValueError
        If it is empty, a symbolic link, an existing non-regular file
        (directory, device, FIFO, socket), or its directory does not exist.
        ``name`` names the argument in the message.

    Examples
    --------
    >>> import tempfile
    >>> from witnesses.files import check_output_path
    >>> with tempfile.TemporaryDirectory() as d:
    ...     check_output_path(f"{d}/out.json").name
    'out.json'
    >>> check_output_path("/no/such/dir/out.json", name="--out")
    Traceback (most recent call last):
    ...
    ValueError: --out='/no/such/dir/out.json': directory '/no/such/dir' does not exist
    """
    if isinstance(path, bool) or not isinstance(path, str | os.PathLike):
        msg = f"{name} must be a path (str or os.PathLike), got {path!r}"
        raise TypeError(msg)
    text = os.fspath(path)
    if not isinstance(text, str) or not text:
        msg = f"{name} must be a non-empty file path, got {path!r}"
        raise ValueError(msg)
    out = Path(text)
    if out.is_symlink():
        msg = f"{name}={text!r} is a symbolic link; refusing to replace it"
        raise ValueError(msg)
    if out.exists() and not out.is_file():
        kind = _kind(out)
        msg = f"{name}={text!r} is {kind}, not a regular file; refusing to replace it"
        raise ValueError(msg)
    parent = out.parent
    if not parent.is_dir():
        msg = f"{name}={text!r}: directory {str(parent)!r} does not exist"
        raise ValueError(msg)
    return out


def write_atomic(
    path: str | os.PathLike[str], text: str, *, name: str = "path"
) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a crash leaves the old file or none.

    The text goes to a temporary file in the same directory, which is
    fsynced, given the mode ``open(path, "w")`` would give, and renamed over
    ``path``; the directory is then fsynced. ``name`` names the argument in
    errors (:func:`check_output_path`).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from witnesses.files import write_atomic
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_atomic(Path(d) / "a.txt", "one")
    ...     (Path(d) / "a.txt").read_text(), sorted(p.name for p in Path(d).iterdir())
    ('one', ['a.txt'])
    """
    target = check_output_path(path, name=name)
    mode = _mode_for(target)
    fd, tmp = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_directory(target.parent)


def _mode_for(target: Path) -> int:
    """Return the existing file's permission bits, else ``0o666`` less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        pass
    with _UMASK_LOCK:
        umask = os.umask(0o022)
        os.umask(umask)
    return 0o666 & ~umask


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - file systems that refuse it
        pass
    finally:
        os.close(fd)


def _kind(path: Path) -> str:
    if path.is_dir():
        return "a directory"
    if path.is_fifo():
        return "a FIFO"
    if path.is_char_device() or path.is_block_device():
        return "a device"
    if path.is_socket():
        return "a socket"
    return "not a regular file"  # pragma: no cover
