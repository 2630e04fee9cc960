-- commit_in_slot: the game's own part of a change alone (``change_game``), for a Redis Cluster,
-- whose scripts cannot reach the owner's slot, the deadlines' index or the worker's stream: those
-- are steps of their own (``service.store.commit_in_steps``).
-- Returns {false; the new version, or why not}, as ``commit`` does.
-- keys: game events idem_order idem outbox
-- args: expected snapshot tokens owner ttl answer answer_ttl answer_name idem_prefix kept entries at
-- rest: texts
-- uses: key_types remember post change_game
local version, failure, found = change_game(game, events, idem_order, idem, outbox, expected, snapshot,
  tokens, owner, ttl, answer, answer_ttl, answer_name, idem_prefix, kept, entries, at, {}, texts)
if failure then return failure end
return {false, version or found}
