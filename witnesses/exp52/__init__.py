"""Exp52 and Exp53 (kept for one release; use :mod:`witnesses.experiments.exp52`).

The experiments moved to :mod:`witnesses.experiments.exp52` (issue 31); this
module re-exports its names (docs/guide/contract.md, "Deprecations"). A
package rather than a module only so that git sees ``witnesses/exp52.py``
move to ``witnesses/experiments/exp52.py``.
"""

from witnesses.experiments.exp52 import Exp52Result, Exp53Result, exp52, exp53

__all__ = ["Exp52Result", "Exp53Result", "exp52", "exp53"]
