"""The development harness shared by tests, bench and reliability; never shipped with the service.

- ``redis_server``: a real, private ``redis-server`` process on a free port.
- ``redis_cluster``: a local Redis Cluster made of such servers.
- ``service_process``: the service under gunicorn, as production runs it.
- ``http_client``: a small keep-alive JSON client (``Client``) and the ``Answer`` it returns.
- ``players``: the sample player names (``SAMPLE_NAMES``) and a player of random legal games.
- ``games``: ``create_game``, the one way to create a game over HTTP, and the ``Game`` it returns.
- ``clients``: client apps (and their keys) registered straight in a store, for the service under test.
- ``in_process_api``: the app driven in process through Flask's test client (``Api``).
- ``sample_games``: sample stored data (``game_row``) for a store given a game whose content does
  not matter.
"""
