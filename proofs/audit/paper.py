"""Read a paper's text and check every printed number it can find (``audit PAPER``).

The reader looks, line by line, for the reports :mod:`theory.consistency` can
check, and checks each with the same kinds as an audit table
(:mod:`proofs.audit`). A report that a line break splits (``t(40)`` /
``= 1.10, p = .02``, hard-wrapped text, PDF extraction) is read by joining
each line to the next with one space, within a paragraph (a blank line or a
table row is a boundary); only a match that crosses the break counts, so
nothing is read twice, and it is reported on its first line. A report spread
over three or more lines is not read.

- APA tests, statcheck's forms: ``t(28) = 2.20, p = .03``, ``F(2, 28)``,
  ``r(28)``, ``chi2(1)`` or ``χ2``, ``z``, ``Q`` (read as chi2), with ``ns``,
  inequalities, and the one-tailed reading when the line says one-tailed,
  one-sided or directional: kind ``pvalue``;
- ``35/40 (87.5%)`` and ``35/40 = 0.875`` (k and n printed), ``0.70
  (28/40)``, ``0.858, 103/120``, ``78.9% (15/19 correct)``: ``percent`` or
  ``proportion`` (words between the rate and ``(k/n)``, as in ``0.975 of
  tasks (117/120)``, or a change word before the rate make it an inference);
- ``87.5% (n = 40)``, ``87.5% of 40 tasks``, ``0.62 over 500 questions`` (n
  printed nearby): ``percent_attainable`` or ``proportion_attainable``;
- ``12/60, [11.83%, 31.78%]``, ``36/164 = 21.95% (Wilson 95% CI [16.30%,
  28.89%])``: ``interval`` with the method the line names when it names
  exactly one (Wilson, Clopper-Pearson, Jeffreys, Agresti-Coull); otherwise
  the first standard method that fits, named in the note. An interval printed
  later in the paragraph (``giving a 95% CI of [0.87, 0.97]``, within 250
  characters, no other interval between) takes the last ``k/n`` before it,
  an inference; with no ``k/n`` before it, the last rate printed with its n
  (``0.90 (n = 40)``) when exactly one count of n prints as that rate;
- ``z = (0.875 - 0.800)/0.0825 = 0.91 (p ≈ 0.36)``: the statistic a printed
  formula reaches and a p in parentheses (``≈`` read as ``=``): ``pvalue``;
  its two rates, paired in order with the ``35/40 vs. 32/40`` compared before
  it in the paragraph (within 400 characters): ``proportion``, an inference;
- ``M = 3.45, n = 28``: ``grim``; ``M = 3.45, SD = 1.20, n = 28``:
  ``grimmer`` (integer scores assumed unless the line says so);
- rates in a table (tab-separated, Markdown, or space-separated, with labels
  of one to six words and a closing ``Average``/``Total`` row), and an
  interval cell after such a rate: ``proportion_attainable``,
  ``percent_attainable``, ``interval``, and ``grim`` for mean cells when the
  table's section states one integer scale (``1–5 scale``, ``7-point Likert
  scale``). The first cell of a row is its label and is not read. Each row's n
  comes from the first of: a count column (``Questions``, ``n``,
  ``Cases``...); ``n = 40`` in the header; the caption within three lines
  (``$n=40$``, ``(100 seeds``, ``over 500 questions``, ``all 60 trials``,
  ``60 trials per budget``; a total, ``(180 rows total)``, is split evenly
  over the rows when it divides, else no n); a caption that shares three
  content words with this one (the same experiment: ``Condensed
  TP-conditioned semantic sweep (100 seeds)`` for ``Full TP-conditioned
  semantic sweep``); a caption saying *pooled* (``Category-pooled
  metrics``) re-splits evenly the total of the caption just before it when
  the two share a word (``Per-model results (180 rows total)``); the prose
  of the table's section (heading to heading) within four lines of the
  table; a caption titled "by <unit>" (``Compliance by depth, synthetic``)
  takes the one ``N per <unit>`` the text states in sentences sharing a word
  of the title (``synthetic (120 tasks, 40 per depth)``). A source that
  states two different n gives none. A row still without n takes the count
  that count-column tables print for a row of the same label (``conv-26`` and
  ``Questions`` 152) when they all print one count, and only from tables whose
  counts vary by row (a count printed on every row counts the experiment, not
  the label); numbers and ``Average`` rows are not labels. A mean column
  ``Avg Checks (/8)`` is GRIM-checked over the runs a ``4/6`` in its row
  counts. A two-column table with no other n takes the one whole number of a
  row labelled with a count word (``Matchups ... | 3600``). A cell ``2880
  (80.0%)`` in a table with n is read as ``percent`` with its k. The note
  names the source and its line: *n inferred*.

Numbers that are no share k/n are not checked as one: a rate whose clause
(back to the sentence's start or a ``;``, on to the sentence's end) says *mean*,
*average(d)*, *per seed*, F1, nDCG, BLEU, ROUGE, MRR, AUC, pass@k, kappa,
temperature, latency... is *not checkable*, the word named in the reason (and
``unchecked=`` in its inputs, so the ``--csv`` extraction keeps it so); with
*ties counted as half* a percent of n is checked as ``j/(2n)``, an inference.
Table columns headed SD/std hold SDs: GRIMMER with the mean to their left
when the section states an integer scale, else not read; columns headed by a
mean, a score (F1, nDCG@10...) or a unit (``Latency (s)``, tokens) hold no
rates. A percent column ``Valid (%)`` beside a count column ``Valid`` and an
``n`` column is checked as ``percent`` with k and n from the row: data, not
an inference; so is the one rate column (``rate``, ``accuracy``, ``%``) of a
table with one column of successes (``solved``, ``correct``, ``k``...) and
an ``n`` column, and a cell ``22 (57.5%)`` in a row with an ``n`` column. Interval bounds above 1 without ``%`` are percents
(``scale=100``); bare whole-number brackets count only after "CI" or
"interval". An interval printed as a range (``CI 27.1–65.8%``) is read; an
interval at most 40 characters after its ``k/n`` in one sentence, the line
naming one method, is one report (data). ``1,234/2,000`` is read with its
separators. ``M = ..., n = ...`` takes integer scores as stated when its line,
or a line before it that its sentence continues from, states a scale
(``1–5 scale``) or says Likert/integer. HTML: ``<table>`` rows are read as
tab-separated rows under their ``<caption>``, and findings name the file's
lines (also in notes).

An extraction that rests on an inference (an ``n`` read from a caption, a
column, a caption of the same experiment or the section's prose, a GRIM test
that assumes integer scores the text does not state, an interval method the
text does not name, a ``k/n`` paired with an interval printed later) says so in
its ``note``, has ``inferred`` True (in ``--json`` too), and is never reported
as inconsistent: a failing check on an
inference alone is *not checkable*, with the reason. It may be reported
*consistent*: the printed number is possible under the inferred n, which is
weaker evidence than a number checked against an n printed beside it.

Verdicts: ``consistent``, ``inconsistent``, ``decision error`` (a p-value
inconsistent across ``alpha = .05``, statcheck's gross error) and ``not
checkable`` (with the reason).
"""

from __future__ import annotations

import bisect
import html.parser
import io
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from proofs.audit._kinds import run_kind
from theory import consistency as c
from theory.inference import PROPORTION_METHODS

__all__ = [
    "VERDICTS",
    "PaperFinding",
    "PaperReport",
    "audit_paper",
    "audit_paper_text",
    "read_paper",
]

VERDICTS = ("consistent", "inconsistent", "decision error", "not checkable")
"""The verdicts of a finding, in the order the counts list them."""

_MAX_BYTES = 50_000_000
_MAX_LINE = 20_000
_SUFFIXES = (".txt", ".md", ".html", ".htm", ".pdf")

