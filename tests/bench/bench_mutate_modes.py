"""Benchmark: the mutation runner's modes on the same mutants, and their verdicts.

Run ``python tests/bench/bench_mutate_modes.py --module M [--module M ...]``
(from the repository root, with a virtualenv that does not live inside the
checkout, see ``tests/mutants/README.md``). For each module it runs the same
mutants (all, or the first ``--limit``) once in each mode of ``--modes``
(default ``warm,coverage``; also ``subprocess`` and ``before``), one mode after
the other, and prints per mode the seconds per mutant (pytest runs only; a
mutant judged "not covered" counts 0 s), the wall time of the module (copy,
unmutated run, coverage recording, canary and mutants), the killed count and
the not-covered count. It then compares every mode with the first: the same
verdict (killed, timeout or survived) for every mutant, and how many first
failing tests (``killed_by``) differ (the coverage mode runs the tests that
killed earlier mutants first unless ``--order collection``). Exit status 1 if
any killed/survived verdict differs (a timeout counts as killed: a mutant
killed in one mode and timed out in the other is the same verdict).

``before`` runs the mutants as the runner did before the warm mode (forked
children with pytest's previous options: xdist not disabled, so
``tests/conftest.py`` started two worker interpreters per mutant, and
temporary paths in the shared ``/tmp/pytest-of-USER``).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _mutate() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "_mutate", ROOT / "tests" / "mutants" / "mutate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_mutate"] = module
    spec.loader.exec_module(module)
    return module


def _caught(status: str) -> bool:
    return status != "survived"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", required=True)
    parser.add_argument("--limit", type=int, default=0, help="first N mutants (0: all)")
    parser.add_argument("--timeout", type=float, default=None)
    parser.add_argument(
        "--modes",
        default="warm,coverage",
        help="comma-separated, the first is the reference (default warm,coverage)",
    )
    parser.add_argument("--order", choices=("killers", "collection"), default="killers")
    args = parser.parse_args(argv)
    mutate = _mutate()
    modes = args.modes.split(",")
    allowed = {*mutate.MODES, "before"}
    if not modes or any(m not in allowed for m in modes):
        parser.error(f"--modes: each of {sorted(allowed)}, got {args.modes!r}")
    config = mutate.load_config()
    mutate._preimport()
    same = True
    total = dict.fromkeys(modes, 0.0)
    wall = dict.fromkeys(modes, 0.0)
    new_args = mutate.pytest_args

    def before_args(copy: Path) -> list[str]:
        # the options of the runner before the warm mode
        out = [a for a in new_args(copy) if not a.startswith("--basetemp=")]
        i = out.index("no:xdist")
        return out[: i - 1] + out[i + 1 :]

    count = 0
    for module in args.module:
        mutants = mutate.generate(module, (ROOT / module).read_text())
        if args.limit:
            mutants = mutants[: args.limit]
        runs = {}
        for mode in modes:
            t0 = time.monotonic()
            vars(mutate)["pytest_args"] = before_args if mode == "before" else new_args
            outcomes, base, _ = mutate.run_module(
                module, config[module], mutants, jobs=1, timeout=args.timeout,
                log=False, mode="warm" if mode == "before" else mode,
                order=args.order,
            )  # fmt: skip
            spent = time.monotonic() - t0
            per = sum(o.seconds for o in outcomes) / max(len(outcomes), 1)
            total[mode] += sum(o.seconds for o in outcomes)
            wall[mode] += spent
            runs[mode] = outcomes
            nc = sum(o.judged == "not_covered" for o in outcomes)
            print(f"{module} {mode:10} {len(outcomes)} mutants  {per:6.2f} s/mutant  "
                  f"baseline {base:5.1f} s  wall {spent:6.1f} s  "
                  f"killed {sum(_caught(o.status) for o in outcomes)}  "
                  f"not covered {nc}", flush=True)  # fmt: skip
        count += len(mutants)
        ref = modes[0]
        for mode in modes[1:]:
            pairs = list(zip(runs[ref], runs[mode], strict=True))
            diff = [
                (a.id, a.status, b.status, a.killed_by, b.killed_by)
                for a, b in pairs
                if _caught(a.status) != _caught(b.status)
            ]
            other = sum(a.killed_by != b.killed_by for a, b in pairs if not diff)
            for d in diff:
                print("DIFFERENT", mode, *d)
            same = same and not diff
            ratio = sum(o.seconds for o in runs[ref]) / max(
                sum(o.seconds for o in runs[mode]), 1e-9
            )
            print(f"{module}: {ref} vs {mode}: verdicts "
                  f"{'identical' if not diff else 'DIFFER'}; killed_by differs "
                  f"for {other}; ratio {ref}/{mode} {ratio:.2f}", flush=True)  # fmt: skip
    if count:
        per = ", ".join(
            f"{m} {total[m] / count:.2f} s/mutant (wall {wall[m] / count:.2f})"
            for m in modes
        )
        ratios = ", ".join(
            f"{modes[0]}/{m} {total[modes[0]] / max(total[m], 1e-9):.2f} "
            f"(wall {wall[modes[0]] / max(wall[m], 1e-9):.2f})"
            for m in modes[1:]
        )
        print(f"all: {count} mutants: {per}; ratio {ratios}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
