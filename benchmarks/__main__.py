"""Run every benchmark module (or those named): `python -m benchmarks [rules render service]`."""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(names: list[str]) -> int:
    here = Path(__file__).parent
    modules = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    chosen = [m for m in modules if not names or m.removeprefix("bench_") in names]
    if not chosen:
        print(f"no benchmark matches {names}; have: {', '.join(m.removeprefix('bench_') for m in modules)}")
        return 2
    for name in chosen:
        print(f"== {name.removeprefix('bench_')}")
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
