"""The contract's examples, recorded from real answers: ``make examples`` (``python -m harness.examples``).

A scripted scenario (``scenario.py``) plays every operation's every documented status that
has a body against the real app, made deterministic (``recorder.py``: seeded ids, tokens and
keys, a fixed clock, the embedded store, a few store faults), and the answers are written into
openapi.yaml (``contract_text.py``): each as a named example in one generated section of
``components/examples``, referenced from the ``examples`` of its media type. Nothing else of the
hand-written file is touched. tests/contract/test_examples.py fails when a fresh recording
differs from what is committed or leaves a media type without an example, and replays each
step whose answer is deterministic against a running sandbox (``restart-service sandbox``).

A new operation gets its examples from a step added to ``scenario.py`` (one per documented
status with a body), then ``make examples``.
"""
