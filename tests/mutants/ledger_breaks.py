"""Break each core operator in a copy of the package and re-run the claims about it.

Usage::

    python tests/mutants/ledger_breaks.py            # the claims each break names
    python tests/mutants/ledger_breaks.py --ledger   # the whole ledger (--quick) per break

Each break rewrites one expression of the package in a temporary copy of
``algebra``, ``theory``, ``witnesses`` and ``proofs``. The default mode runs,
in one subprocess per break, ``proofs.check(id)`` for the claims the break
names, and fails (exit 1) if any of them still says ``proven`` or
``verified``: a claim about the function users call must notice when that
function is wrong. ``--ledger`` runs ``python -m proofs --json --quick`` on
the intact copy and on every break and prints, for every claim that is
proven or verified on the intact code, its verdict under each break (the
table of issue 20).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("algebra", "theory", "witnesses", "proofs")
# A claim "settles" when it is proven or verified, or conditional on its checked
# domain (the simulation claims resting on the Wilson interval): a break must
# move each named claim to open or refuted.
SETTLED = ("proven", "verified", "conditional")


@dataclass(frozen=True)
class Break:
    """One deliberate error: replace ``old`` by ``new`` (once) in ``path``."""

    path: str
    old: str
    new: str
    claims: tuple[str, ...]
    why: str


BREAKS: dict[str, Break] = {
    "endo-shift+1": Break(
        "algebra/compose.py",
        "(b_w, a_total + b_pre))",
        "(b_w, a_total + b_pre + 1))",
        ("VM-P1", "VM-P2", "VM-NF", "VM-SYS", "VM-R1", "VM-D2-SOUND", "VM-D2-NEC"),
        "compose_endo's shift branch off by one: not associative "
        "((1,0,0),(2,2,0),(3,2,0) gives d_pre 3 vs 4) and leaves the normal form",
    ),
    "commit-keeps-b-pre": Break(
        "algebra/compose.py",
        "ite(a_c, (a_w, a_pre), (w, pre))",
        "ite(a_c, (a_w, a_pre + b_pre), (w, pre))",
        ("VM-P3", "VM-P1-COMMIT"),
        "compose_commit's committed branch adds d_pre_b: absorption escapes. VM-NF "
        "rightly stays proven (d_pre_a + d_pre_b <= d_total_a + d_total_b keeps the "
        "normal form), as does VM-P2-COMMIT (the identity adds 0)",
    ),
    "sim-exponent-d(d-1)/2": Break(
        "theory/depth/formulas.py",
        "return d * (d + 1) / 2",
        "return d * (d - 1) / 2",
        ("DL-T7", "DL-P1-INTERVAL", "DL-P1-VALUES", "DL-P1-DSTAR"),
        "the similarity exponent d(d+1)/2 becomes d(d-1)/2",
    ),
    "contract-weakened": Break(
        "algebra/contract.py",
        "return compressed_total >= minimum(original_total, k)",
        "return compressed_total >= minimum(original_total, k) - 1",
        ("VM-D2-SOUND",),
        "satisfies_contract accepts one development event too few (not sound)",
    ),
    "contract-strict": Break(
        "algebra/contract.py",
        "return compressed_total >= minimum(original_total, k)",
        "return compressed_total > minimum(original_total, k)",
        ("VM-D2-NEC",),
        "satisfies_contract demands one event more (sound, but not necessary)",
    ),
    "absorbed-le": Break(
        "algebra/absorb.py",
        "return d_pre < k",
        "return d_pre <= k",
        ("VM-D2-SOUND", "VM-D2-NEC"),
        "is_absorbed counts d_pre = k as absorbed (off by one against the contract)",
    ),
    "p_structured-q^(d+1)": Break(
        "theory/depth/formulas.py",
        "return d * log_q",
        "return (d + 1) * log_q",
        ("DL-T9", "DL-P1-INTERVAL", "DL-T11-COMPOSE"),
        "p_structured's exponent off by one: q**(d + 1) (the log path, which "
        "p_structured, log_p_structured and the crossover evaluate)",
    ),
    "p_struct_power-q^(d+1)": Break(
        "theory/depth/formulas.py",
        "    return q**d",
        "    return q ** (d + 1)",
        ("DL-T9", "DL-P1-INTERVAL", "DL-P1-VALUES", "DL-P1-DSTAR", "DL-T11-COMPOSE"),
        "the power path of P_struct off by one (p_structured(as_mpf=True), "
        "advantage, p_depth_scatter)",
    ),
    "crossover_depth+1": Break(
        "theory/depth/_crossover.py",
        "return None if found is None else found.low",
        "return None if found is None else found.low + 1",
        ("DL-P1-DSTAR",),
        "crossover_depth returns one hop too deep",
    ),
    "assembly-p^(sigma+1)": Break(
        "theory/scatter.py",
        "    return p**sigma",
        "    return p ** (sigma + 1)",
        ("DL-T11-ASSEMBLY", "DL-T11-COMPOSE"),
        "p_assembly's exponent off by one",
    ),
    "comply-plus": Break(
        "theory/compliance.py",
        "    return p_ret * kappa",
        "    return p_ret * kappa + (1 - kappa) * p_ret / 2",
        ("DL-C2",),
        "p_comply adds a spurious term (exceeds kappa)",
    ),
    "tropical-shift+1": Break(
        "algebra/tropical/_element.py",
        "y = min(x + a.d_total, k)",
        "y = min(x + a.d_total + 1, k)",
        ("VM-TROP-MONOID", "VM-TROP-HOM", "VM-SEMIRING-SET"),
        "compose_tropical shifts the right slots one too far",
    ),
    "wilson-narrow": Break(
        "theory/inference/_proportions.py",
        "d_lo = d_hi = z / denom * math.sqrt(4.0 * n * p * q + z * z)",
        "d_lo = d_hi = z / denom * math.sqrt(4.0 * n * p * q + z * z) / 10",
        ("DL-T9-SIM", "DL-T10-SIM"),
        "the Wilson interval ten times too narrow: the simulation claims that test "
        "rates against it must fail. No ledger claim checks the interval itself, so "
        "a too-wide interval (or the centre losing its z**2, measured) goes unseen",
    ),
}
"""The breaks of issue 20 and the claims each must unsettle."""


def copy_package(dest: Path, root: Path = ROOT) -> Path:
    """Copy the four packages and ``pyproject.toml`` of ``root`` into ``dest``."""
    for name in PACKAGES:
        shutil.copytree(
            root / name,
            dest / name,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis"),
        )
    return dest


def apply(copy: Path, brk: Break) -> None:
    """Apply ``brk`` to the copy; raise if its pattern is not found exactly once."""
    target = copy / brk.path
    source = target.read_text(encoding="utf-8")
    if source.count(brk.old) != 1:
        msg = f"{brk.path}: pattern {brk.old!r} occurs {source.count(brk.old)} times"
        raise ValueError(msg)
    target.write_text(source.replace(brk.old, brk.new, 1), encoding="utf-8")


_PROBE = """\
import json, sys, traceback
from proofs import check
out = {}
for cid in sys.argv[1:]:
    try:
        out[cid] = check(cid).verdict.value
    except Exception:
        out[cid] = "error: " + traceback.format_exc().strip().splitlines()[-1]
