-- delete_webhook: a webhook gone from its owner's ``index``, with its hash, its deliveries, their
-- log and its finished ones (``done``). Allowed when Redis is full: it frees memory. Returns {1, or
-- 0 when the index did not hold it; how many webhooks the index holds now}.
-- keys: index webhook deliveries log done
-- args: webhook_id
-- flags: allow-oom
local existed = redis.call('ZREM', index, webhook_id)
redis.call('DEL', webhook, deliveries, log, done)
return {existed, redis.call('ZCARD', index)}
