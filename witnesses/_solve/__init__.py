"""Pivot-conditioned solvers: reference, exact and greedy (docs/guide/witnesses.md §4).

``witnesses.solve`` is this package and is also callable: ``solve(timeline)``
calls :func:`witnesses.solve.solve`, so ``from witnesses import solve`` keeps
working as the function while ``import witnesses.solve`` reaches the package.
The solvers sit side by side: the reference label-setting search
(``_reference``), the exact optimum (``_exact``), the greedy anchor search
(``_greedy``), over one pivot order and candidate pool
(:func:`rank_pivots`, :func:`injection_pool`).
"""

from __future__ import annotations

import sys
import types
from typing import Any

from witnesses.sequence import Solution as _Solution
from witnesses.solve._core import SOLVERS, pivot_candidates, solve
from witnesses.solve._pool import injection_pool, rank_pivots

__all__ = ["SOLVERS", "injection_pool", "pivot_candidates", "rank_pivots", "solve"]


class _CallableModule(types.ModuleType):
    """Make the package callable: calling it calls :func:`solve`."""

    def __call__(self, *args: Any, **kwargs: Any) -> _Solution:
        return solve(*args, **kwargs)


_module = sys.modules[__name__]
_module.__class__ = _CallableModule
_module.__wrapped__ = solve  # type: ignore[attr-defined]  # inspect.signature follows it
