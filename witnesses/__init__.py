"""The witness layer (WITNESS.md).

Event timelines, the phase grammar, pivot-conditioned solvers, compression
strategies, the Exp58 witness and the rate layer.
"""

__all__: list[str] = []
