"""Claims of the depth theory (docs/guide/depth.md §2-6): DL-A4, DL-T7, DL-T9, DL-T10, DL-P1.

Submodules:

- :mod:`proofs.claims.dl.depth.checks`: the claims and their checks (``CLAIMS``)
- :mod:`proofs.claims.dl.depth._sym`: the depth laws as sympy expressions of the package's own code
- :mod:`proofs.claims.dl.depth._scatter`: the scatter and compliance claims DL-T6, DL-T11, DL-C2
- :mod:`proofs.claims.dl.depth._drift`: DL §8.1 caveat (i) and Assumption 3's bias direction (DL-A3, DL-T7)
- :mod:`proofs.claims.dl.depth._fit`: DL-T11-FIT, the scatter law against DL Table 4
- private: ``_samples`` (seeded numeric cross-checks)
"""

from __future__ import annotations

from proofs.claims.dl.depth.checks import CLAIMS

__all__ = ["CLAIMS"]
