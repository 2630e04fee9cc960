"""HTTP: Flask blueprints, marshmallow request schemas, authentication and the one error handler.

Data flows one way: request -> schema -> ``service.rules`` decides -> ``service.store``
saves atomically -> view -> response. Nothing here decides a rule of the game.
"""
