-- release: a claimed idempotency key freed when its request failed before it could be answered. An
-- in-flight marker goes, never an answer. Allowed when Redis is full: it frees memory.
-- keys: idem
-- flags: allow-oom
local held = redis.call('GET', idem)
if not held then return 0 end
local ok, doc = pcall(cjson.decode, held)
if ok and type(doc) == 'table' and doc.in_flight == true then return redis.call('DEL', idem) end
return 0
