-- release_outbox: the handled entries (``ids``) gone (the outbox with its last), the game let go if
-- ``worker`` held it. Allowed when Redis is full: it frees memory. Returns how many entries are left.
-- keys: lease outbox
-- args: worker
-- rest: ids
-- flags: allow-oom
if #ids > 0 then redis.call('XDEL', outbox, unpack(ids)) end
local left = redis.call('XLEN', outbox)
if left == 0 then redis.call('DEL', outbox) end
if redis.call('GET', lease) == worker then redis.call('DEL', lease) end
return left
