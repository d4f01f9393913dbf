"""Old private path of :mod:`witnesses.runtime.signals` (one release; use ``witnesses.runtime``)."""

from witnesses.runtime.signals import (
    CLOSED_PIPE,
    Interrupted,
    interruptible,
    print_or_closed,
)

__all__ = ["CLOSED_PIPE", "Interrupted", "interruptible", "print_or_closed"]
