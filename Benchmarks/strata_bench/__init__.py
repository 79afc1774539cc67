"""Strata's benchmark runner, as a package: Benchmarks/run imports runner.main(). See the docstring of
Benchmarks/run and Benchmarks/README.md."""
