-- CORRUPT's message: ``key`` holds a ``held`` where a ``kind`` belongs.
local function corrupt(key, held, kind)
  return 'CORRUPT ' .. key .. ' holds a ' .. held .. ', not a ' .. kind
end
-- The first of ``pairs`` ({key, kind}) that holds another type than its kind, as an error reply;
-- nil when none does (a missing key holds nothing wrong).
local function mistyped(pairs)
  for _, pair in ipairs(pairs) do
    local held = redis.call('TYPE', pair[1]).ok
    if held ~= 'none' and held ~= pair[2] then return redis.error_reply(corrupt(pair[1], held, pair[2])) end
  end
end
-- A read of ``key``, which should hold a ``kind``: its reply. A key of another type fails the
-- script with CORRUPT naming it, before anything is written.
local function read(key, kind, ...)
  local reply = redis.pcall(...)
  if type(reply) == 'table' and reply.err then
    if string.sub(reply.err, 1, 9) == 'WRONGTYPE' then
      reply.err = corrupt(key, redis.call('TYPE', key).ok, kind)
    end
    error(reply)
  end
  return reply
end
