-- What a single server writes after a change, outside the game's slot (a cluster's scripts cannot
-- reach those slots: it takes steps instead).
-- The keys ({key, kind}) ``close``, ``index`` and ``ring`` will write, as ``change_game``'s ``after``.
local function written_after(deadlines, timed, work, entries, open, closes)
  local after = {}
  if timed ~= '' then after[#after + 1] = {deadlines, 'zset'} end
  if entries ~= '' then after[#after + 1] = {work, 'stream'} end
  if closes ~= '' then after[#after + 1] = {open, 'zset'} end
  return after
end
-- The game's entry in the ``deadlines`` index, for a game with a clock (``timed``): its turn's
-- ``deadline`` (epoch ms), or none ('': the game is over, or a bot has the turn).
local function index(deadlines, game_id, timed, deadline)
  if timed == '' then return end
  if deadline == '' then redis.call('ZREM', deadlines, game_id)
  else redis.call('ZADD', deadlines, deadline, game_id) end
end
-- The worker's doorbell rung for the game, on the ``work`` stream (about its last ``work_kept``
-- kept), when the change left the worker entries.
local function ring(work, work_kept, game_id, entries)
  if entries ~= '' then redis.call('XADD', work, 'MAXLEN', '~', work_kept, '*', 'g', game_id) end
end
-- A game that finished (``closes``) leaves its owner's ``open`` games.
local function close(open, game_id, closes)
  if closes ~= '' then redis.call('ZREM', open, game_id) end
end
-- The game's move in its owner's index of whose turn each game is: out of the player's turns it
-- ``leaves``, into (or scored again in) those it ``enters``, which are kept ``ttl`` seconds more.
local function move_turn(left, entered, game_id, leaves, enters, score, ttl)
  if leaves ~= '' then redis.call('ZREM', left, game_id) end
  if enters ~= '' then
    redis.call('ZADD', entered, score, game_id)
    redis.call('EXPIRE', entered, ttl)
  end
end
