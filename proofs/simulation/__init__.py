"""Claims checked on the simulators of :mod:`witnesses.simulators`.

Submodules:

- :mod:`proofs.simulation.checks`: the claims and their checks (``CLAIMS``)
- :mod:`proofs.simulation._printed`: KO-CMP, KO-DAR and PJ-PIN as the papers print them
- private: ``_ko`` (knowledge-object and pinning checks)
"""

from __future__ import annotations

from proofs.simulation.checks import CLAIMS

__all__ = ["CLAIMS"]
