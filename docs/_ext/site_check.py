r"""Check a built documentation site works offline, and screenshot it.

Usage (after ``python -m sphinx -W --keep-going -b html docs docs/_build/html``)::

    python docs/_ext/site_check.py docs/_build/html [--screenshots DIR] [--chromium PATH]

It checks that

1. no page or stylesheet loads anything from the network: no ``script``,
   ``link``, ``img``, ``iframe``, ``source``, ``video``, ``audio``, ``object``
   or ``embed`` with an ``http(s)://`` or ``//`` address, and no CSS ``url()``
   or ``@import`` of one (plain ``<a href>`` links are fine: they load nothing);
2. no formula is left as raw TeX: each page with maths is opened in headless
   Chromium (network disabled) and every ``.math`` element of the rendered page
   must hold a typeset ``mjx-container`` and no ``\(``, ``\[`` or ``$$``;
3. with ``--screenshots DIR``: PNGs of the index, a guide, a notebook and the
   ledger page, taken with the network disabled.

Chromium is Debian's ``chromium`` (``apt-get install -y chromium``); without it
checks 2 and 3 are skipped with a message (exit status 0 if check 1 passed,
unless ``--require-chromium``). Exit status: 0 when every check passed, 1 when
one failed, 2 on usage.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

REMOTE = re.compile(r"^\s*(?:https?:)?//", re.I)
CSS_REMOTE = re.compile(r"(?:url\(\s*['\"]?|@import\s+['\"])\s*(?:https?:)?//", re.I)
LOADING = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "object": ("data",),
    "embed": ("src",),
    "track": ("src",),
}
SCREENSHOTS = {
    "index": "index.html",
    "guide-depth": "guide/depth.html",
    "notebook-depth-laws": "_generated/notebooks/depth_laws.html",
    "ledger": "_generated/ledger.html",
}
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    # any host name fails to resolve: a page that needs the network shows it
    "--host-resolver-rules=MAP * ~NOTFOUND",
)


class _Loads(HTMLParser):
    """Collect the addresses a page loads (not the ones it merely links to)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in LOADING.get(tag, ()):
            value = values.get(name) or ""
            for part in value.split(","):
                if REMOTE.match(part):
                    self.found.append(f"<{tag} {name}={part.strip()!r}>")
        style = values.get("style") or ""
        if CSS_REMOTE.search(style):
            self.found.append(f"<{tag} style={style!r}>")
        self._style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._style = False

    def handle_data(self, data: str) -> None:
        if self._style and CSS_REMOTE.search(data):
            self.found.append("<style> with a remote url()")


def remote_loads(html: str) -> list[str]:
    """Return every network address ``html`` loads.

    Examples
    --------
    >>> remote_loads('<script src="https://cdn.example/x.js"></script><a href="https://x">x</a>')
    ["<script src='https://cdn.example/x.js'>"]
    >>> remote_loads('<script src="_static/mathjax/tex-svg.js"></script>')
    []
    """
    parser = _Loads()
    parser.feed(html)
    return parser.found


def check_offline(site: Path) -> list[str]:
    """Return one problem per page or stylesheet of ``site`` that loads from the network."""
    problems = []
    for page in sorted(site.rglob("*.html")):
        for load in remote_loads(page.read_text(encoding="utf-8", errors="replace")):
            problems.append(f"{page.relative_to(site)}: loads {load}")
    for sheet in sorted(site.rglob("*.css")):
        if CSS_REMOTE.search(sheet.read_text(encoding="utf-8", errors="replace")):
            problems.append(f"{sheet.relative_to(site)}: imports a remote url()")
    return problems


