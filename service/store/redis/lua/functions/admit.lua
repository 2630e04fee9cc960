-- One request of a client admitted by GCRA (``count`` the key of its ``tat``, in periods since the
-- epoch; ``quota`` the default, ``override`` the client's field that replaces it ('' for none),
-- ``seconds`` the policy's length): the sums of ``Window.take``, in its order. Returns the
-- outcome, the quota and the ``tat`` after it (as text: a Lua number would reach Redis
-- truncated), then the client's own limits. Given a key digest, the client must hold that key,
-- valid at ``now``, and not be revoked. A digest is compared with ==: it is the SHA-256 of a
-- 256-bit secret, so how long a comparison takes tells nothing usable.
local function admit(client, count, now, digest, quota, override, seconds)
  if redis.call('EXISTS', client) == 0 then return {'unknown'} end
  local names = {__LIMIT_NAMES__}
  local fields = redis.call('HMGET', client, 'revoked', 'keys', unpack(names))
  if digest ~= '' then
    if fields[1] == '1' then return {'unknown'} end
    local ok, list = pcall(cjson.decode, fields[2] or '')
    if not ok or type(list) ~= 'table' then
      return redis.error_reply('CORRUPT ' .. client .. ' holds unreadable keys')
    end
    local valid = false
    for _, key in ipairs(list) do
      local ends = key.expires_at
      if key.digest == digest and (type(ends) ~= 'number' or ends > tonumber(now)) then valid = true end
    end
    if not valid then return {'unknown'} end
  end
  local own = {}
  for i, name in ipairs(names) do own[name] = fields[i + 2] end
  local limit = tonumber(own[override] or quota)
  local length = tonumber(seconds)
  local periods = tonumber(now) * limit / length
  local stored = redis.call('GET', count)
  local tat = tonumber(stored or periods)
  if not tat then return redis.error_reply('CORRUPT ' .. count .. ' is not an arrival time') end
  if tat > periods + limit + limit * __CLOCK_DISORDER__ / length then stored, tat = false, periods end
  local after = math.max(tat, periods) + 1
  local outcome = 'limited'
  if limit > 0 and after - periods <= limit then
    -- Full again at most ``seconds`` after this write: the key may go then.
    outcome, stored = 'admitted', string.format('%.17g', after)
    redis.call('SET', count, stored, 'EX', length + 1)
  end
  local reply = {outcome, limit, stored or string.format('%.17g', tat)}
  for i = 3, #names + 2 do reply[#reply + 1] = fields[i] or '' end
  return reply
end
