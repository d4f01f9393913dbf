"""Run every claim check and print the ledger: ``python -m proofs``."""

import sys

from proofs.cli import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
