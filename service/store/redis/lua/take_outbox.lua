-- take_outbox: the game held for ``worker`` (its own hold renewed, for ``ms``) and its first
-- ``count`` entries in its ``outbox``. Returns the entries (none when ``count`` is 0); false:
-- another's holds.
-- keys: lease outbox
-- args: worker ms count
local holder = redis.call('GET', lease)
if holder and holder ~= worker then return false end
redis.call('SET', lease, worker, 'PX', ms)
if tonumber(count) == 0 then return {} end
return redis.call('XRANGE', outbox, '-', '+', 'COUNT', count)