print(json.dumps(out))
"""


def verdicts(
    copy: Path, claims: tuple[str, ...], timeout: float = 300
) -> dict[str, str]:
    """Run ``proofs.check`` for ``claims`` in a fresh interpreter on ``copy``."""
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, *claims],
        cwd=copy,
        env=_env(copy),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if proc.returncode != 0:
        msg = f"probe crashed (exit {proc.returncode}): {proc.stderr[-2000:]}"
        raise RuntimeError(msg)
    result: dict[str, str] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def ledger(copy: Path, timeout: float = 1200) -> dict[str, str]:
    """Run ``python -m proofs --json --quick`` on ``copy``; return id -> verdict."""
    proc = subprocess.run(
        [sys.executable, "-m", "proofs", "--json", "--quick"],
        cwd=copy,
        env=_env(copy),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if not proc.stdout.strip():
        msg = f"ledger crashed (exit {proc.returncode}): {proc.stderr[-2000:]}"
        raise RuntimeError(msg)
    doc = json.loads(proc.stdout)
    return {row["id"]: row["verdict"] for row in doc["claims"]}


def _env(copy: Path) -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy)
    env.setdefault("OPENBLAS_NUM_THREADS", "1")
    env["PYTHONHASHSEED"] = "0"
    return env


def run_break(brk: Break, root: Path = ROOT) -> dict[str, str]:
    """Apply ``brk`` to a fresh copy and return its claims' verdicts."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = copy_package(Path(tmp) / "repo", root)
        apply(copy, brk)
        return verdicts(copy, brk.claims)


