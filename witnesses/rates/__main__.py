"""``python -m witnesses.rates FILE ...``: runs :func:`witnesses.rates.cli.main`.

Also the target of the ``context-laws-rates`` console script.
"""

from __future__ import annotations

from witnesses.rates import cli

__all__ = ["main"]


def main() -> int:
    """Run the command line on ``sys.argv``: :func:`witnesses.rates.cli.main`."""
    return cli.main(None)


if __name__ == "__main__":
    raise SystemExit(main())