_NUM = r"\d+(?:\.\d+)?"
_DEC = r"(?:\d+\.\d+|\.\d+)"
_INT = r"\d{1,3}(?:,\d{3})+|\d+"
_UNITS = (
    r"(?:questions?|items?|trials?|runs?|seeds?|cases?|tasks?|samples?|problems?"
    r"|queries|query|examples?|instances?|episodes?|participants?|subjects?"
    r"|sessions?|prompts?|conversations?|decisions?|tickets?|repos|repositories"
    r"|files?|cells?|pairs?|scenarios?|users?|respondents?|documents?|tests?"
    r"|rows?|matchups?|incidents?|constraints?|conversations?|dialogues?|blocks?"
    r"|facts?|graphs?|raters?|annotators?|judges?|evaluators?|graders?|reviewers?"
    r"|labell?ers?|coders?)"
)
_APA = re.compile(
    r"(?<![A-Za-z])(?P<test>t|F|r|z|Z|chi2|χ2|χ²|Χ2|X2|Q)\s*"
    r"(?:\(\s*(?P<df1>\d+(?:\.\d+)?)\s*(?:,\s*(?P<df2>\d+(?:\.\d+)?))?"
    r"\s*(?:,\s*N\s*=\s*[\d,]+)?\s*\))?\s*"
    r"(?:=\s*(?P<expr>\([^=,;\n$<>]{1,120}?)\s*)?"
    r"(?P<rel>[<>=≤≥]=?)\s*(?P<stat>[-−–]?\s*(?:\d+\.?\d*|\.\d+))\s*\$?\s*"
    r"(?:[,;]|(?P<paren>\())\s*\$?\s*"
    r"(?:(?P<ns>n\.?s\.?)|p\s*(?P<prel>[<>=≤≥]=?|≈|\\approx\b)\s*"
    r"(?P<p>\d*\.\d+(?:[eE]-?\d+)?|0|1)(?!\d|\.\d))"
)
_FRAC_PCT = re.compile(
    rf"(?<![\d./,])(?P<k>{_INT})\s*(?:/|\s(?:out\s+)?of\s)\s*(?P<n>{_INT})\s*"
    rf"(?:(?:\w+[- ])?{_UNITS}\s*)?\(\s*(?P<v>{_NUM})\s*%\s*"
    r"(?:\)|[,;](?=\s*(?:9\d\s*%|Wilson|Clopper|Jeffreys|Agresti|exact|CI\b)))"
)
_FRAC_EQ = re.compile(
    rf"(?<![\d./,])(?P<k>{_INT})\s*/\s*(?P<n>{_INT})\s*(?:=|≈)\s*(?P<v>{_NUM})\s*(?P<pct>%)?"
)
_FRAC_CI = re.compile(
    rf"(?<![\d./,{{^])(?P<k>{_INT})\s*/\s*(?P<n>{_INT})\s*"
    rf"(?:(?:=|≈)\s*(?P<v>{_NUM})\s*(?P<pct>%)?\s*\$?\s*)?"
    rf"(?:\([^()\[\]]*\))?\s*,?\s*\(?\s*"
    rf"(?:(?:Wilson|Clopper[-–]Pearson|Jeffreys|Agresti[-–]Coull|exact)\s+)?"
    rf"(?:95\s*%\s*(?:CI|confidence interval)\s*(?:of\s*)?)?"
    rf"\[\s*(?P<lo>{_NUM})\s*(?P<p1>%)?\s*,\s*(?P<hi>{_NUM})\s*(?P<p2>%)?\s*\]"
)
_KN = re.compile(rf"(?<![\d./,{{^])(?P<k>{_INT})\s*/\s*(?P<n>{_INT})(?![\d/])")
_BARE_CI = re.compile(
    rf"(?<![\w(])\[\s*(?P<lo>{_NUM})\s*(?P<p1>%)?\s*,\s*(?P<hi>{_NUM})\s*(?P<p2>%)?\s*\]"
)
_CI_REACH = 250  # characters from a k/n to an interval printed later in its paragraph
_RATE_FRAC = re.compile(
    rf"(?<![\d.,/])(?P<v>0?\.\d+|1\.0+|{_NUM}\s*%)\s*"
    rf"(?:(?P<gap>(?:[A-Za-z][\w-]*\s+){{0,3}})\(\s*(?P<k>{_INT})"
    rf"(?:\s*/\s*|\s+(?:out\s+)?of\s+)(?P<n>{_INT})"
    rf"\s*(?:[A-Za-z]+\s*)?\)|,\s*(?P<k2>{_INT})\s*/\s*(?P<n2>{_INT})(?![\d/.]))"
)
_METHODS = {
    "wilson": re.compile(r"\bWilson\b", re.IGNORECASE),
    "clopper-pearson": re.compile(
        r"Clopper[-–‐ ]Pearson|exact binomial", re.IGNORECASE
    ),
    "jeffreys": re.compile(r"\bJeffreys\b", re.IGNORECASE),
    "agresti-coull": re.compile(r"Agresti[-–‐ ]Coull", re.IGNORECASE),
}
_PCT_N = re.compile(
    rf"(?<![\d.])(?P<v>{_NUM})\s*%[^.;\n%]{{0,40}}?"
    rf"(?:\(\s*[nN]\s*=\s*(?P<n1>{_INT})\s*\)|\b[nN]\s*=\s*(?P<n2>{_INT})"
    rf"|\b(?:of|over|across|on|from)\s+(?:the\s+|all\s+)?(?P<n3>{_INT})\s+(?:\w+[- ])?{_UNITS}\b)"
)
_RATE_N = re.compile(
    rf"(?<![\d.])(?P<v>0?\.\d+|1\.0+)\s+(?:\(\s*[nN]\s*=\s*(?P<n1>{_INT})\s*[),;]"
    rf"|(?:over|across|on)\s+(?:the\s+|all\s+)?(?P<n3>{_INT})\s+(?:\w+[- ])?{_UNITS}\b)"
)
_MEAN = re.compile(
    rf"\b(?:M|mean)\s*=\s*(?P<m>-?{_DEC})\s*[,;]?\s*"
    rf"(?:\(?\s*SD\s*=\s*(?P<sd>{_DEC})\s*\)?\s*[,;]?\s*)?"
    rf"\(?\s*[nN]\s*=\s*(?P<n>{_INT})"
)
_CAPTION = re.compile(r"^\s*(?:\*\*)?Table\s+\d+", re.IGNORECASE)
_CAPTION_N = re.compile(
    rf"(?:\(\s*|\b(?:over|across|of|on|all|with)\s+(?:the\s+|all\s+)?)(?P<n>{_INT})\s+"
    rf"(?:[\w-]+\s+)?(?P<unit>{_UNITS})\b(?P<total>\s+(?:in\s+)?total\b)?"
    rf"|(?<![\w.,])(?P<n2>{_INT})\s+(?:[\w-]+\s+)?(?P<unit2>{_UNITS})\s+"
    rf"(?:per|each|for\s+each|in\s+each)\b"
)
_PROSE_N = re.compile(
    rf"{_CAPTION_N.pattern}|(?<![\w])\$?\s*n\s*=\s*(?P<n3>{_INT})(?![\d.])"
)
_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s+\S|(?:\d{1,2}|[A-Z])(?:\.\d{1,2})*\.?\s+[A-Z][^.]{0,80}$)"
)
_WORD = re.compile(r"[A-Za-z][\w-]{2,}")
_STOP = frozenset(
    (
        "the",
        "and",
        "for",
        "with",
        "from",
        "over",
        "across",
        "all",
        "per",
        "each",
        "table",
        "figure",
        "are",
        "was",
        "were",
        "this",
        "that",
        "its",
        "our",
        "their",
        "results",
        "result",
        # typesetting boilerplate that many captions share
        "best",
        "bold",
        "column",
        "columns",
        "row",
        "rows",
        "cell",
        "cells",
        "value",
        "values",
        "higher",
        "lower",
        "better",
        "worse",
        "shown",
        "denotes",
        "marked",
        "underlined",
        "italic",
    )
)
_EXPLICIT_N = re.compile(rf"(?<![\w])\$?\s*[nN]\s*=\s*(?P<n>{_INT})(?![\d.])")
_HEADER_N = _EXPLICIT_N
_CELL_RATE = re.compile(rf"^(?:\*\*)?(?P<v>(?:0|1)\.\d{{2,}}|{_NUM}%)(?:\*\*)?$")
_CHANGE = re.compile(
    r"(?:rose|rise|fell|fall|increase|decrease|improv|gain|drop|lift|reduc|grew"
    r"|grow|more|less|fewer|higher|lower|better|worse|\bby|[+±]\s*)\S*\s*$",
    re.IGNORECASE,
)
_METRIC = re.compile(
    r"(?:\b(?:F1|F-1|AUC|AUROC|BLEU|ROUGE\S*|METEOR|nDCG\S*|MRR|MAP|kappa|score"
    r"|correlation|slope|ratio|loss|perplexity|[prRd])|[κρτβ])\s*(?:@\s*\d+\s*)?"
    r"(?:of|=|:|was|is)?\s*$",
    re.IGNORECASE,
)
_ONE_TAILED = re.compile(r"one[- ]tailed|one[- ]sided|directional", re.IGNORECASE)
_WILSON = re.compile(r"\bWilson\b", re.IGNORECASE)
_INTEGER_SCORES = re.compile(
    r"Likert|integer|rating scale|\d-point|point scale|scored? (?:from|on)|counts?\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class PaperFinding:
    """One printed report found in a paper, with its check.

    ``inferred`` is True when the check rests on an inference the ``note``
    names (an n, a k, an interval method or integer scores the text does not
    print beside the number); such a finding is never flagged. It is in
    :meth:`to_dict` (``--json``) for scripts that separate "ok" from "ok if
    the inference holds".

    Examples
    --------
    >>> from proofs.audit.paper import audit_paper_text
    >>> f = audit_paper_text("It solved 35/40 (87.5%) of the tasks.").findings[0]
    >>> f.kind, f.printed, f.inputs, f.verdict
    ('percent', '87.5', 'k=35;n=40', 'consistent')
    """

    line: int
    page: int | None
    text: str
    kind: str
    printed: str
    inputs: str
    verdict: str
    recomputed: str = ""
    reason: str = ""
    note: str = ""
    inferred: bool = False

    @property
    def where(self) -> str:
        """The location as ``line N`` or ``page P, line N``."""
        if self.page is None:
            return f"line {self.line}"
        return f"page {self.page}, line {self.line}"

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "line": self.line,
            "page": self.page,
            "text": self.text,
            "kind": self.kind,
            "printed": self.printed,
            "inputs": self.inputs,
            "verdict": self.verdict,
            "recomputed": self.recomputed,
            "reason": self.reason,
            "note": self.note,
            "inferred": self.inferred,
        }


@dataclass(frozen=True, slots=True)
class PaperReport:
    """Every finding of one paper.

    Examples
    --------
    >>> from proofs.audit.paper import audit_paper_text
    >>> audit_paper_text("t(28) = 1.20, p = .03").counts()["decision error"]
    1
    """

    path: str
    findings: tuple[PaperFinding, ...]

    def counts(self) -> dict[str, int]:
        """Return the number of findings per verdict (every verdict listed)."""
        out = dict.fromkeys(VERDICTS, 0)
        for f in self.findings:
            out[f.verdict] += 1
        return out

    @property
    def flagged(self) -> tuple[PaperFinding, ...]:
        """The findings that are inconsistent or decision errors."""
        return tuple(
            f for f in self.findings if f.verdict in ("inconsistent", "decision error")
        )

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "file": self.path,
            "counts": self.counts(),
            "findings": [f.to_dict() for f in self.findings],
        }

    def to_csv(self) -> str:
        """Return the findings as an audit table (``id,where,kind,printed,inputs,note``)."""
        import csv

        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["id", "where", "kind", "printed", "inputs", "note"])
        for i, f in enumerate(self.findings, start=1):
            note = "; ".join(x for x in (f.note, f"text: {f.text}") if x)
            writer.writerow([f"P{i}", f.where, f.kind, f.printed, f.inputs, note])
        return buf.getvalue()


