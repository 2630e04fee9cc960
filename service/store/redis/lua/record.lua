-- record: the answer of a request that changed nothing (a refusal) kept under its idempotency key,
-- at most ``ttl_ms``: an answer never outlives its game.
-- keys: game idem idem_order
-- args: answer ttl_ms name idem_prefix kept
-- uses: remember
local left = redis.call('PTTL', game)
if left == -2 then return 0 end
local keep = tonumber(ttl_ms)
if left > 0 and left < keep then keep = left end
redis.call('SET', idem, answer, 'PX', keep)
remember(idem_order, idem_prefix, name, kept)
if left > 0 then redis.call('PEXPIRE', idem_order, left) end
return 1
