"""Run-time plumbing of the command lines of ``witnesses`` and ``proofs``.

One home for what every command line and long run needs, whichever
package it belongs to:

- :mod:`witnesses.runtime.signals`: SIGINT and SIGTERM end a run promptly
  with ``128 + signal`` (:func:`interruptible`, :class:`Interrupted`), and a
  closed standard output ends it quietly (:func:`print_or_closed`,
  :data:`CLOSED_PIPE`);
- :mod:`witnesses.runtime.pool`: the package's one process pool
  (:func:`local_pool`), whose workers :func:`die_with_parent`;
- :mod:`witnesses.runtime.files`: output paths checked up front and written
  atomically (:func:`check_output_path`, :func:`write_atomic`), bounded reads
  of regular files (:func:`read_text`);
- :mod:`witnesses.runtime.cells`: resumable evaluation of independent cells
  with a JSONL journal (:func:`run_cells`, :func:`read_journal`).

Every name is importable from here (``from witnesses.runtime import
write_atomic``) and from its submodule. ``witnesses.files`` and
``witnesses.runner`` are the old paths, kept for one release.
"""

from witnesses.runtime.cells import cell_id, read_journal, run_cells
from witnesses.runtime.files import (
    MAX_READ_BYTES,
    check_output_path,
    is_journal,
    read_text,
    write_atomic,
)
from witnesses.runtime.pool import die_with_parent, local_pool
from witnesses.runtime.signals import (
    CLOSED_PIPE,
    Interrupted,
    interruptible,
    print_or_closed,
)

__all__ = [
    "CLOSED_PIPE",
    "MAX_READ_BYTES",
    "Interrupted",
    "cell_id",
    "check_output_path",
    "die_with_parent",
    "interruptible",
    "is_journal",
    "local_pool",
    "print_or_closed",
    "read_journal",
    "read_text",
    "run_cells",
    "write_atomic",
]