class _HTMLText(html.parser.HTMLParser):
    """An HTML page as text, and where each of its lines came from.

    Blocks are on their own lines; a table row is one tab-separated line, its
    ``<caption>`` on a line above the rows.
    """

    _BREAKS = frozenset(
        ("p", "br", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "caption")
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[tuple[str, int]] = []  # (text, its first line in the file)
        self._skip = 0
        self._table = 0  # depth of open <table>s
        self._cell = 0  # depth of open <td>/<th>
        self._first = True  # no cell yet in this row

    def _put(self, text: str) -> None:
        self.parts.append((text, self.getpos()[0]))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        if tag in self._BREAKS:
            self._put("\n")
        if tag == "table":
            self._table += 1
        if tag == "tr":
            self._put("\n")
            self._first = True
        if tag in ("td", "th"):
            if not self._first:
                self._put("\t")
            self._first = False
            self._cell += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1
        if tag in ("td", "th") and self._cell:
            self._cell -= 1
        if tag == "table" and self._table:
            self._table -= 1
        if tag in self._BREAKS:
            self._put("\n")

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._table and not self._cell and not data.strip():
            return  # the layout between table tags
        if self._cell:
            data = re.sub(r"\s+", " ", data)  # a cell stays on its row's line
        self._put(data.replace("\xa0", " "))

    def text(self) -> str:
        """Return the page's text."""
        return "".join(t for t, _ in self.parts)

    def lines(self) -> list[int]:
        """Return the file line (1-based) of each line of :meth:`text`."""
        out: list[int | None] = [None]
        for text, line in self.parts:
            for offset, piece in enumerate(text.split("\n")):
                if offset:
                    out.append(None)
                if piece.strip() and out[-1] is None:
                    out[-1] = line + offset
        last = 1
        mapped: list[int] = []
        for start in out:
            last = start if start is not None else last
            mapped.append(last)
        return mapped


def read_paper(path: str | os.PathLike[str]) -> list[tuple[int | None, str]]:
    r"""Return a paper's text as ``(page, text)`` pieces (page ``None`` unless a PDF).

    Parameters
    ----------
    path : str or path-like
        A ``.txt``, ``.md``, ``.html``/``.htm`` or ``.pdf`` file (a PDF needs
        the optional ``pdf`` extra, ``pip install context-laws[pdf]``).

    Raises
    ------
    ValueError
        An unknown suffix, a file that is not a regular file or is larger than
        50 MB, text that is not UTF-8, a PDF without pypdf.
    OSError
        If the file cannot be read.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = pathlib.Path(tmp) / "a.html"
    ...     _ = p.write_text("<p>35/40 (87.5%)</p>", encoding="utf-8")
    ...     read_paper(p)
    [(None, '\n35/40 (87.5%)\n')]
    """
    if not isinstance(path, str | os.PathLike):
        msg = f"path must be a path (str or os.PathLike), got {path!r} of type {type(path).__name__}"
        raise TypeError(msg)
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in _SUFFIXES:
        msg = f"{p}: a paper must be one of {', '.join(_SUFFIXES)} (got {suffix or 'no suffix'!r})"
        raise ValueError(msg)
    if not p.exists():
        msg = f"{p}: no such file"
        raise ValueError(msg)
    if not p.is_file():
        msg = f"{p}: not a regular file (a directory, a FIFO or a device is never read)"
        raise ValueError(msg)
    if p.stat().st_size > _MAX_BYTES:
        msg = f"{p}: larger than {_MAX_BYTES} bytes"
        raise ValueError(msg)
    if suffix == ".pdf":
        return _read_pdf(p)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        msg = f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        raise ValueError(msg) from None
    if suffix in (".html", ".htm"):
        return [(None, _html(text).text())]
    return [(None, text)]


def _html(text: str) -> _HTMLText:
    parser = _HTMLText()
    parser.feed(text)
    parser.close()
    return parser


def _read_pdf(p: Path) -> list[tuple[int | None, str]]:
    try:
        import pypdf
    except ImportError:
        msg = f"{p}: reading a PDF needs pypdf (pip install 'context-laws[pdf]')"
        raise ValueError(msg) from None
    try:
        reader = pypdf.PdfReader(str(p))
        return [
            (i, page.extract_text() or "") for i, page in enumerate(reader.pages, 1)
        ]
    except pypdf.errors.PdfReadError as exc:
        msg = f"{p}: not a readable PDF ({exc})"
        raise ValueError(msg) from None


def audit_paper(
    path: str | os.PathLike[str], *, significance_level: float = 0.05
) -> PaperReport:
    """Read a paper and check every printed report the reader recognises.

    Parameters
    ----------
    path : str or path-like
        The paper (see :func:`read_paper` for the formats).
    significance_level : float
        The level ``alpha`` of the decision-error flag for p-values.

    Returns
    -------
    PaperReport

    Raises
    ------
    ValueError, OSError
        As :func:`read_paper`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = pathlib.Path(tmp) / "a.txt"
    ...     _ = p.write_text("t(28) = 2.20, p = .03", encoding="utf-8")
    ...     audit_paper(p).counts()
    {'consistent': 0, 'inconsistent': 1, 'decision error': 0, 'not checkable': 0}
    """
    if Path(path).suffix.lower() in (".html", ".htm"):
        read_paper(path)  # the checks on the file and its text
        parsed = _html(Path(path).read_text(encoding="utf-8-sig"))
        where = parsed.lines()
        found = _scan(parsed.text(), None, significance_level)

        # report the file's lines, not those of the text read from it
        def line(m: re.Match[str]) -> str:
            k = int(m[1]) - 1
            return f"line {where[k]}" if 0 <= k < len(where) else m[0]

        return PaperReport(
            str(path),
            tuple(
                replace(
                    f,
                    line=where[f.line - 1],
                    note=re.sub(r"\bline (\d+)", line, f.note),
                )
                for f in found
            ),
        )
    pieces = read_paper(path)
    findings: list[PaperFinding] = []
    for page, text in pieces:
        findings.extend(_scan(text, page, significance_level))
    return PaperReport(str(path), tuple(findings))


def audit_paper_text(text: str, *, significance_level: float = 0.05) -> PaperReport:
    """Check every printed report in ``text`` (a paper already read).

    Examples
    --------
    >>> audit_paper_text("accuracy 0.62 over 500 questions").findings[0].verdict
    'consistent'
    """
    if not isinstance(text, str):
        msg = f"text must be a str, got {type(text).__name__}"
        raise TypeError(msg)
    if len(text) > _MAX_BYTES:
        msg = f"text must be at most {_MAX_BYTES} characters"
        raise ValueError(msg)
    return PaperReport("<text>", tuple(_scan(text, None, significance_level)))


def _scan(text: str, page: int | None, alpha: float) -> list[PaperFinding]:
    lines = [
        raw[:_MAX_LINE].replace("\\%", "%").replace("\xa0", " ").replace("\u202f", " ")
        for raw in text.splitlines()
    ]
    tables = _tables(lines)
    own: list[list[PaperFinding]] = []
    taken: list[list[tuple[int, int]]] = []
    for number, line in enumerate(lines, start=1):
        found: list[PaperFinding] = []
        ctx = _Context(number, page, line, alpha, [], None, _before(lines, number - 1))
        _apa(ctx, found)
        _fractions(ctx, found)
        _formula_rates(ctx, found)
        _percent_n(ctx, found)
        _means(ctx, found)
        if number in tables:
            _table_cells(ctx, found, tables[number])
        own.append(found)
        taken.append(ctx.taken)
    out: list[PaperFinding] = []
    for i, found in enumerate(own):
        out.extend(found)
        if i + 1 < len(lines):
            out.extend(_across(lines, i, taken, tables, page, alpha))
    return out


def _across(
    lines: list[str],
    i: int,
    taken: list[list[tuple[int, int]]],
    tables: dict[int, _Table],
    page: int | None,
    alpha: float,
) -> list[PaperFinding]:
    """Read the reports that a line break splits: ``t(40)`` / ``= 1.10, p = .02``.

    Line ``i`` (0-based) and the next are joined by one space (trailing and
    leading blanks dropped), within a paragraph only: a blank line, or a table
    row on either side, is a boundary. Only a match that crosses the join
    counts (what lies within one line was read by the line pass), its spans
    may not overlap what that pass took, and it is reported on line ``i + 1``
    (1-based: its first line). A report spread over three lines is not read.
    """
    head, tail = lines[i].rstrip(), lines[i + 1].lstrip()
    if not head.strip() or not tail or i + 1 in tables or i + 2 in tables:
        return []
    joined = f"{head} {tail}"
    cut = len(head)
    shift = len(lines[i + 1]) - len(tail) - (cut + 1)
    held = list(taken[i])
    held += [(a - shift, b - shift) for a, b in taken[i + 1]]
    ctx = _Context(i + 1, page, joined, alpha, held, cut, _before(lines, i))
    found: list[PaperFinding] = []
    _apa(ctx, found)
    _fractions(ctx, found)
    _percent_n(ctx, found)
    _means(ctx, found)
    return found


@dataclass
class _Context:
    number: int
    page: int | None
    line: str
    alpha: float
    taken: list[tuple[int, int]]
    join: int | None = None  # joined lines: where the first ends
    before: str = ""  # the lines of the paragraph before this one (at most three)
    named: list[str] | None = None  # the interval methods the line names

    def methods(self) -> list[str]:
        """Return the interval methods the line names (searched once)."""
        if self.named is None:
            self.named = [n for n, rx in _METHODS.items() if rx.search(self.line)]
        return self.named

    def free(self, m: re.Match[str]) -> bool:
        a, b = m.span()
        if self.join is not None and not (a < self.join and b > self.join + 1):
            return False  # within one line: the line pass read it
        if any(a < y and x < b for x, y in self.taken):
            return False
        self.taken.append((a, b))
        return True


def _num(text: str) -> str:
    return text.replace(",", "").replace("−", "-").replace("–", "-").replace(" ", "")


def _finding(
    ctx: _Context,
    m: re.Match[str],
    kind: str,
    printed: str,
    inputs: str,
    *,
    inferred: str = "",
    gross: bool = False,
) -> PaperFinding:
    status, result, reason = run_kind(kind, printed, inputs)
    verdict = status
    recomputed = ""
    if result is not None:
        recomputed = ";".join(f"{v:.6g}" for v in result.recomputed)
    if status == "inconsistent" and inferred:
        verdict = "not checkable"
        reason = "inconsistent only under the inference in the note; not flagged"
    elif status == "inconsistent" and (
        gross or (result is not None and result.gross_error)
    ):
        verdict = "decision error"
    if (
        status == "inconsistent"
        and kind == "grimmer"
        and not reason
        and result is not None
    ):
        reason = _grimmer_reason(result)
    return PaperFinding(
        line=ctx.number,
        page=ctx.page,
        text=m.group(0).strip(),
        kind=kind,
        printed=printed,
        inputs=inputs,
        verdict=verdict,
        recomputed=recomputed,
        reason=reason,
        note=inferred,
        inferred=bool(inferred),
    )


def _grimmer_reason(result: c.ConsistencyResult) -> str:
    """Say which printed number of a failed GRIMMER check fails: the mean or the SD."""
    if result.reachable:  # a sum of integer scores prints as the mean: the SD fails
        mean, sd = result.printed.split(";", 1)
        return (
            f"the mean {mean} is reachable (GRIM), but no integer scores with that "
            f"mean have an SD that prints as {sd} (GRIMMER)"
        )
    return "the mean is reachable by no sum of integer scores (GRIM)"


_TESTS = {"t": "t", "F": "F", "r": "r", "z": "z", "Z": "z", "Q": "chi2"}


def _apa(ctx: _Context, out: list[PaperFinding]) -> None:
    for m in _APA.finditer(ctx.line):
        test = _TESTS.get(m["test"], "chi2")
        df1, df2 = m["df1"], m["df2"]
        if (test == "F") != (df2 is not None) or (test != "z" and df1 is None):
            continue
        if test == "z" and df1 is not None:
            continue
        if not ctx.free(m):
            continue
        rel = {"≤": "<=", "≥": ">="}.get(m["rel"], m["rel"])
        stat = ("" if rel == "=" else rel) + _num(m["stat"])
        if m["ns"]:
            printed = "ns"
        else:
            prel = {"≤": "<=", "≥": ">=", "≈": "=", "\\approx": "="}.get(
                m["prel"], m["prel"]
            )
            printed = ("" if prel == "=" else prel) + m["p"]
        inputs = f"statistic={stat};test={test}"
        if df1 is not None:
            inputs += f";df={df1}"
        if df2 is not None:
            inputs += f";df2={df2}"
        inputs += f";alpha={ctx.alpha}"
        found = _finding(ctx, m, "pvalue", printed, inputs)
        if (
            found.verdict != "consistent"
            and test in ("t", "z", "r")
            and _ONE_TAILED.search(ctx.line)
        ):
            one = _finding(
                ctx, m, "pvalue", printed, inputs + ";alternative=one-tailed"
            )
            if one.verdict == "consistent":
                found = PaperFinding(
                    **{**one.to_dict(), "note": "one-tailed, as the text says"}
                )
        out.append(found)


def _interval(
    ctx: _Context,
    m: re.Match[str],
    k: int,
    n: int,
    *,
    inferred: str = "",
) -> PaperFinding:
    """Check the interval ``m`` (groups lo, hi, p1, p2) of ``k`` of ``n``.

    The method is the one the line names when it names exactly one; otherwise
    the first standard method that fits is reported (consistent, the method
    noted as inferred), and when none fits the finding is not checkable.
    """
    scale = ";scale=100" if _percent_scale(m) else ""
    printed = f"{m['lo']};{m['hi']}"
    named = ctx.methods()
    if len(named) == 1:
        return _finding(
            ctx,
            m,
            "interval",
            printed,
            f"k={k};n={n};method={named[0]}{scale}",
            inferred=inferred,
        )
    for method in PROPORTION_METHODS:
        f = _finding(ctx, m, "interval", printed, f"k={k};n={n};method={method}{scale}")
        if f.verdict == "consistent":
            note = f"method inferred: {method}"
            return PaperFinding(
                **{
                    **f.to_dict(),
                    "note": f"{inferred}; {note}" if inferred else note,
                    "inferred": True,
                }
            )
    if not inferred and _excludes_estimate(m, k, n):
        f = _finding(ctx, m, "interval", printed, f"k={k};n={n};method=wilson{scale}")
        if f.verdict in ("inconsistent", "decision error"):
            estimate = k / n * (100 if scale else 1)
            reason = (
                f"the interval excludes its own estimate k/n = {estimate:.6g}; "
                "every standard interval for a proportion contains it when "
                "0 < k < n, so no method fits"
            )
            return PaperFinding(**{**f.to_dict(), "reason": reason})
    why = "the text names no interval method; none of the standard ones fits"
    return _finding(
        ctx,
        m,
        "interval",
        printed,
        f"k={k};n={n};method=wilson{scale}",
        inferred=f"{inferred}; {why}" if inferred else why,
    )


def _excludes_estimate(m: re.Match[str], k: int, n: int) -> bool:
    """Whether the printed interval ``m`` leaves out ``k/n`` at its printed precision.

    For ``0 < k < n`` the Wilson (with or without continuity correction),
    Clopper-Pearson, Jeffreys and Agresti-Coull intervals all contain the
    estimate ``k/n`` at every level, so an interval that leaves it out, by more
    than the rounding of its printed bounds, fits none of them whichever method
    and level were used. At ``k = 0`` and ``k = n`` the equal-tailed Jeffreys
    interval (statsmodels' convention, which ours follows) leaves out 0 and 1,
    so nothing is decided there.
    """
    if not 0 < k < n:
        return False
    estimate = k / n * (100 if _percent_scale(m) else 1)
    lo, hi = m["lo"], m["hi"]
    return estimate > float(hi) + _half_unit(hi) * (1 + 1e-9) or estimate < float(
        lo
    ) - _half_unit(lo) * (1 + 1e-9)


def _half_unit(printed: str) -> float:
    """Half a unit in the last printed decimal of ``printed``."""
    decimals = len(printed.split(".", 1)[1]) if "." in printed else 0
    return 0.5 * 10.0**-decimals


def _percent_scale(m: re.Match[str]) -> bool:
    """Whether an interval's bounds are percents: a ``%`` sign, or a bound above 1.

    ``12/50 (24.0%), 95% CI [14.3, 37.4]`` prints percents without the sign;
    a proportion's bound is at most 1.
    """
    return bool(m["p1"] or m["p2"]) or float(m["hi"]) > 1 or float(m["lo"]) > 1


def _fractions(ctx: _Context, out: list[PaperFinding]) -> None:
    for m in _FRAC_CI.finditer(ctx.line):
        k, n = int(_num(m["k"])), int(_num(m["n"]))
        if not 0 <= k <= n or n == 0 or not ctx.free(m):
            continue
        if m["v"] is not None and (m["pct"] or float(m["v"]) <= 1):
            kind = "percent" if m["pct"] else "proportion"
            out.append(_finding(ctx, m, kind, m["v"], f"k={k};n={n}"))
        out.append(_interval(ctx, m, k, n))
    for m in _FRAC_PCT.finditer(ctx.line):
        k, n = int(_num(m["k"])), int(_num(m["n"]))
        if n == 0 or not ctx.free(m):
            continue
        if k > n:
            continue
        out.append(_finding(ctx, m, "percent", m["v"], f"k={k};n={n}"))
    for m in _FRAC_EQ.finditer(ctx.line):
        k, n = int(_num(m["k"])), int(_num(m["n"]))
        if n == 0 or k > n or not ctx.free(m):
            continue
        kind = "percent" if m["pct"] else "proportion"
        if kind == "proportion" and float(m["v"]) > 1:
            continue
        out.append(_finding(ctx, m, kind, m["v"], f"k={k};n={n}"))
    for m in _RATE_FRAC.finditer(ctx.line):
        k, n = int(_num(m["k"] or m["k2"])), int(_num(m["n"] or m["n2"]))
        value = m["v"].replace(" ", "")
        kind = "percent" if value.endswith("%") else "proportion"
        value = value.rstrip("%")
        if n == 0 or k > n or (kind == "proportion" and float(value) > 1):
            continue
        if not ctx.free(m):
            continue
        why = "the count follows a few words after the rate" if m["gap"] else ""
        before = ctx.line[max(0, m.start() - 40) : m.start()]
        if _CHANGE.search(before):
            why = "the number may be a change, not a share of the count"
        elif _METRIC.search(before):
            why = "the number follows a metric name, not necessarily a share"
        out.append(_finding(ctx, m, kind, value, f"k={k};n={n}", inferred=why))
    for rx in (_BARE_CI, _RANGE_CI):
        for m in rx.finditer(ctx.line):
            _later_interval(ctx, out, m)


def _later_interval(ctx: _Context, out: list[PaperFinding], m: re.Match[str]) -> None:
    """Check an interval printed after its ``k/n`` (``4/30 runs (13.3%, 95% CI [...])``).

    The ``k/n`` is the last one within ``_CI_REACH`` characters before it, with
    no other interval between. Bounds above 1 with no ``%`` are percents only
    when "CI" or "interval" is printed just before them (a ``[3, 12]`` alone
    may cite references). The pairing is data when the two are in one sentence
    at most ``_CI_NEAR`` characters apart and the line names one method;
    otherwise an inference, named in the note.
    """
    lo, hi = float(m["lo"]), float(m["hi"])
    if not lo <= hi <= 100:
        return
    if (
        hi > 1
        and not (m["p1"] or m["p2"])
        and not _CI_WORD.search(ctx.line, max(0, m.start() - 40), m.end())
    ):
        return
    fracs = list(_KN.finditer(ctx.line, max(0, m.start() - _CI_REACH), m.start()))
    if not fracs:
        _interval_of_rate(ctx, out, m)
        return
    if _BARE_CI.search(ctx.line, fracs[-1].end(), m.start()):
        return
    last = fracs[-1]  # it starts within the reach; the lookbehind sees before it
    k, n = int(_num(last["k"])), int(_num(last["n"]))
    if n == 0 or k > n or not ctx.free(m):
        return
    between = ctx.line[last.end() : m.start()]
    if (
        len(between) <= _CI_NEAR
        and not _SENTENCE_STOP.search(between)
        and not _KN.search(between)
    ):
        out.append(_interval(ctx, m, k, n))
        return
    why = f"k/n from the {last.group(0)!r} printed before it in the paragraph"
    out.append(_interval(ctx, m, k, n, inferred=why))


def _interval_of_rate(ctx: _Context, out: list[PaperFinding], m: re.Match[str]) -> None:
    """Check an interval printed after a rate and its n (``0.90 (n = 40), giving a 95% CI of [..]``).

    The rate is the last one printed with its n (``0.90 (n = 40)``, ``90.0% of
    40 tasks``) within ``_CI_REACH`` characters before the interval, with no
    other interval between. Its count k is the one count of n that prints as
    the rate at its precision; when none or several do, or the rate is a mean,
    nothing is checked. The pairing and the count are an inference, named in
    the note.
    """
    head = max(0, m.start() - _CI_REACH)
    rates = [
        (r, r["v"], next(v for g, v in r.groupdict().items() if g[0] == "n" and v))
        for rx in (_PCT_N, _RATE_N)
        for r in rx.finditer(ctx.line, head, m.start())
    ]
    if not rates:
        return
    rate, value, n_text = max(rates, key=lambda x: x[0].end())
    if _BARE_CI.search(ctx.line, rate.end(), m.start()):
        return
    if _MEANISH.search(ctx.line, max(0, rate.start() - _REACH_BACK), m.start()):
        return
    n = int(_num(n_text))
    percent = rate.re is _PCT_N
    if n == 0 or n > _MAX_N_FOR_K:
        return
    ks = [k for k in range(n + 1) if _prints_as(k / n * (100 if percent else 1), value)]
    if len(ks) != 1 or not ctx.free(m):
        return
    between = ctx.line[rate.end() : m.start()]
    if (
        len(between) <= _CI_NEAR
        and not _SENTENCE_STOP.search(between)
        and _excludes_estimate(m, ks[0], n)
    ):
        # The interval leaves out the rate printed beside it (every count that
        # prints as that rate): no method fits, whatever k was.
        out.append(_interval(ctx, m, ks[0], n))
        return
    why = (
        f"k = {ks[0]} of n = {n}, the one count that prints as the rate "
        f"{value}{'%' if percent else ''} printed before it"
    )
    out.append(_interval(ctx, m, ks[0], n, inferred=why))


_MAX_N_FOR_K = 100_000  # a rate's n scanned for the one count that prints as it


def _prints_as(x: float, printed: str) -> bool:
    """Whether ``x`` rounds to ``printed`` at its decimals (a tie either way)."""
    decimals = len(printed.split(".", 1)[1]) if "." in printed else 0
    half = 0.5 * 10.0**-decimals
    return abs(x - float(printed)) <= half * (1 + 1e-9)


_SENTENCE_STOP = re.compile(r"[.!?](?!\d)\s")
_CI_NEAR = 40  # characters between a k/n and its interval read as one report
_CI_WORD = re.compile(r"\bCI\b|confidence|interval", re.IGNORECASE)
_RANGE_CI = re.compile(
    rf"\b(?:CI|confidence\s+interval)\s*(?:of\s+|:\s*|=\s*)?"
    rf"(?P<lo>{_NUM})\s*(?P<p1>%)?\s*(?:–|—|-|to)\s*(?P<hi>{_NUM})\s*(?P<p2>%)?(?![\d.])"
)


_FORMULA_RATES = re.compile(
    r"(?<!\w)[zZ]\s*=\s*\(\s*(?P<a>0?\.\d+|1\.0+)\s*[-−–]\s*"
    r"(?P<b>0?\.\d+|1\.0+)\s*\)\s*/"
)
_VERSUS = re.compile(
    r"(?<![\d./{^])(?P<k1>\d+)\s*/\s*(?P<n1>\d+)\s+(?:vs\.?|versus)\s+"
    r"(?:[A-Za-z][\w-]*\s+){0,2}(?P<k2>\d+)\s*/\s*(?P<n2>\d+)(?![\d/])"
)
_FORMULA_REACH = 400  # characters from ``k/n vs. k/n`` to the formula using the rates


def _formula_rates(ctx: _Context, out: list[PaperFinding]) -> None:
    """Check the two rates of ``z = (0.875 - 0.800)/se`` against ``35/40 vs. 32/40``.

    The comparison must be printed before the formula in the paragraph
    (within ``_FORMULA_REACH`` characters, the last one before it); the first
    rate is paired with the first count, the second with the second: an
    inference, named in the note.
    """
    if ctx.join is not None:
        return  # a paragraph is one line here; no pairing across a break
    for m in _FORMULA_RATES.finditer(ctx.line):
        pairs = list(
            _VERSUS.finditer(ctx.line, max(0, m.start() - _FORMULA_REACH), m.start())
        )
        if not pairs:
            continue
        v = pairs[-1]
        why = f"k/n from the {v.group(0)!r} compared before the formula"
        for rate, k, n in (("a", "k1", "n1"), ("b", "k2", "n2")):
            kk, nn = int(v[k]), int(v[n])
            if nn == 0 or kk > nn:
                continue
            out.append(
                _finding(ctx, m, "proportion", m[rate], f"k={kk};n={nn}", inferred=why)
            )


# words that make a number a mean, or a quantity that is no share k/n
_MEANISH = re.compile(
    r"\b(?:mean|means|average[ds]?|averaging|avg|F1|F-1|F-score|nDCG\S*|DCG|BLEU"
    r"|ROUGE\S*|METEOR|chrF|MRR|mAP|AUC|AUROC|pass\s*@\s*\d+|pass@k|kappa"
    r"|temperature|correlation|perplexity|latency|unbiased\s+estimator"
    r"|per[- ]problem|per[- ]seed|across\s+seeds|over\s+seeds)(?![\w@])|[κρ]",
    re.IGNORECASE,
)
_STAT_BEFORE = re.compile(
    r"(?<![\w.])(?:p|P|r|R2|R²|R\^2|d|g|α|β|η2|η²|ηp²|ω2|ω²|κ|ρ|τ|alpha|beta|kappa"
    r"|rho|tau|ICC|AUC|SE|SEM|SD|CV)\s*(?:=|<|>|≤|≥|≈|<=|>=)\s*$"
)  # ``p = 0.049 (n = 40)``: a p-value or a statistic, never a share of n
_HALF_TIES = re.compile(
    r"\bties?\s+(?:count(?:ed|s|ing)?|scored?|as)\s+(?:as\s+)?(?:a\s+)?half"
    r"|\bhalf\s+(?:a\s+)?(?:win|point|credit)s?\s+(?:for|per)\s+(?:a\s+)?ties?\b",
    re.IGNORECASE,
)
_REACH_BACK = 120  # characters of the clause before a rate searched for mean words


def _clause(line: str, start: int, end: int) -> tuple[int, int]:
    """Return where the clause around ``line[start:end]`` starts and ends.

    Back to the sentence's start (or ``;``, ``:``), at most ``_REACH_BACK``
    characters, and on to the end of the sentence: ``71.7% (n = 40),
    averaged over three seeds.`` is a mean.
    """
    head = max(0, start - _REACH_BACK)
    for stop in _CLAUSE_STOP.finditer(line, head, start):
        head = stop.end()
    tail = _CLAUSE_END.search(line, end)
    return head, tail.end() if tail else len(line)


_CLAUSE_STOP = re.compile(r"[.;:!?](?!\d)\s|[.;:!?]$")


def _lead_in(ctx: _Context, head: int, start: int) -> str:
    """Return the part of the clause at ``ctx.line[head:start]`` that lies on earlier lines.

    A clause that reaches back to the start of its line without a stop
    continues the sentence of the lines before it (``ctx.before``): ``The
    mean nDCG@10 of the retriever is`` / ``0.512 (n = 300)``. The lead-in is
    that sentence's last clause, within the ``_REACH_BACK`` characters.
    """
    if head != 0 or not ctx.before or start >= _REACH_BACK:
        return ""
    text = ctx.before[-(_REACH_BACK - start) :]
    cut = 0
    for stop in _CLAUSE_STOP.finditer(text):
        cut = stop.end()
    return text[cut:].strip()


_CLAUSE_END = re.compile(r"[.!?](?!\d)")


def _not_a_share(
    ctx: _Context,
    m: re.Match[str],
    kind: str,
    printed: str,
    n: int,
) -> PaperFinding | None:
    """Return the finding for a rate whose clause says it is a mean, or ``None``.

    ``the average F1 was 0.437 over 30 questions``, ``nDCG@10``, ``pass@10``,
    ``(n = 40 per seed, averaged over seeds)``, ``kappa``: the number is a mean
    (or no share at all), so it is not checked as k/n: *not checkable*, with
    the word that says so. ``ties counted as half`` makes the number a share of
    half-counts: checked as ``j/(2n)``, an inference.
    """
    symbol = _STAT_BEFORE.search(ctx.line, max(0, m.start() - 16), m.start())
    if symbol:
        reason = (
            "a p-value or another statistic, not a share k/n "
            f"(the text says {symbol.group(0).strip()!r})"
        )
        return _unchecked(ctx, m, kind, printed, f"n={n}", reason)
    head, tail = _clause(ctx.line, m.start(), m.end())
    clause = ctx.line[head:tail]
    if _HALF_TIES.search(clause):
        note = f"ties counted as half: checked as j/{2 * n} (half-counts of {n})"
        return _finding(ctx, m, kind, printed, f"n={2 * n}", inferred=note)
    at = m.start() - head
    lead = _lead_in(ctx, head, m.start())
    if lead:  # the sentence began on the lines before (hard-wrapped prose)
        clause, at = f"{lead} {clause}", at + len(lead) + 1
    words = list(_MEANISH.finditer(clause))
    if not words:
        return None
    before = [w for w in words if w.start() < at]
    word = before[-1] if before else words[0]  # the nearest one before, else after
    reason = f"a mean or a score, not a share k/n (the text says {word.group(0)!r})"
    return _unchecked(ctx, m, kind, printed, f"n={n}", reason)


def _unchecked(
    ctx: _Context, m: re.Match[str], kind: str, printed: str, inputs: str, reason: str
) -> PaperFinding:
    """Return a finding left *not checkable* on purpose.

    Its inputs say why (``unchecked=``), so that the ``--csv`` extraction
    re-read as a table keeps it unchecked.
    """
    said = reason.replace(";", ",").replace("=", " ")
    return PaperFinding(
        line=ctx.number,
        page=ctx.page,
        text=m.group(0).strip(),
        kind=kind,
        printed=printed,
        inputs=f"{inputs};unchecked={said}",
        verdict="not checkable",
        reason=reason,
        note="",
    )


_RANGE_END = re.compile(r"\d\s*%?\s*(?:[–—-]|\bto\b)\s*$")
_LIST_END = re.compile(r"\d\s*%?\s*[,;]\s*$")


def _interval_end(before: str) -> bool:
    """Whether a percent closes a range or an interval (``51.0%–90.0%``, ``[57.2%, 83.9%``).

    Such a percent is a bound, not a share of the n after it: reading it as
    one would check (and pass) a number the text does not claim.
    """
    if _RANGE_END.search(before):
        return True
    return before.rfind("[") > before.rfind("]") and bool(_LIST_END.search(before))


def _percent_n(ctx: _Context, out: list[PaperFinding]) -> None:
    for m in _PCT_N.finditer(ctx.line):
        n = int(_num(m["n1"] or m["n2"] or m["n3"]))
        if n == 0 or float(m["v"]) > 100 or _spread(ctx.line, m) or not ctx.free(m):
            continue
        if _interval_end(ctx.line[max(0, m.start() - 40) : m.start()]):
            continue
        mean = _not_a_share(ctx, m, "percent_attainable", m["v"], n)
        if mean is not None:
            out.append(mean)
            continue
        group = "n1" if m["n1"] else "n2" if m["n2"] else "n3"
        gap = ctx.line[m.start() + len(m["v"]) : m.start(group)]
        words = re.sub(r"[%(\s]|\b(?:of|over|across|on|from|the|all|[nN])\b|=", "", gap)
        why = "" if not words else "n read from the words after the percent"
        before = ctx.line[max(0, m.start() - 40) : m.start()]
        if _CHANGE.search(before):
            why = "the percent may be a change, not a share of n"
        out.append(
            _finding(ctx, m, "percent_attainable", m["v"], f"n={n}", inferred=why)
        )
    for m in _RATE_N.finditer(ctx.line):
        n = int(_num(m["n1"] or m["n3"]))
        if n == 0 or _spread(ctx.line, m) or not ctx.free(m):
            continue
        mean = _not_a_share(ctx, m, "proportion_attainable", m["v"], n)
        out.append(mean or _finding(ctx, m, "proportion_attainable", m["v"], f"n={n}"))


_PLUS_MINUS = re.compile(r"(?:±|∓|\+\s*/\s*-|\+-)\s*$")


def _spread(line: str, m: re.Match[str]) -> bool:
    """Whether the number of ``m`` is a spread after ``±`` (``0.91 ± 0.05 (n = 40)``).

    A half-width or a standard deviation is no share of the n after it; the
    value before the ``±`` may be a mean, so neither is checked as k/n.
    """
    return bool(_PLUS_MINUS.search(line, max(0, m.start() - 8), m.start()))


def _before(lines: list[str], i: int) -> str:
    """Return the lines before line ``i`` (0-based) of the sentence it continues.

    At most three lines, within the paragraph, each ending mid-sentence (not
    with ``.``, ``!``, ``?`` or ``:``): hard-wrapped prose, as in ``rated on a
    1–5 scale. Pinned plans scored M = 3.47,`` / ``SD = 1.12, n = 15; ...``.
    """
    out: list[str] = []
    for k in range(i - 1, max(i - 4, -1), -1):
        line = lines[k].rstrip()
        if not line.strip() or _is_row(line) or line.endswith((".", "!", "?", ":")):
            break
        out.append(line)
    return " ".join(reversed(out))


def _integer_scores(text: str) -> bool:
    """Whether ``text`` says its scores are integers (``1–5 scale``, ``Likert``)."""
    return bool(_INTEGER_SCORES.search(text) or _SCALE.search(text))


def _means(ctx: _Context, out: list[PaperFinding]) -> None:
    stated = _integer_scores(ctx.line) or _integer_scores(ctx.before)
    for m in _MEAN.finditer(ctx.line):
        n = int(_num(m["n"]))
        if n < 2 or not ctx.free(m):
            continue
        why = "" if stated else "integer scores assumed (the paragraph does not say so)"
        if m["sd"]:
            out.append(
                _finding(
                    ctx, m, "grimmer", f"{m['m']};{m['sd']}", f"n={n}", inferred=why
                )
            )
        else:
            out.append(_finding(ctx, m, "grim", m["m"], f"n={n}", inferred=why))


@dataclass(frozen=True, slots=True)
class _Table:
    """Where a table's n comes from: one n for every row, or a count column."""

    n: int | None
    source: str
    count_column: int | None
    cells: int
    wilson: bool
    percent_columns: frozenset[int] = frozenset()
    labelled: bool = False  # space-separated rows split by :func:`_label_row`
    scale: tuple[int, int, int] | None = None  # integer score scale: low, high, line
    means: tuple[
        tuple[int, int, str], ...
    ] = ()  # (column, top, header) of mean columns
    sd_columns: frozenset[int] = frozenset()  # headed SD: checked with their mean
    other_columns: frozenset[int] = frozenset()  # means, scores, units: no rates
    k_columns: tuple[tuple[int, int], ...] = ()  # (percent column, its k column)


def _tables(lines: list[str]) -> dict[int, _Table]:
    """Map table rows (1-based line numbers) to what the reader knows of their n."""
    out: dict[int, _Table] = {}
    captions = _Doc.of(lines)
    i = 0
    while i < len(lines):
        width = _row_width(lines[i])
        j = i
        while width and j + 1 < len(lines) and _row_width(lines[j + 1]) == width:
            j += 1
        if (
            width < 0
            and j + 1 < len(lines)
            and _SUMMARY.match(lines[j + 1])
            and _label_row(lines[j + 1]) is not None
        ):
            j += 1  # a closing Average/Total row, one cell short of the others
        if width and j >= i + 2:
            table = _block(lines, i, j, width, captions)
            if table is not None:
                table = replace(table, scale=_scale(captions, i, j))
                first = i if width < 0 else i + 1
                for row in range(first, j + 1):
                    out[row + 1] = table
            i = j + 1
        else:
            i += 1
    i = 1
    while i < len(lines):  # space-separated rows whose labels vary in length
        j = i
        while (
            j < len(lines)
            and j + 1 not in out
            and _label_row(lines[j]) is not None
            and j - i < 500
        ):
            j += 1
        if j - i >= 3 and i not in out and _label_row(lines[i - 1]) is None:
            table = _labelled(lines, i, j - 1, captions)
            if table is not None:
                table = replace(table, scale=_scale(captions, i, j - 1))
                for row in range(i, j):
                    out[row + 1] = table
        i = max(j, i + 1)
    _join(lines, out)
    return out


def _row_label(line: str, table: _Table) -> str:
    """Return a table row's label (its first cell), in a form to compare."""
    cells = (_label_row(line) or []) if table.labelled else _cells(line)
    if not cells or _SUMMARY.match(cells[0]):
        return ""
    return re.sub(r"[*`_]", "", cells[0]).strip().lower()


def _join(lines: list[str], out: dict[int, _Table]) -> None:
    """Give the rows of a table with no n the count of the same label elsewhere.

    A row labelled ``conv-26`` in a table with no n takes the count the text's
    count-column tables print for ``conv-26`` when they all print the same
    count (``Questions`` 152 in two tables); two different counts give no n.
    Each such n is an inference, named in the note.
    """
    counts: dict[str, dict[int, int]] = {}
    by_table: dict[int, set[str]] = {}
    seen: dict[int, set[int]] = {}
    for number, table in out.items():
        if table.count_column is None:
            continue
        label = _row_label(lines[number - 1], table)
        if label and not _LEAD.match(label):
            by_table.setdefault(id(table), set()).add(label)
        cells = (
            (_label_row(lines[number - 1]) or [])
            if table.labelled
            else _cells(lines[number - 1])
        )
        if not label or len(cells) <= table.count_column:
            continue
        count = _num(cells[table.count_column])
        if count.isdigit() and int(count) >= 2:
            seen.setdefault(id(table), set()).add(int(count))
            if not _LEAD.match(label):
                counts.setdefault(label, {}).setdefault(int(count), number)
    # a table printing one count on every row counts its experiment, not its labels
    for key, values in seen.items():
        if len(values) < 2:
            for label in by_table.get(key, ()):
                counts.pop(label, None)
    if not counts:
        return
    for number, table in list(out.items()):
        if table.n is not None or table.count_column is not None:
            continue
        found = counts.get(_row_label(lines[number - 1], table), {})
        if len(found) == 1:
            ((n, line),) = found.items()
            source = f"from the count the row of the same label prints at line {line}"
            out[number] = replace(table, n=n, source=source)


_SUMMARY = re.compile(
    r"^\s*(?:Average|Mean|Total|Overall|All|Aggregate|Pooled)\b", re.IGNORECASE
)
_LEAD = re.compile(r"^[-+~≈]?(?:\d|\.\d)")


def _label_row(line: str) -> list[str] | None:
    """Split ``Mode A (Ret.) 72.0 70.3 Done`` into a label and its cells.

    The label is the words before the first number (at most six); after it
    come numbers only, save one closing word (a status such as ``Done``).
    Returns ``[label, cell, ...]`` or ``None`` for a line that is not such a row.
    """
    words = line.split()
    if not 2 <= len(words) <= 14 or len(line) >= 160 or "\t" in line or "|" in line:
        return None
    lead = next((k for k, w in enumerate(words) if _LEAD.match(w)), None)
    if lead is None or not 1 <= lead <= 6:
        return None
    tail = words[lead:]
    body = tail[:-1] if len(tail) > 1 and tail[-1].isalpha() else tail
    if not all(_LEAD.match(w) for w in body):
        return None
    return [" ".join(words[:lead]), *tail]


def _labelled(lines: list[str], start: int, end: int, captions: _Doc) -> _Table | None:
    """Return the table of labelled rows under a header line (0-based ``start..end``)."""
    header = lines[start - 1]
    if not header.strip():
        return None
    rows = [_label_row(lines[k]) or [] for k in range(start, end + 1)]
    words = _header_words(header)
    count = [w for w in words if _COUNT_HEADER.match(w)]
    pct = frozenset(range(1, 15)) if "%" in header else frozenset()
    wilson = any(
        _WILSON.search(lines[k])
        for k in range(max(start - 4, 0), min(end + 4, len(lines)))
    )
    # the label is the first header word; a count column is found by its word
    at = words.index(count[0]) if len(count) == 1 else 0
    if at > 1 and any(len(r) != len(words) for r in rows if not _SUMMARY.match(r[0])):
        at = 0  # header words do not line up with the cells
    if at and all(
        len(r) > at and _num(r[at]).isdigit() and re.fullmatch(_INT, r[at])
        for r in rows
    ):
        return _Table(
            None, f"from the {count[0]!r} column", at, 0, wilson, pct - {at}, True
        )
    n, source = _table_n(lines, start - 1, end, len(rows), captions)
    return _Table(n, source, None, 0, wilson, pct, True)


def _cells(line: str) -> list[str]:
    if "\t" in line:
        return [c.strip() for c in line.split("\t")]
    if line.strip().startswith("|"):
        return [c.strip() for c in line.strip().strip("|").split("|")]
    return line.split()


def _row_width(line: str) -> int:
    """Return the number of cells of a table row (0 for a line that is not one)."""
    if "\t" in line or (line.strip().startswith("|") and line.count("|") >= 3):
        return len(_cells(line))
    words = line.split()
    numbers = sum(bool(re.fullmatch(r"[-+]?\d[\d.,]*%?", w)) for w in words)
    if 3 <= len(words) <= 12 and numbers >= 2 and len(line) < 200:
        return -len(words)  # a space-separated row: only a run of equal widths counts
    return 0


_COUNT_HEADER = re.compile(
    r"^(?:n|N|#|count|cases|questions|tasks|trials|runs|samples|queries|items"
    r"|problems|episodes|seeds|matchups|conversations)\b",
    re.IGNORECASE,
)


def _header_words(line: str) -> list[str]:
    """Space-separated header words, a parenthesised unit joined to its word."""
    out: list[str] = []
    for word in line.split():
        if word.startswith("(") and out:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


_SD_HEADER = re.compile(
    r"^(?:\*\*)?(?:SD|S\.D\.|std\.?|stdev|std\.?\s*dev\.?|σ|s\.d\.)(?![\w.])",
    re.IGNORECASE,
)
_NOT_RATE_HEADER = re.compile(
    r"\b(?:latency|time|duration|seconds?|tokens?|cost|price|length|size|F1|F-1"
    r"|F-score|nDCG\S*|BLEU|ROUGE\S*|METEOR|chrF|MRR|mAP|AUC|AUROC|kappa|loss"
    r"|perplexity|PPL|mean|avg|average|median|score)\b"
    r"|\(\s*(?:s|ms|sec|min|h|hrs?|tokens?|\$|USD|MB|GB|KB|K)\s*\)|[κρ]",
    re.IGNORECASE,
)
_RATE_SUFFIX = re.compile(r"\s*(?:\(\s*%\s*\)|%|\brate\b)\s*", re.IGNORECASE)


def _roles(header: list[str]) -> dict[str, Any]:
    """Return what a table's header says of its columns (fields of :class:`_Table`).

    A column headed ``SD``/``std`` holds SDs: never a rate or a mean, checked
    (GRIMMER) with the mean to its left when the section states an integer
    scale. A column headed by a mean, a score (``F1``, ``nDCG@10``) or a unit
    (``Latency (s)``) holds no rate. A percent column ``Valid (%)`` beside a
    column ``Valid`` of counts takes its k from that column.
    """
    clean = [re.sub(r"[*`]", "", h).strip() for h in header]
    sd = frozenset(k for k, h in enumerate(clean) if k and _SD_HEADER.match(h))
    other = frozenset(
        k
        for k, h in enumerate(clean)
        if k and k not in sd and _NOT_RATE_HEADER.search(h)
    )
    plain = {h.lower(): k for k, h in enumerate(clean) if k and "%" not in h}
    pairs = []
    for k, h in enumerate(clean):
        if k and "%" in h:
            base = _RATE_SUFFIX.sub(" ", h).strip().lower()
            if base and base in plain and plain[base] != k:
                pairs.append((k, plain[base]))
    if not pairs:
        # one column of successes (``solved``, ``correct``, ``k``) and one rate
        # column (``rate``, ``%``, ``accuracy``): the rate's k is in the row
        wins = [k for k, h in enumerate(clean) if k and _SUCCESS_HEADER.match(h)]
        rates = [
            k
            for k, h in enumerate(clean)
            if k
            and k not in wins
            and k not in other
            and "@" not in h  # pass@k, recall@k: k is a cut-off there, not a count
            and _RATE_HEADER.search(h)
        ]
        if len(wins) == 1 and len(rates) == 1:
            pairs.append((rates[0], wins[0]))
    return {"sd_columns": sd, "other_columns": other, "k_columns": tuple(pairs)}


_SUCCESS_HEADER = re.compile(
    r"^(?:#\s*)?(?:k|solved|correct|successes|success|hits|passed|wins"
    r"|resolved|completed|right)$",
    re.IGNORECASE,
)
_RATE_HEADER = re.compile(r"%|\b(?:rate|accuracy|acc\.?)(?!\w)", re.IGNORECASE)


def _block(
    lines: list[str], start: int, end: int, width: int, captions: _Doc
) -> _Table | None:
    table = _block_n(lines, start, end, width, captions)
    if table is None:
        return None
    header = _header_words(lines[start - 1]) if width < 0 else _cells(lines[start])
    if len(header) != abs(width):
        return table
    return replace(table, **_roles(header))


def _block_n(
    lines: list[str], start: int, end: int, width: int, captions: _Doc
) -> _Table | None:
    if width < 0:
        if start == 0:
            return None
        words = _header_words(lines[start - 1])
        count = [k for k, w in enumerate(words) if _COUNT_HEADER.match(w)]
        if len(words) == -width and len(count) == 1:
            name = words[count[0]]
            pct = frozenset(k for k, w in enumerate(words) if "%" in w)
            return _Table(
                None, f"from the {name!r} column", count[0], -width, False, pct
            )
        return None
    header = lines[start]
    wilson = any(
        _WILSON.search(lines[k])
        for k in range(max(start - 3, 0), min(end + 4, len(lines)))
    )
    cells = _cells(header)
    count = [k for k, c in enumerate(cells) if _COUNT_HEADER.match(c)]
    pct = frozenset(k for k, w in enumerate(cells) if "%" in w)
    if len(count) == 1 and len(cells) == width:
        name = cells[count[0]]
        return _Table(None, f"from the {name!r} column", count[0], width, wilson, pct)
    means = tuple(
        (k, int(m["top"]), cell)
        for k, cell in enumerate(cells)
        if (m := _MEAN_OF.search(cell)) is not None and k > 0
    )
    found = {int(_num(m["n"])) for m in _HEADER_N.finditer(header)}
    if len(found) == 1:
        return _Table(
            found.pop(), "from the table header", None, width, wilson, pct, means=means
        )
    body = sum(1 for k in range(start + 1, end + 1) if not _RULE.match(lines[k]))
    stated, source = _table_n(lines, start, end, body, captions)
    if stated is None and width == 2:
        stated, source = _count_row(lines, start, end)
    return _Table(stated, source, None, width, wilson, pct, means=means)


def _count_row(lines: list[str], start: int, end: int) -> tuple[int | None, str]:
    """Return the n a two-column table states in one row (``Matchups ... | 3600``).

    The row's label starts with a count word (``Matchups``, ``Trials``, ``n``...)
    and its value is a whole number; two such rows with different numbers give
    no n (0-based ``start``: header; ``end``: last row).
    """
    found: dict[int, tuple[str, int]] = {}
    for k in range(start + 1, end + 1):
        cells = _cells(lines[k])
        if len(cells) != 2 or not _COUNT_HEADER.match(re.sub(r"[*`]", "", cells[0])):
            continue
        value = re.sub(r"[*`]", "", cells[1])
        if re.fullmatch(_INT, value) and int(_num(value)) >= 2:
            found.setdefault(int(_num(value)), (cells[0], k + 1))
    if len(found) != 1:
        return None, ""
    ((n, (label, line)),) = found.items()
    return n, f"from the {label!r} row (line {line})"


# a header over means of integer counts out of a stated top: ``Avg Checks (/8)``
_MEAN_OF = re.compile(
    r"\b(?:avg|average|mean)\b[^()]*\(\s*(?:/|out\s+of\s+)\s*(?P<top>\d{1,3})\s*\)",
    re.IGNORECASE,
)
_CELL_KN = re.compile(r"^(?:\*\*)?(?P<k>\d+)\s*/\s*(?P<n>\d+)(?:\*\*)?$")


def _row_means(
    ctx: _Context, out: list[PaperFinding], table: _Table, cells: list[str]
) -> None:
    """GRIM on a mean column (``Avg Checks (/8)``) over the runs a row's ``k/n`` counts.

    The row must print ``k/n`` cells of one ``n`` (``4/6``: six runs); the
    mean is taken to average one integer count per run: an inference, named
    in the note.
    """
    if len(cells) != table.cells:
        return
    ns = {
        (int(m["n"]), cell)
        for cell in cells[1:]
        if (m := _CELL_KN.match(cell)) is not None and int(m["k"]) <= int(m["n"])
    }
    if len({n for n, _ in ns}) != 1:
        return
    n, shown = min(ns)
    if n < 2:
        return
    for index, top, header in table.means:
        m = _CELL_NUMBER.match(cells[index])
        if m is None or "." not in m["v"] or not 0 <= float(m["v"]) <= top:
            continue
        why = (
            f"n = {n} from the row's {shown!r}; the {header!r} column taken to "
            f"average one integer count (0-{top}) per run"
        )
        out.append(_finding(ctx, m, "grim", m["v"], f"n={n}", inferred=why))


_RULE = re.compile(r"^\s*\|?[\s:|-]*-{3,}[\s:|-]*$")


def _is_row(line: str) -> bool:
    return _row_width(line) != 0 or _label_row(line) is not None


def _caption_ns(text: str) -> tuple[set[int], bool]:
    """Return the n a caption (or a line of prose) states, and whether it is a total.

    ``n = 40``, ``(100 seeds``, ``over 500 questions``, ``all 60 trials``,
    ``60 trials per budget``; ``(180 rows total)`` is a total.
    """
    explicit = {int(_num(m["n"])) for m in _EXPLICIT_N.finditer(text)}
    if explicit:
        return {x for x in explicit if x >= 2}, False
    ns: set[int] = set()
    total = False
    for m in _CAPTION_N.finditer(text):
        ns.add(int(_num(m["n"] or m["n2"])))
        total = total or bool(m["total"])
    return {x for x in ns if x >= 2}, total


def _grams(text: str) -> set[tuple[str, ...]]:
    """Return the runs of three content words (lower case, stop words dropped).

    Two captions that share one name the same experiment (``Condensed
    TP-conditioned semantic sweep`` and ``Full TP-conditioned semantic sweep``).
    """
    words = [w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP]
    return {tuple(words[k : k + 3]) for k in range(len(words) - 2)}


@dataclass
class _Doc:
    """What the table reader looks up across a text: captions, headings, scales."""

    text: list[str]
    caption_lines: list[int]  # caption lines (0-based), in order
    at: frozenset[int]  # the same, for membership
    heads: list[int]  # heading lines (0-based), in order
    scales: list[tuple[int, int, int]]  # (line, low, high) of each stated scale
    cache: dict[int, set[tuple[str, ...]]]
    index: dict[tuple[str, ...], list[tuple[int, int]]] | None = None
    counts: dict[tuple[str, ...], int] | None = None
    style: bool | None = None  # captions above the tables (see above())
    per: dict[str, dict[str, dict[int, int]]] | None = None

    @classmethod
    def of(cls, lines: list[str]) -> _Doc:
        captions = [k for k, line in enumerate(lines) if _CAPTION.match(line)]
        heads = [k for k, line in enumerate(lines) if _HEADING.match(line)]
        scales = []
        for k, line in enumerate(lines):
            if "scale" not in line.lower():
                continue
            for m in _SCALE.finditer(line):
                lo, hi = (
                    (1, int(m["pts"])) if m["pts"] else (int(m["lo"]), int(m["hi"]))
                )
                if lo < hi:
                    scales.append((k, lo, hi))
        return cls(lines, captions, frozenset(captions), heads, scales, {})

    def grams(self, k: int) -> set[tuple[str, ...]]:
        """Return the word runs of caption line ``k`` (:func:`_grams`), computed once."""
        if k not in self.cache:
            self.cache[k] = _grams(self.text[k])
        return self.cache[k]

    def stated(self) -> dict[tuple[str, ...], list[tuple[int, int]]]:
        """Map each word run to the ``(n, line)`` of the captions stating one n."""
        if self.index is None:
            self.index = {}
            for k in self.caption_lines:
                ns, total = _caption_ns(self.text[k])
                if len(ns) == 1 and not total:
                    n = ns.pop()
                    for gram in self.grams(k):
                        self.index.setdefault(gram, []).append((n, k))
        return self.index

    def shared(self, gram: tuple[str, ...]) -> int:
        """Return how many captions have the word run ``gram``."""
        if self.counts is None:
            self.counts = {}
            for k in self.caption_lines:
                for g in self.grams(k):
                    self.counts[g] = self.counts.get(g, 0) + 1
        return self.counts.get(gram, 0)

    def above(self) -> bool:
        """Return whether this text captions its tables above them (so on a tie).

        Counts the captions with table rows within three lines after them and
        none before (above), and the reverse (below).
        """
        if self.style is None:
            votes = 0
            for k in self.caption_lines:
                after = any(_is_row(x) for x in self.text[k + 1 : k + 4])
                before = any(_is_row(x) for x in self.text[max(k - 3, 0) : k])
                votes += int(after and not before) - int(before and not after)
            self.style = votes >= 0
        return self.style

    def per_unit(self, unit: str) -> dict[str, dict[int, int]]:
        """Map each word to the ``{N: line}`` of the ``N per <unit>`` said with it.

        ``40 per depth``, ``$n=40$ per depth``, ``14 tasks per depth``: the
        words are those of the sentence around the phrase (between its full
        stops), lower case; the line is the first (0-based) stating that N.
        """
        if self.per is None:
            self.per = {}
            for k, line in enumerate(self.text):
                if "per " not in line:
                    continue
                for m in _PER_UNIT.finditer(line):
                    n = int(_num(m["n"]))
                    if n < 2:
                        continue
                    head = line.rfind(". ", 0, m.start()) + 1
                    tail = line.find(". ", m.end())
                    sentence = line[head : tail if tail >= 0 else len(line)]
                    index = self.per.setdefault(m["unit"].lower(), {})
                    for w in {w.lower() for w in _WORD.findall(sentence)}:
                        index.setdefault(w, {}).setdefault(n, k)
        return self.per.get(unit, {})

    def section(self, start: int, end: int) -> tuple[int, int]:
        """Return the lines (0-based, half-open) of the section around ``start..end``.

        A section runs from the heading above to the next heading, at most 400
        lines either way.
        """
        h = bisect.bisect_right(self.heads, start) - 1
        top = max(self.heads[h] if h >= 0 else 0, start - 400, 0)
        h = bisect.bisect_right(self.heads, end)
        nxt = self.heads[h] if h < len(self.heads) else len(self.text)
        return top, min(nxt, end + 400, len(self.text))


_SCALE = re.compile(
    r"(?<![\d.])(?P<lo>\d)\s*(?:[-–]|to)\s*(?P<hi>\d{1,2})(?![\d.])\s*"
    r"(?:-?point\s+)?(?:Likert\s+)?(?:rating\s+)?scale"
    r"|(?<![\d.])(?P<pts>\d{1,2})-point\s+(?:Likert\s+)?(?:rating\s+)?scale",
    re.IGNORECASE,
)


def _scale(doc: _Doc, start: int, end: int) -> tuple[int, int, int] | None:
    """Return the integer scale (``1–5 scale``, ``7-point Likert``) the section states.

    Only one scale may be stated in the table's section; ``(low, high, line)``
    with a 1-based line, or ``None``.
    """
    top, bottom = doc.section(start, end)
    first = bisect.bisect_left(doc.scales, (top, -1, -1))
    found: dict[tuple[int, int], int] = {}
    for k, lo, hi in doc.scales[first:]:
        if k >= bottom:
            break
        found.setdefault((lo, hi), k + 1)
    if len(found) != 1:
        return None
    (((lo, hi), line),) = found.items()
    return lo, hi, line


_PROSE_REACH = 4  # lines of the section's prose, before the header or after the table
_PER_UNIT = re.compile(
    rf"(?<![\w.,])(?:\$?\s*[nN]\s*=\s*)?(?P<n>{_INT})\$?\s+(?:[A-Za-z]+\s+)?"
    r"per\s+(?P<unit>[A-Za-z]{3,})\b"
)
_BY_UNIT = re.compile(r"\bby\s+(?P<unit>[A-Za-z]{3,})\b")


def _title(caption: str) -> str:
    """Return a caption's title: its bold part, else its first sentence."""
    body = re.sub(r"^\s*(?:\*\*)?Table\s+\d+\s*[:.]?", "", caption, flags=re.I)
    bold = re.search(r"\*\*(.+?)\*\*", body)
    if bold is not None:
        return bold.group(1)
    stop = body.find(". ")
    return body if stop < 0 else body[:stop]


def _per_unit_n(caption: str, doc: _Doc) -> tuple[int, int, str] | None:
    """Return ``(n, line, unit)`` for a table "by <unit>" from the text's ``N per <unit>``.

    The caption's title names the unit (``Compliance by depth, synthetic``);
    the statements ``N per <unit>`` whose sentence shares a word of the title
    (``synthetic (120 tasks, 40 per depth)``) must all state one N.
    """
    title = _title(caption)
    by = {m["unit"].lower() for m in _BY_UNIT.finditer(title)}
    if len(by) != 1:
        return None
    (unit,) = by
    words = {w.lower() for w in _WORD.findall(title)} - _STOP - {unit}
    found: dict[int, int] = {}
    said = doc.per_unit(unit)
    for word in sorted(words):
        for n, k in said.get(word, {}).items():
            found[n] = min(k, found.get(n, k))
    if len(found) != 1:
        return None
    ((n, k),) = found.items()
    return n, k, unit


def _table_n(
    lines: list[str], start: int, end: int, rows: int, captions: _Doc
) -> tuple[int | None, str]:
    """Return the n of a table's rows and where it comes from, or ``(None, "")``.

    Sources: the table's caption, a caption of the same experiment, or its
    section's prose (0-based ``start``: header; ``end``: last row).

    The caption is the one within three lines above the header, or below the
    last row; when there is one on each side, the side the text captions its
    tables on (:meth:`_Doc.above`) decides.
    In that order, the first source that states one n wins; two different n in
    one source give no n. The prose read is that of the table's section (between
    two headings), at most ``_PROSE_REACH`` lines before the header or after the
    caption. A caption's total (``(180 rows total)``) over a table
    of ``rows`` rows gives ``total / rows`` when it divides evenly, else no n.
    Every n found here is an inference: the finding says where it came from.
    """
    above = next(
        (k for k in range(start - 1, max(start - 4, -1), -1) if k in captions.at), None
    )
    below = next(
        (k for k in range(end + 1, min(end + 4, len(lines))) if k in captions.at), None
    )
    caption = above if above is not None else below
    if above is not None and below is not None and not captions.above():
        caption = below  # this text captions its tables below them
    if caption is not None:
        ns, total = _caption_ns(lines[caption])
        if len(ns) == 1:
            n = ns.pop()
            line = caption + 1
            if not total:
                return n, f"from the table caption (line {line})"
            if rows >= 2 and n % rows == 0:
                return n // rows, (
                    f"(the total of {n} in the caption, line {line}, split "
                    f"evenly over the table's {rows} rows)"
                )
            return None, ""
        if ns:
            return None, ""
        # a run of words that three or more captions share is boilerplate
        grams = {g for g in captions.grams(caption) if captions.shared(g) <= 2}
        same: dict[int, int] = {}
        index = captions.stated()
        for gram in sorted(grams):
            for n, k in index.get(gram, ()):
                if k != caption:
                    same[n] = min(k, same.get(n, k))
        if len(same) == 1:
            ((n, k),) = same.items()
            shared = " ".join(sorted(grams & captions.grams(k))[0])
            return n, (
                f"from the caption at line {k + 1}, which names the same {shared!r}"
            )
        if len(same) > 1:
            return None, ""
        pooled = _pooled_n(caption, rows, captions)
        if pooled is not None:
            return pooled
    top, bottom = captions.section(start, end)
    stated: dict[int, int] = {}
    for k in range(max(top, start - _PROSE_REACH), min(bottom, end + 2 + _PROSE_REACH)):
        prose = lines[k]
        if start <= k <= end or k in captions.at or _is_row(prose):
            continue
        for m in _PROSE_N.finditer(prose):
            value = int(_num(m["n"] or m["n2"] or m["n3"]))
            if value >= 2:
                stated.setdefault(value, k)
    if len(stated) == 1:
        ((n, k),) = stated.items()
        return n, f"from the section's prose (line {k + 1})"
    if caption is not None and not stated:
        per = _per_unit_n(lines[caption], captions)
        if per is not None:
            n, k, unit = per
            return n, (
                f"(a table by {unit}; line {k + 1} states {n} per {unit} "
                "in a sentence naming the caption's subject)"
            )
    return None, ""


