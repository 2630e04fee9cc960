-- update_webhook: ``fields`` (field, value...) set on an existing webhook. Returns 1, or 0 when
-- there is no such webhook (nothing written).
-- keys: webhook
-- rest: fields
if redis.call('EXISTS', webhook) == 0 then return 0 end
redis.call('HSET', webhook, unpack(fields))
return 1
