"""The paper's experiments on the witness layer (docs/guide/witnesses.md §7-10).

- :mod:`witnesses.experiments.sweep`: the retention sweep of the validity
  mirage (Tables 3 and 9; ``python -m witnesses.sweep`` is its command line);
- :mod:`witnesses.experiments.closure`: the closure experiments Exp51, Exp56
  and Exp57;
- :mod:`witnesses.experiments.exp52`: Exp52 and Exp53.

The Exp58 witness stays :mod:`witnesses.exp58` (its command line is in the
contract). ``witnesses.sweep``, ``witnesses.closure`` and ``witnesses.exp52``,
the paths before issue 31, re-export these modules' names.
"""

__all__: list[str] = []
