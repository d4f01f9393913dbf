"""Benchmark: the mutation runner's warm mode against a fresh interpreter per mutant.

Run ``python tests/bench/bench_mutate_modes.py --module M [--module M ...]``
(from the repository root, with a virtualenv that does not live inside the
checkout, see ``tests/mutants/README.md``). For each module it runs the same
mutants (all, or the first ``--limit``) once with ``--mode subprocess`` (a new
``python`` per mutant, which imports pytest, numpy, scipy, ... itself) and once
with ``--mode warm`` (a child forked from a process that imported them once),
and prints the seconds per mutant of each, their ratio (subprocess / warm) and
whether the two modes gave every mutant the same verdict (killed, timeout or
survived) and the same first failing test. Exit status 1 if any verdict
differs. With ``--before`` it also runs the mutants as the runner did before
the warm mode (forked children with pytest's previous options: xdist not
disabled, so ``tests/conftest.py`` started two worker interpreters per mutant,
and temporary paths in the shared ``/tmp/pytest-of-USER``) and prints the
ratio before / warm.
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", required=True)
    parser.add_argument("--limit", type=int, default=0, help="first N mutants (0: all)")
    parser.add_argument("--timeout", type=float, default=None)
    parser.add_argument(
        "--before", action="store_true", help="also time the previous options"
    )
    args = parser.parse_args(argv)
    mutate = _mutate()
    config = mutate.load_config()
    mutate._preimport()
    same = True
    modes = ("before", "subprocess", "warm") if args.before else ("subprocess", "warm")
    total = dict.fromkeys(modes, 0.0)
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
            )  # fmt: skip
            per = sum(o.seconds for o in outcomes) / max(len(outcomes), 1)
            total[mode] += sum(o.seconds for o in outcomes)
            runs[mode] = outcomes
            print(f"{module} {mode:10} {len(outcomes)} mutants  {per:6.2f} s/mutant  "
                  f"baseline {base:5.1f} s  wall {time.monotonic() - t0:6.1f} s  "
                  f"killed {sum(o.status != 'survived' for o in outcomes)}", flush=True)  # fmt: skip
        count += len(mutants)
        diff = [
            (a.id, a.status, b.status, a.killed_by, b.killed_by)
            for a, b in zip(runs["subprocess"], runs["warm"], strict=True)
            if (a.status, a.killed_by) != (b.status, b.killed_by)
        ]
        for d in diff:
            print("DIFFERENT", *d)
        same = same and not diff
        print(f"{module}: verdicts {'identical' if not diff else 'DIFFER'}; "
              f"ratio subprocess/warm "
              f"{sum(o.seconds for o in runs['subprocess']) / max(sum(o.seconds for o in runs['warm']), 1e-9):.2f}",
              flush=True)  # fmt: skip
    if count:
        per = ", ".join(f"{m} {total[m] / count:.2f} s/mutant" for m in modes)
        ratios = ", ".join(
            f"{m}/warm {total[m] / max(total['warm'], 1e-9):.2f}"
            for m in modes
            if m != "warm"
        )
        print(f"all: {count} mutants: {per}; ratio {ratios}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
