"""``python -m witnesses.sweep``: the retention sweep's command line."""

from witnesses.experiments._sweep_cli import main

if __name__ == "__main__":
    raise SystemExit(main(None))
