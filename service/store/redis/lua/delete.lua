-- delete: a game and all of it (its events, its idempotency keys) removed, but for its outbox, which
-- gets ``entries`` (the deletion to tell) if the game was there: its worker may still have work
-- there. Every key named here shares the game's hash tag, so the slot is the game's. Allowed when
-- Redis is full: it frees memory. Returns 1, or 0 when the game was gone already.
-- keys: game events idem_order outbox
-- args: idem_prefix entries
-- uses: post
-- flags: allow-oom
local existed = redis.call('EXISTS', game)
for _, name in ipairs(redis.call('LRANGE', idem_order, 0, -1)) do redis.call('DEL', idem_prefix .. name) end
redis.call('DEL', game, events, idem_order)
if existed == 1 then post(outbox, entries) end
return existed
