"""The ``context-laws`` console script's entry point (private).

The script calls ``main()`` with no argument; :func:`proofs.tool.main` takes the
arguments explicitly, so this reads them from ``sys.argv``.
"""

import sys

from proofs import tool

__all__ = ["main"]


def main() -> int:
    """Run ``context-laws`` with the arguments of the command line."""
    return tool.main(sys.argv[1:])
