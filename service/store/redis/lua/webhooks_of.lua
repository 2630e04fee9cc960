-- webhooks_of: every webhook of an owner's ``index`` (each hash at ``owner_prefix`` .. id), oldest
-- first. Returns each with its fields: {id, {name, value, ...}, id, ...} (one whose hash is gone
-- left out).
-- keys: index
-- args: owner_prefix
local found = {}
for _, webhook_id in ipairs(redis.call('ZRANGE', index, 0, -1)) do
  local fields = redis.call('HGETALL', owner_prefix .. webhook_id)
  if #fields > 0 then
    found[#found + 1] = webhook_id
    found[#found + 1] = fields
  end
end
return found
