"""The use cases: what a caller may do with a stored game, free of HTTP.

Open a game for the holder of a token, create one, view it, list a seat's legal moves,
judge and save a move. They call the rules to decide and the store to keep; they raise
the domain errors of ``service.play.refusals`` and never build an HTTP answer: the api
room translates, in one place.
"""
