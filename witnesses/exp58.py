"""The deterministic Exp58 witness of the validity mirage (VM-E58).

Not built yet: this entry point exits 2 until the witness substrate lands.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Print that the witness is not built yet and return 2.

    Examples
    --------
    >>> from witnesses.exp58 import main
    >>> main([])
    2
    """
    print(
        "witnesses.exp58: the Exp58 witness is not built yet (issue 'Exp58').",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
