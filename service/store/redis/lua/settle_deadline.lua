-- settle_deadline: a claim (``claimed``, the score ``take_due`` gave the game) that firing did not
-- replace becomes the game's real ``deadline``, or none (''); a save's entry is kept. Allowed when
-- Redis is full: it adds no member, it rescores or removes one. Returns what ZADD or ZREM answered,
-- or 0 when the claim was replaced.
-- keys: deadlines
-- args: game_id claimed deadline
-- flags: allow-oom
local score = redis.call('ZSCORE', deadlines, game_id)
if not score or tonumber(score) ~= tonumber(claimed) then return 0 end
if deadline == '' then return redis.call('ZREM', deadlines, game_id) end
return redis.call('ZADD', deadlines, deadline, game_id)
