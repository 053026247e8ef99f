"""Stand-ins for the outside world that tests and benchmarks share (no network, no model).

Kept in the package, like pydantic-ai's test model, so `tests/` and `bench/` use one fake
instead of each writing its own; nothing in the product imports it.
"""
