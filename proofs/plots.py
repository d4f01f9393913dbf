"""Figures of the claims ledger: verdicts by source (``python -m proofs``).

:func:`plot_verdicts_by_source` draws on the ``ax`` it is given (new axes
without pyplot otherwise) and returns it; nothing calls ``plt.show()``.
Colours are Okabe–Ito (:data:`theory.plots.OKABE_ITO`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from proofs._method._validation import check_instance
from proofs.records import _STRENGTH, SOURCES
from proofs.register import LedgerEntry
from theory.plots import OKABE_ITO, new_axes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["SOURCES", "VERDICT_ORDER", "plot_verdicts_by_source", "verdict_counts"]

VERDICT_ORDER: tuple[str, ...] = (*(v.value for v in _STRENGTH), "error")
"""Stacking order, bottom to top: the strongest support first, a crash last."""

_COLOURS = {
    "proven": "blue",
    "verified": "sky_blue",
    "calibrated": "purple",
    "conditional": "yellow",
    "open": "black",
    "refuted": "vermillion",
    "error": "orange",
}


def verdict_counts(entries: Sequence[LedgerEntry]) -> dict[str, dict[str, int]]:
    """Count ledger rows by source and verdict (a crashed check counts as ``"error"``).

    Parameters
    ----------
    entries : sequence of LedgerEntry
        From :func:`proofs.ledger`.

    Returns
    -------
    dict
        ``{source: {verdict: count}}`` with sources in :data:`SOURCES` order
        and every verdict of :data:`VERDICT_ORDER` present (zeros included).

    Examples
    --------
    >>> from proofs import ledger
    >>> from proofs.plots import verdict_counts
    >>> verdict_counts(ledger(ids=["VM-P2"]))["VM"]["proven"]
    1
    """
    entries = _ledger_rows(entries)
    present = {entry.claim.source for entry in entries}
    order = [s for s in SOURCES if s in present] + sorted(present - set(SOURCES))
    counts = {source: dict.fromkeys(VERDICT_ORDER, 0) for source in order}
    for entry in entries:
        verdict = "error" if entry.result is None else entry.result.verdict.value
        counts[entry.claim.source][verdict] += 1
    return counts


def _ledger_rows(entries: object) -> tuple[LedgerEntry, ...]:
    """Read ``entries`` once (a generator was counted by its check, then gave ``{}``)."""
    if isinstance(entries, str | bytes) or not isinstance(entries, Iterable):
        msg = (
            "entries must be a sequence of LedgerEntry, got "
            f"{entries!r} of type {type(entries).__name__}"
        )
        raise TypeError(msg)
    rows = tuple(entries)
    for i, item in enumerate(rows):
        check_instance(item, f"entries[{i}]", LedgerEntry)
    return rows


def plot_verdicts_by_source(
    entries: Sequence[LedgerEntry], *, ax: Axes | None = None
) -> Axes:
    """Draw the ledger as a stacked bar chart: one bar per source, stacked by verdict.

    Segments carry their counts; verdicts absent from every source are left
    out of the legend.

    Parameters
    ----------
    entries : sequence of LedgerEntry
        From :func:`proofs.ledger`.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Raises
    ------
    ValueError
        If ``entries`` is empty.

    Examples
    --------
    >>> from proofs import ledger
    >>> from proofs.plots import plot_verdicts_by_source
    >>> ax = plot_verdicts_by_source(ledger(ids=["VM-P1", "VM-P2"]))
    >>> [t.get_text() for t in ax.get_xticklabels()], ax.get_ylabel()
    (['VM'], 'claims (count)')
    """
    entries = _ledger_rows(entries)
    ax = new_axes(ax)
    if len(entries) == 0:
        msg = "entries must hold at least one ledger row, got 0"
        raise ValueError(msg)
    counts = verdict_counts(entries)
    sources = list(counts)
    bottom = np.zeros(len(sources))
    for verdict in VERDICT_ORDER:
        heights = np.array([counts[s][verdict] for s in sources], dtype=float)
        if not heights.any():
            continue
        bars = ax.bar(
            sources,
            heights,
            bottom=bottom,
            color=OKABE_ITO[_COLOURS[verdict]],
            edgecolor="white",
            label=verdict,
        )
        text = "white" if verdict in ("proven", "open") else "black"
        ax.bar_label(
            bars,
            labels=[str(int(h)) if h else "" for h in heights],
            label_type="center",
            color=text,
            fontsize="small",
        )
        bottom += heights
    ax.set_xlabel("source paper (ledger tag)")
    ax.set_ylabel("claims (count)")
    ax.set_title(f"Claims ledger: {len(entries)} checks by verdict")
    ax.legend(title="verdict", fontsize="small", loc="upper right")
    return ax
