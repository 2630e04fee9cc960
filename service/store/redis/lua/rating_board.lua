-- rating_board: the pool's size and a page of its leaderboard, highest first, each player with their
-- rating: {size, player, rating, player, rating, ...}.
-- keys: board players
-- args: start stop
-- flags: no-writes
local page = redis.call('ZREVRANGE', board, start, stop)
local reply = {redis.call('ZCARD', board)}
if #page == 0 then return reply end
local ratings = redis.call('HMGET', players, unpack(page))
for i, player in ipairs(page) do
  reply[#reply + 1] = player
  reply[#reply + 1] = ratings[i]
end
return reply
