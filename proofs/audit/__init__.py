"""Audit a table of printed statistics (``python -m proofs audit FILE.csv``).

The table is a CSV file with one printed number per row and the columns
``id,where,kind,printed,inputs,note`` (more columns are allowed and ignored).
``kind`` names the check and ``inputs`` holds its ``name=value`` pairs,
separated by ``;``:

=========================  ====================================================
kind                       inputs
=========================  ====================================================
``percent``                ``k=..;n=..`` (printed is a percentage)
``proportion``             ``k=..;n=..`` (printed is a fraction in [0, 1])
``percent_attainable``     ``n=..`` (some integer k gives the printed percent)
``proportion_attainable``  ``n=..``
``grim``                   ``n=..[;items=..]``
``interval``               ``k=..;n=..;method=wilson[;confidence_level=0.95]
                           [;scale=100]`` (printed is ``low;high``)
``pvalue``                 ``statistic=..;test=z|t|chi2|F|r[;df=..][;df2=..]
                           [;alternative=..][;alpha=..][;zero_p=..]``
                           (printed may be ``ns``; statistic may be ``<2.2``)
``grimmer``, ``debit``     ``n=..`` (``grimmer`` also ``items=..``; printed is
                           ``mean;sd``)
``difference_interval``    ``k1=..;n1=..;k2=..;n2=..[;method=newcombe|wald]
                           [;confidence_level=..][;scale=100]``
``sum``, ``mean``          ``values=a|b|c``
``difference``             ``values=a|b`` (a - b)
``ratio``                  ``values=a|b`` (a / b)
``arith``                  ``expr=<expression>`` (e.g. ``expr=1-21.467/47.084``)
``equal``                  ``value=..`` (the same quantity printed elsewhere)
=========================  ====================================================

Every kind also takes ``unchecked=<reason>`` (the row is reported as not
checkable) and the table kinds (sum to arith) take ``exact=true`` (inputs at
face value instead of widened to their rounding intervals). Precision comes
from ``printed`` as written (``"0.790"`` has three decimals; write ``"7.4e3"``
for a value printed to the hundreds, such as "about 7,400"); rows whose first
cell starts with ``#`` are comments. Among the inputs of the table kinds a
number with a decimal point is a rounded printed value and widens by half a
unit of its last digit, an integer is exact, and ``27.`` marks an integer that
was rounded (``~27``). The rounding rule is that of :mod:`theory.consistency`.

A malformed table (missing or duplicate columns, ragged rows, duplicate ids,
unknown kinds or inputs, inputs that do not parse, a disallowed expression) is
an error; a well-formed row whose check cannot run (``k > n``, a divisor whose
rounding interval contains 0) is reported as not checkable with the reason.

A ``pvalue`` row that is inconsistent across its ``alpha`` (``0.05`` when the
row does not say) is a *decision error*, statcheck's gross error, as in
``audit PAPER``: its status stays ``inconsistent``, :attr:`AuditRow.decision_error`
is True, and the command prints ``DECISION ERROR`` and counts it.

Submodules:

- :mod:`proofs.audit.table`: the table, its rows and the audit
- :mod:`proofs.audit.paper`: a paper's text read automatically
  (``python -m proofs audit PAPER.txt``)
- private: ``_kinds`` (how each kind of row is checked), ``_cli`` (``python -m proofs audit``)
"""

from __future__ import annotations

from proofs.audit.table import COLUMNS, AuditReport, AuditRow, Status, audit_table

__all__ = ["COLUMNS", "AuditReport", "AuditRow", "Status", "audit_table"]
