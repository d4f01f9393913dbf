"""``python -m witnesses.rates FILE ...``: runs :func:`witnesses.rates.cli.main`.

Also the target of the ``context-laws-rates`` console script.
"""

from __future__ import annotations

from witnesses.rates.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
