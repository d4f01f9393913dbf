"""Pivot-conditioned solvers: reference, exact and greedy (private; docs/guide/witnesses.md §4).

The package exports the front, :func:`witnesses.solve` and
:func:`witnesses.pivot_candidates` (``_core``, which holds the table of
solvers by name), and the pivot order and candidate pool
(:func:`witnesses.rank_pivots`, :func:`witnesses.injection_pool`, ``_pool``).
The solvers sit side by side: the reference label-setting search
(``_reference``), the exact optimum (``_exact``), the greedy anchor search
(``_greedy``).
"""
