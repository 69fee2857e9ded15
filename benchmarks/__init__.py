"""Speed and memory measurements. Each `bench_*.py` module here has a `main()` that prints medians
and ratios; `python -m benchmarks [NAME ...]` runs all of them (or the named ones)."""