class _Maths(HTMLParser):
    """In a rendered DOM: each ``.math`` element, typeset or not, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.formulas: list[tuple[bool, str]] = []
        self._depth = 0  # element depth inside the current .math element
        self._typeset = False
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._depth:
            self._depth += 1
            self._typeset |= tag == "mjx-container"
        elif "math" in classes and tag in ("span", "div"):
            self._depth, self._typeset, self._text = 1, False, []

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1
            if not self._depth:
                self.formulas.append((self._typeset, "".join(self._text)))

    def handle_data(self, data: str) -> None:
        if self._depth:
            self._text.append(data)


def raw_tex(dom: str) -> list[str]:
    r"""Return the formulas of a rendered DOM that MathJax did not typeset.

    Examples
    --------
    >>> raw_tex('<span class="math notranslate">\\(x^2\\)</span>')
    ['\\(x^2\\)']
    >>> raw_tex('<span class="math"><mjx-container><svg></svg></mjx-container></span>')
    []
    """
    parser = _Maths()
    parser.feed(dom)
    bad = []
    for typeset, text in parser.formulas:
        if not typeset or any(m in text for m in ("\\(", "\\[", "$$")):
            bad.append(text.strip()[:80])
    return bad


def find_chromium(explicit: str | None = None) -> str | None:
    """Return the Chromium executable (``explicit``, else ``chromium`` on PATH)."""
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _chromium(chromium: str, args: list[str], *, timeout: float = 120) -> str:
    with tempfile.TemporaryDirectory(prefix="context-laws-chromium-") as profile:
        done = subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    if done.returncode != 0:
        msg = f"chromium failed ({done.returncode}): {done.stderr[-800:]}"
        raise RuntimeError(msg)
    return done.stdout


def check_math(site: Path, chromium: str) -> list[str]:
    """Return one problem per page whose formulas stay raw TeX after rendering."""
    problems = []
    for page in sorted(site.rglob("*.html")):
        source = page.read_text(encoding="utf-8", errors="replace")
        if 'class="math' not in source:
            continue
        dom = _chromium(
            chromium,
            ["--virtual-time-budget=20000", "--dump-dom", page.resolve().as_uri()],
        )
        bad = raw_tex(dom)
        if bad or "mjx-container" not in dom:
            problems.append(
                f"{page.relative_to(site)}: {len(bad)} formulas left as raw TeX, "
                f"e.g. {bad[:3]}"
            )
    return problems


def screenshots(site: Path, dest: Path, chromium: str) -> list[Path]:
    """Screenshot the index, a guide, a notebook and the ledger into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    taken = []
    for name, page in SCREENSHOTS.items():
        target = dest / f"{name}.png"
        _chromium(
            chromium,
            [
                "--window-size=1280,1500",
                "--virtual-time-budget=20000",
                f"--screenshot={target}",
                (site / page).resolve().as_uri(),
            ],
        )
        if not target.is_file() or target.stat().st_size == 0:
            msg = f"no screenshot written for {page}"
            raise RuntimeError(msg)
        taken.append(target)
    return taken


def main(argv: list[str] | None = None) -> int:
    """Run the checks; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python docs/_ext/site_check.py",
        description=(__doc__ or "").split("\n\n", 1)[0],
        epilog="exit status: 0 every check passed, 1 one failed, 2 usage.",
    )
    parser.add_argument("site", type=Path, help="the built HTML (docs/_build/html)")
    parser.add_argument("--screenshots", type=Path, metavar="DIR")
    parser.add_argument("--chromium", metavar="PATH")
    parser.add_argument("--require-chromium", action="store_true")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} holds no index.html: build the docs first")
    problems = check_offline(args.site)
    print(f"offline: {len(problems)} pages load from the network")
    chromium = find_chromium(args.chromium)
    if chromium is None:
        print("chromium not found: raw-TeX check and screenshots skipped")
        if args.require_chromium:
            problems.append("chromium is required (apt-get install -y chromium)")
    else:
        maths = check_math(args.site, chromium)
        print(f"maths: {len(maths)} pages with formulas left as raw TeX")
        problems += maths
        if args.screenshots is not None:
            for path in screenshots(args.site, args.screenshots, chromium):
                print(f"screenshot: {path}")
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
