"""The background worker: what a game's changes leave it (bot turns, changes to tell webhooks), done
off the request path, in a process of its own (``python -m service.worker``)."""