_POOLED = re.compile(r"\bpooled\b", re.IGNORECASE)


def _pooled_n(caption: int, rows: int, doc: _Doc) -> tuple[int, str] | None:
    """Return the n of a pooled table's rows from the total of the table before it.

    A caption that says *pooled* and states no n (``Category-pooled blackbox
    metrics``) re-splits the rows of the table captioned just before it when
    that caption states a total (``Per-model blackbox results (180 rows
    total)``) and shares a content word with it: the total split evenly over
    this table's rows, when it divides. Equal groups are an assumption, named
    in the note.
    """
    if not _POOLED.search(doc.text[caption]) or rows < 2:
        return None
    at = bisect.bisect_left(doc.caption_lines, caption)
    if at == 0:
        return None
    before = doc.caption_lines[at - 1]
    ns, total = _caption_ns(doc.text[before])
    if not total or len(ns) != 1:
        return None
    n = ns.pop()
    mine = {w.lower() for w in _WORD.findall(doc.text[caption])} - _STOP
    theirs = {w.lower() for w in _WORD.findall(doc.text[before])} - _STOP
    if not mine & theirs or n % rows:
        return None
    return n // rows, (
        f"(the total of {n} in the caption at line {before + 1}, which shares "
        f"{sorted(mine & theirs)[0]!r}, pooled over this table's {rows} rows "
        "and assumed split evenly)"
    )


