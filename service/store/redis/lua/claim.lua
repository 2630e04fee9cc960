-- claim: an idempotency key claimed for a request (its in-flight ``marker``, kept ``ttl`` seconds).
-- Returns what holds the key, or false if it is now the request's. The key of a game that does not
-- exist is not stored (that request will find no game anyway); a stored key's name joins the
-- game's order.
-- keys: game idem idem_order
-- args: marker ttl name idem_prefix kept
-- uses: remember
local left = redis.call('PTTL', game)
if left == -2 then return false end
local held = redis.call('GET', idem)
if held then return held end
redis.call('SET', idem, marker, 'EX', ttl)
remember(idem_order, idem_prefix, name, kept)
if left > 0 then redis.call('PEXPIRE', idem_order, left) end
return false
