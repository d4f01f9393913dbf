"""Compression strategies for event timelines (private; docs/guide/witnesses.md §6, docs/guide/algebra.md §5).

The package exports :func:`witnesses.compress`, :data:`witnesses.STRATEGIES`
and :class:`witnesses.CompressionResult` (the strategies, ``_core``); the drop
loop is ``_loop`` and the adapter of users' own strategies ``_user``.

Every strategy drops events greedily: rank the current events by weight
ascending, then timestamp, then id; try them in that order; apply the first
trial removal the strategy accepts and start again; stop at the target size
or when no candidate is accepted.

* ``"naive"`` drops the lightest event (never the last focal one).
* ``"bridge_preserving"`` also refuses a drop when the bridge lower bound
  (events needed to re-bridge gaps larger than ``max_gap``) would exceed the
  slack ``size - min_length``; equal to naive when ``max_gap`` is infinite.
* ``"contract_guarded"`` (the reference's guard) also keeps every top-``M``
  focal pivot of the *compressed* segment at ``j_dev >= k`` and forbids any
  gap larger than ``max_gap``. The guard is absolute: an input that already
  violates it is returned uncompressed.
* ``"definition2"`` is the paper's block-level contract ``VM-D2``: a drop is
  refused when it would leave ``d_total(mu(B)) < min(d_total(B), k)``. Under
  ``counting="reference"`` ``d_total`` of a block of ``n`` events is
  ``development_eligible_count(n)`` (every event counts, 20% setup share);
  under ``counting="paper"`` it is the number of non-focal events.
"""
