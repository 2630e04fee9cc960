-- The idempotency key ``name`` joins its game's ``idem_order`` (oldest first); past ``kept`` names,
-- the oldest go with what they hold (``idem_prefix`` .. name: the game's hash tag, its slot).
local function remember(idem_order, idem_prefix, name, kept)
  if redis.call('LPOS', idem_order, name) then return end
  redis.call('RPUSH', idem_order, name)
  while redis.call('LLEN', idem_order) > tonumber(kept) do
    redis.call('DEL', idem_prefix .. redis.call('LPOP', idem_order))
  end
end
