-- take_due: the games due at ``now`` in the ``deadlines`` index (at most ``count``, oldest first),
-- each pushed ``lease`` ahead (claimed). Returns {the claim's score, the games' ids}.
-- keys: deadlines
-- args: now lease count
local due = redis.call('ZRANGEBYSCORE', deadlines, '-inf', now, 'LIMIT', 0, count)
local claimed = tonumber(now) + tonumber(lease)
for _, game_id in ipairs(due) do redis.call('ZADD', deadlines, claimed, game_id) end
return {claimed, due}
