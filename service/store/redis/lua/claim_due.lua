-- claim_due: the deliveries of the ``due`` set due at ``now`` (at most ``count``, earliest first),
-- each claimed by its score pushed to ``lease_ends``. Returns them
-- (``<client>/<webhook>/<delivery>``).
-- keys: due
-- args: now count lease_ends
local claimed = redis.call('ZRANGEBYSCORE', due, '-inf', now, 'LIMIT', 0, count)
for _, member in ipairs(claimed) do redis.call('ZADD', due, lease_ends, member) end
return claimed