_CELL_LEAD = re.compile(rf"^[~≈]?(?P<v>{_NUM}%)\s+[—–-]\s+\S")
_CELL_COUNT_PCT = re.compile(
    rf"^(?:\*\*)?(?P<k>{_INT})\s*\(\s*(?P<v>{_NUM})\s*%\s*\)(?:\*\*)?$"
)
_CELL_NUMBER = re.compile(rf"^(?:\*\*)?(?P<v>{_NUM})(?:\*\*)?$")
_CELL_INTERVAL = re.compile(
    rf"^\[\s*(?P<lo>{_NUM})\s*(?P<p1>%)?\s*,\s*(?P<hi>{_NUM})\s*(?P<p2>%)?\s*\]$"
)


def _cell_sd(
    ctx: _Context,
    out: list[PaperFinding],
    table: _Table,
    cells: list[str],
    index: int,
    n: int,
    why: str,
) -> None:
    """Check an SD cell with the mean to its left (GRIMMER), on a stated integer scale.

    Without a scale stated in the table's section, or without a mean beside
    it, an SD is not checked (never as a mean or a rate).
    """
    if table.scale is None or index < 2 or index - 1 in table.sd_columns:
        return
    mean = _CELL_NUMBER.match(cells[index - 1])
    sd = _CELL_NUMBER.match(cells[index])
    lo, hi, where = table.scale
    if (
        mean is None
        or sd is None
        or "." not in mean["v"]
        or "." not in sd["v"]
        or not lo <= float(mean["v"]) <= hi
    ):
        return
    note = f"{why}; integer scores on the {lo}-{hi} scale of line {where}"
    out.append(
        _finding(ctx, sd, "grimmer", f"{mean['v']};{sd['v']}", f"n={n}", inferred=note)
    )