def run_claims(
    breaks: dict[str, Break] = BREAKS, root: Path = ROOT, workers: int = 2
) -> dict[str, dict[str, str]]:
    """Return break -> claim -> verdict for the claims each break names.

    Breaks run in ``workers`` subprocesses at a time (each in its own copy).
    """
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {
            name: pool.submit(run_break, brk, root) for name, brk in breaks.items()
        }
        return {name: future.result() for name, future in futures.items()}


def survivors(results: dict[str, dict[str, str]]) -> list[tuple[str, str, str]]:
    """Return ``(break, claim, verdict)`` for every claim still proven or verified."""
    return [
        (name, cid, verdict)
        for name, rows in results.items()
        for cid, verdict in rows.items()
        if verdict in SETTLED
    ]


def ledger_table(
    breaks: dict[str, Break] = BREAKS, root: Path = ROOT, save: Path | None = None
) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Return the intact ledger and, per break, the whole ledger's verdicts.

    With ``save``, the results so far are written there (JSON) after each run.
    """
    with tempfile.TemporaryDirectory() as tmp:
        base = ledger(copy_package(Path(tmp) / "repo", root))
    broken: dict[str, dict[str, str]] = {}
    for name, brk in breaks.items():
        with tempfile.TemporaryDirectory() as tmp:
            copy = copy_package(Path(tmp) / "repo", root)
            apply(copy, brk)
            broken[name] = ledger(copy)
        if save is not None:
            save.write_text(json.dumps({"base": base, "broken": broken}, indent=1))
    return base, broken


def _print_table(base: dict[str, str], broken: dict[str, dict[str, str]]) -> None:
    names = list(broken)
    print("| claim | intact | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for cid, verdict in base.items():
        if verdict not in SETTLED:
            continue
        cells = [broken[n].get(cid, "-") for n in names]
        marked = [f"**{c}**" if c != verdict else c for c in cells]
        print(f"| {cid} | {verdict} | " + " | ".join(marked) + " |")


def main(argv: list[str] | None = None) -> int:
    """Run the breaks; exit 1 if a named claim still settles under its break."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ledger", action="store_true", help="whole ledger per break")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository to copy")
    parser.add_argument("--only", nargs="*", help="run only these breaks")
    parser.add_argument("--save", type=Path, help="--ledger: write JSON as it goes")
    args = parser.parse_args(argv)
    chosen = {k: v for k, v in BREAKS.items() if not args.only or k in args.only}
    if args.ledger:
        base, broken = ledger_table(chosen, args.root, args.save)
        _print_table(base, broken)
        return 0
    results = run_claims(chosen, args.root)
    for name, rows in results.items():
        print(f"{name}: " + ", ".join(f"{c} {v}" for c, v in rows.items()))
    left = survivors(results)
    if left:
        print("STILL SETTLED:", left)
        return 1
    print(f"every claim named by the {len(results)} breaks is unsettled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
