"""Claims of the information-geometry part of SLM (docs/guide/sheaves.md, all but SLM-S5.4).

Submodules:

- :mod:`proofs.claims.slm.geometry.checks`: the claims and their checks (``CLAIMS``)
- :mod:`proofs.claims.slm.geometry._bounds`: SLM Theorems 6.5 and 6.6 as printed
- :mod:`proofs.claims.slm.geometry._metric`: SLM-T6.1 and its parts (Eq. 3 as a Fisher–Rao distance, a metric)
- :mod:`proofs.claims.slm.geometry._scale`: SLM §7.6 and Corollary 6.2
- :mod:`proofs.claims.slm.geometry._sheaf_cost`: SLM §5.4's complexity claims for the sheaf layer
"""

from __future__ import annotations

from proofs.claims.slm.geometry.checks import CLAIMS

__all__ = ["CLAIMS"]
