-- add_deliveries: new deliveries of one owner's webhooks. ``triples``: webhook id, delivery id,
-- record; each webhook's keys are ``owner_prefix`` .. id (the client's hash tag: its slot). A new
-- delivery is pending (not in ``done``); trimming to ``kept`` forgets the oldest finished ones
-- only, popped from ``done`` (finished deliveries by their place in the log): a few steps, however
-- many are pending. A webhook with ``max_pending`` pending is paused for its backlog instead.
-- Returns the record held for each ('' for a webhook gone or paused).
-- keys: index
-- args: owner_prefix kept max_pending
-- rest: triples
local held = {}
for i = 1, #triples, 3 do
  local webhook_id, delivery_id, record = triples[i], triples[i + 1], triples[i + 2]
  local webhook = owner_prefix .. webhook_id
  local deliveries, log, done = webhook .. ':deliveries', webhook .. ':log', webhook .. ':done'
  local found = redis.call('HGET', deliveries, delivery_id)
  if found then
    held[#held + 1] = found
  elseif not redis.call('ZSCORE', index, webhook_id)
      or redis.call('HGET', webhook, 'disabled_reason') == 'backlog' then
    held[#held + 1] = ''
  elseif redis.call('ZCARD', log) - redis.call('ZCARD', done) >= tonumber(max_pending) then
    redis.call('HSET', webhook, 'disabled_reason', 'backlog')
    held[#held + 1] = ''
  else
    redis.call('HSET', deliveries, delivery_id, record)
    redis.call('ZADD', log, redis.call('HINCRBY', webhook, 'deliveries_made', 1), delivery_id)
    local over = redis.call('ZCARD', log) - tonumber(kept)
    if over > 0 then
      local oldest = redis.call('ZPOPMIN', done, over)
      for j = 1, #oldest, 2 do
        redis.call('HDEL', deliveries, oldest[j])
        redis.call('ZREM', log, oldest[j])
      end
    end
    held[#held + 1] = record
  end
end
return held
