-- commit: a change of a game saved in one atomic step on a single server. The owner's request is
-- counted first when it is to be (``counting``: a full window saves nothing; an owner removed by
-- hand counts nothing), then the game's own part (``change_game``), then what lies outside the
-- game's slot: a game that finished leaves its owner's open games, its next deadline is indexed,
-- it moves in its owner's index of whose turn each game is, and the worker is rung. What is written after the game's part is type-checked with it.
-- Returns {the count's reply, or false; the new version, or why not}.
-- keys: game events idem_order idem outbox client count open deadlines work turns_left turns_entered
-- args: expected snapshot tokens owner ttl answer answer_ttl answer_name idem_prefix kept entries at
-- args: counting now quota override seconds game_id closes timed deadline work_kept leaves enters
-- args: turn_score
-- rest: texts
-- uses: key_types remember post admit change_game outside_the_game
local counted = false
if counting ~= '' then
  counted = admit(client, count, now, '', quota, override, seconds)
  if counted.err then return counted end
  if counted[1] == 'limited' then return {counted, false} end
end
local after = written_after(deadlines, timed, work, entries, open, closes)
if leaves ~= '' then after[#after + 1] = {turns_left, 'zset'} end
if enters ~= '' then after[#after + 1] = {turns_entered, 'zset'} end
local version, failure, found = change_game(game, events, idem_order, idem, outbox, expected, snapshot,
  tokens, owner, ttl, answer, answer_ttl, answer_name, idem_prefix, kept, entries, at, after, texts)
if failure then return failure end
if not version then return {counted, found} end
close(open, game_id, closes)
index(deadlines, game_id, timed, deadline)
move_turn(turns_left, turns_entered, game_id, leaves, enters, turn_score, ttl)
ring(work, work_kept, game_id, entries)
return {counted, version}
