-- replace_client: an existing client's hash rewritten. ``fields``: field, value... (to set), then
-- '--', then the fields to remove. Returns 1, or 0 when there is no such client (nothing written).
-- keys: client
-- rest: fields
if redis.call('EXISTS', client) == 0 then return 0 end
local cut = 0
for i = 1, #fields do if fields[i] == '--' then cut = i end end
redis.call('HSET', client, unpack(fields, 1, cut - 1))
for i = cut + 1, #fields do redis.call('HDEL', client, fields[i]) end
return 1
