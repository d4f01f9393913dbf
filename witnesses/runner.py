"""Old path of :mod:`witnesses.runtime.cells` and :func:`witnesses.runtime.local_pool`.

Use ``witnesses.runtime`` instead. Kept for one release
(docs/guide/contract.md, "Deprecations"): the same names, the same objects,
no warning on import.
"""

from witnesses.runtime.cells import cell_id, read_journal, run_cells
from witnesses.runtime.pool import local_pool

__all__ = ["cell_id", "local_pool", "read_journal", "run_cells"]
