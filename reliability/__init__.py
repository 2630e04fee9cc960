"""The reliability suite: what the service does when clients race, when Redis or a worker dies, and
when input is hostile.

Every scenario starts its own Redis and gunicorn processes (never the developer's Redis on
6379), plays real games over HTTP, and returns a ``ScenarioResult`` with its figures and the
anomalies it found. ``python -m reliability.run`` runs them at full scale and writes
docs/RELIABILITY.md; tests/reliability runs the same functions with small counts.
"""
