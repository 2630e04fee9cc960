-- add_webhook: a webhook joins its owner's ``index`` (scored ``score``, its creation time) and its
-- hash is written anew with ``fields`` (field, value...), unless the index holds ``at_most``
-- webhooks already. Returns 1, or 0 when refused (nothing written).
-- keys: index webhook
-- args: webhook_id at_most score
-- rest: fields
if redis.call('ZCARD', index) >= tonumber(at_most) then return 0 end
redis.call('ZADD', index, score, webhook_id)
redis.call('DEL', webhook)
redis.call('HSET', webhook, unpack(fields))
return 1
