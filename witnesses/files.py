"""Old path of :mod:`witnesses.runtime.files`; use ``witnesses.runtime`` instead.

Kept for one release (docs/guide/contract.md, "Deprecations"): the same
names, the same objects, no warning on import.
"""

from witnesses.runtime.files import (
    MAX_READ_BYTES,
    check_output_path,
    is_journal,
    read_text,
    write_atomic,
)

__all__ = [
    "MAX_READ_BYTES",
    "check_output_path",
    "is_journal",
    "read_text",
    "write_atomic",
]
