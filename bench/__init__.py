"""Benchmarks: the engine alone (engine_micro) and the service against the floor (run)."""
