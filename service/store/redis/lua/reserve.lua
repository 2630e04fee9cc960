-- reserve: a client's new game listed, unless its ``open`` games number ``max_open`` already: it
-- joins the client's ``games`` (the newest ``max_listed`` kept) and its ``open`` games, scored
-- ``now_us`` (epoch microseconds), or one more than the client's ``last_game`` when that is more.
-- Scores are unique per client (a later game scores at least one more), so a listing's cursor (the
-- last score shown) never skips or repeats a game. Returns the game's score (as text), or false
-- when refused.
-- keys: client games open
-- args: game_id max_open now_us max_listed
if redis.call('ZCARD', open) >= tonumber(max_open) then return false end
local last = tonumber(redis.call('HGET', client, 'last_game') or '0')
local score = string.format('%.0f', math.max(tonumber(now_us), last + 1))
redis.call('HSET', client, 'last_game', score)
redis.call('ZADD', games, score, game_id)
redis.call('ZADD', open, score, game_id)
local excess = redis.call('ZCARD', games) - tonumber(max_listed)
if excess > 0 then redis.call('ZREMRANGEBYRANK', games, 0, excess - 1) end
return score