def _table_cells(ctx: _Context, out: list[PaperFinding], table: _Table) -> None:
    cells = (_label_row(ctx.line) or []) if table.labelled else _cells(ctx.line)
    if table.cells and len(cells) != table.cells and _SUMMARY.match(ctx.line):
        cells = _label_row(ctx.line) or []  # cells from the left, after the label
    if table.means:
        _row_means(ctx, out, table, cells)
    n = table.n
    if table.count_column is not None:
        if table.cells and len(cells) != table.cells and not _SUMMARY.match(ctx.line):
            return
        if len(cells) <= table.count_column:
            return
        count = _num(cells[table.count_column])
        if not count.isdigit():
            return
        n = int(count)
    if n is None or n < 1:
        return
    why = f"n = {n} {table.source}"
    last: tuple[str, str] | None = None
    for index, cell in enumerate(cells):
        if index == table.count_column or index == 0:
            continue  # the first cell labels the row
        if index in table.sd_columns:
            _cell_sd(ctx, out, table, cells, index, n, why)
            last = None
            continue
        score = _CELL_NUMBER.match(cell) if table.scale else None
        if (
            table.scale is not None
            and score is not None
            and "." in score["v"]
            and index not in table.percent_columns
            and float(score["v"]) > 1
            and table.scale[0] <= float(score["v"]) <= table.scale[1]
        ):
            lo, hi, where = table.scale
            note = f"{why}; integer scores on the {lo}-{hi} scale of line {where}"
            out.append(
                _finding(ctx, score, "grim", score["v"], f"n={n}", inferred=note)
            )
            last = None
            continue
        if index in table.other_columns:
            last = None
            continue  # a mean, a score or a quantity with a unit: no rate
        paired = dict(table.k_columns).get(index)
        if paired is not None and table.count_column is not None:
            rate = _CELL_RATE.match(cell) or _CELL_NUMBER.match(cell)
            k_cell = re.sub(r"[*`]", "", cells[paired]) if paired < len(cells) else ""
            if rate is not None and re.fullmatch(_INT, k_cell):
                k = int(_num(k_cell))
                value = rate["v"].rstrip("%")
                percent = rate["v"].endswith("%") or index in table.percent_columns
                kind = "percent" if percent else "proportion"
                if k <= n and float(value) <= (100 if percent else 1):
                    # k and n are both printed in the row: data, not an inference
                    out.append(_finding(ctx, rate, kind, value, f"k={k};n={n}"))
                    last = None
                    continue
        both = _CELL_COUNT_PCT.match(cell)
        if both is not None:
            k = int(_num(both["k"]))
            if k <= n and float(both["v"]) <= 100:
                # with n from the row's count column, k and n are both printed
                # in the row: data, as for a paired k column
                note = "" if table.count_column is not None else why
                out.append(
                    _finding(
                        ctx, both, "percent", both["v"], f"k={k};n={n}", inferred=note
                    )
                )
            last = None
            continue
        m = _CELL_RATE.match(cell) or _CELL_LEAD.match(cell)
        if m is None and index in table.percent_columns:
            m = _CELL_NUMBER.match(cell)
        if m is not None:
            value = m["v"]
            if index in table.percent_columns and not value.endswith("%"):
                value += "%"
            if value.endswith("%"):
                kind, printed = "percent_attainable", value[:-1]
                top = 100
            else:
                kind, printed = "proportion_attainable", value
                top = 1
            if float(printed) > top or (
                table.count_column is not None and "." not in printed
            ):
                last = None
                continue
            found = _finding(ctx, m, kind, printed, f"n={n}", inferred=why)
            out.append(found)
            last = (printed, kind) if found.verdict == "consistent" else None
            continue
        iv = _CELL_INTERVAL.match(cell)
        if iv is not None and last is not None:
            res = (
                c.percent_attainable(last[0], n)
                if last[1] == "percent_attainable"
                else c.proportion_attainable(last[0], n)
            )
            if len(res.candidates) == 1:
                k = res.candidates[0]
                scale = (
                    ";scale=100"
                    if _percent_scale(iv) or last[1] == "percent_attainable"
                    else ""
                )
                method = "wilson"
                note = (
                    why
                    + f"; k = {k} from the rate"
                    + ("" if table.wilson else "; the text names no interval method")
                )
                out.append(
                    _finding(
                        ctx,
                        iv,
                        "interval",
                        f"{iv['lo']};{iv['hi']}",
                        f"k={k};n={n};method={method}{scale}",
                        inferred=note,
                    )
                )
        last = None if iv is None else last
