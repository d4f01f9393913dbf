"""The rate layer: mirage diagnostics with intervals over trial records.

The summary is the function :func:`witnesses.rates.rates` (``from
witnesses.rates import rates``); ``python -m witnesses.rates FILE`` is its
command line (:mod:`witnesses.rates.cli`).

Deprecated: calling the module itself (``witnesses.rates(trials)``, or
``from witnesses import rates; rates(trials)``) still calls the function, with
a ``DeprecationWarning`` naming ``witnesses.rates.rates``, for one release.
"""

from __future__ import annotations

import sys
import types
import warnings
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


_DEPRECATED_CALL = (
    "calling the module witnesses.rates is deprecated and stops working in the "
    "next release; call the function witnesses.rates.rates(trials) "
    "(from witnesses.rates import rates)"
)


class _DeprecatedCallableModule(types.ModuleType):
    """The module, callable for one more release: calling it calls :func:`rates`."""

    def __call__(self, *args: Any, **kwargs: Any) -> list[CellRates]:
        warnings.warn(_DEPRECATED_CALL, DeprecationWarning, stacklevel=2)
        return rates(*args, **kwargs)


_module = sys.modules[__name__]
_module.__class__ = _DeprecatedCallableModule
_module.__wrapped__ = rates  # type: ignore[attr-defined]  # inspect.signature follows it
