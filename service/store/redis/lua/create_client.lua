-- create_client: a client's hash written with ``fields`` (field, value...), unless the client exists
-- already. Returns 1, or 0 when it did (nothing written).
-- keys: client
-- rest: fields
if redis.call('EXISTS', client) == 1 then return 0 end
redis.call('HSET', client, unpack(fields))
return 1
