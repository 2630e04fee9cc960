-- apply_rating: a game's ratings written over the pool as they were computed over it, once. Returns
-- the game's outcome (written now, or when the game was applied before), or false when the pool
-- applied other games since it was read (nothing written).
-- keys: players board histories games order
-- args: game_id applied outcome
-- rest: rated
-- rated: per player, four arguments: player, rating, ordinal, history
local before = redis.call('HGET', games, game_id)
if before then return before end
if redis.call('LLEN', order) ~= tonumber(applied) then return false end
for i = 1, #rated, 4 do
  local player = rated[i]
  redis.call('HSET', players, player, rated[i + 1])
  redis.call('ZADD', board, rated[i + 2], player)
  redis.call('HSET', histories, player, rated[i + 3])
end
redis.call('HSET', games, game_id, outcome)
redis.call('RPUSH', order, game_id)
return outcome
