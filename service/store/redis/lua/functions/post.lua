-- ``entries`` (a JSON array of texts, or '') posted to the game's ``outbox`` for the worker.
local function post(outbox, entries)
  if entries == '' then return end
  for _, entry in ipairs(cjson.decode(entries)) do redis.call('XADD', outbox, '*', 'e', entry) end
end
