-- hit: a hit counted in a fixed window's ``count`` whatever the count (the key goes ``seconds`` + 1
-- after the window's first hit). Returns the hits counted so far, this one included.
-- keys: count
-- args: seconds
local hits = redis.call('INCR', count)
if hits == 1 then redis.call('EXPIRE', count, seconds + 1) end
return hits
