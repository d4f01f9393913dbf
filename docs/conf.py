"""Sphinx configuration of the context-laws documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
from the repository root. The pages under ``_generated/`` (the API reference,
the claims ledger and the executed notebooks) are written at build time by
``_ext/context_laws_docs.py``; they are not committed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))
# The notebook kernels inherit this environment: they import this checkout's
# packages, not whichever copy is installed.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
)
os.environ.setdefault("MPLBACKEND", "Agg")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

project = "context-laws"
author = "the context-laws authors"
copyright = "2026, the context-laws authors"
release = "0.1.0.dev0"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "context_laws_docs",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}

# numpy-style docstrings, as the house style requires.
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
autodoc_typehints = "none"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": False}
autosummary_generate = False

myst_enable_extensions = ["dollarmath", "amsmath", "deflist", "colon_fence"]
myst_heading_anchors = 3

# Notebooks run at every build (``force``), so the figures always show the code
# they document. CONTEXT_LAWS_DOCS_EXECUTE=cache reuses results keyed on each
# notebook's content (stale after a code change); ``off`` skips execution.
nb_execution_mode = os.environ.get("CONTEXT_LAWS_DOCS_EXECUTE", "force")
nb_execution_timeout = 900
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_cache_path = str(DOCS / "_build" / ".jupyter_cache")
nb_merge_streams = True

html_theme = "alabaster"
html_title = "context-laws"
html_theme_options = {
    "description": "Executable, machine-checked laws of context compression",
    "fixed_sidebar": True,
    "page_width": "1100px",
    "sidebar_width": "240px",
}
html_static_path = ["_static"]
# Long code, evidence and tables wrap instead of being cut at the right edge;
# links are underlined; verdicts have a colour (context_laws_docs's tables).
html_css_files = ["context-laws.css"]

# The maths is typeset by a MathJax copy that ships with the site (from the
# sphinx-mathjax-offline package, copied by context_laws_docs at the end of the
# build): SVG output, so no web font is loaded either. No page loads anything
# from the network; ``python docs/_ext/site_check.py docs/_build/html`` checks it.
mathjax_path = "mathjax/tex-svg.js"

# Napoleon turns a parameter's type text ("array of length n") into
# cross-references; a bare word such as ``n`` then matches several dataclass
# fields (``MeanCI.n``, ``UseFactor.n``, ...) and Sphinx warns that the
# reference is ambiguous. Those words were never meant as links: silence exactly
# that warning type (ambiguous Python cross-references), nothing else.
suppress_warnings = ["ref.python"]
