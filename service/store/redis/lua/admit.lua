-- admit: one request of a client counted in one of its windows (``admit``), alone: a request made
-- with the client's key (``digest``), or one that reads no game.
-- keys: client count
-- args: now digest quota override seconds
-- uses: admit
return admit(client, count, now, digest, quota, override, seconds)
