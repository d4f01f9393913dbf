"""The rate layer: mirage diagnostics with intervals over trial records.

``witnesses.rates`` is this module and is also callable: ``rates(trials)``
calls :func:`witnesses.rates.rates`, so ``from witnesses import rates`` keeps
working as the function while ``import witnesses.rates`` and
``python -m witnesses.rates FILE`` (the command line, :mod:`witnesses.rates.cli`)
reach the module.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from witnesses.rates._core import (
    RATE_NAMES,
    CellRates,
    Conventions,
    MeanEstimate,
    Rate,
    outcomes,
    rates,
)
from witnesses.rates._table import format_cells

__all__ = [
    "RATE_NAMES",
    "CellRates",
    "Conventions",
    "MeanEstimate",
    "Rate",
    "format_cells",
    "outcomes",
    "rates",
]


class _CallableModule(types.ModuleType):
    """Make the module callable: calling it calls :func:`rates`."""

    def __call__(self, *args: Any, **kwargs: Any) -> list[CellRates]:
        return rates(*args, **kwargs)


_module = sys.modules[__name__]
_module.__class__ = _CallableModule
_module.__wrapped__ = rates  # type: ignore[attr-defined]  # inspect.signature follows it
