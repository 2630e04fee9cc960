-- save_deliveries: the attempts made on one webhook's deliveries. ``rest``: ``field_count`` webhook
-- fields (name, value...), then triples: delivery id, record, pending ('1' or '0'). Each record
-- still kept replaced, pending or finished; when one was, the fields set on the webhook, and a
-- webhook paused for its backlog resumed once its pending deliveries are down to ``resume_at``
-- (half the bound). Returns how many were saved.
-- keys: deliveries log done webhook
-- args: resume_at field_count
-- rest: rest
local fields_end = 2 * tonumber(field_count)
local saved = 0
for i = fields_end + 1, #rest, 3 do
  local delivery_id, record, pending = rest[i], rest[i + 1], rest[i + 2]
  if redis.call('HEXISTS', deliveries, delivery_id) == 1 then
    redis.call('HSET', deliveries, delivery_id, record)
    if pending == '1' then
      redis.call('ZREM', done, delivery_id)
    else
      redis.call('ZADD', done, redis.call('ZSCORE', log, delivery_id) or 0, delivery_id)
    end
    saved = saved + 1
  end
end
if saved > 0 and redis.call('EXISTS', webhook) == 1 then
  if fields_end > 0 then redis.call('HSET', webhook, unpack(rest, 1, fields_end)) end
  if redis.call('HGET', webhook, 'disabled_reason') == 'backlog'
      and redis.call('ZCARD', log) - redis.call('ZCARD', done) <= tonumber(resume_at) then
    redis.call('HSET', webhook, 'disabled_reason', '')
  end
end
return saved
