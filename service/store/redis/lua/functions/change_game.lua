-- The game's own part of a change, every key in the game's slot: if the game is at ``expected``
-- (0: no game has this id, a creation, which also writes its ``tokens`` and ``owner``), its new
-- version and ``snapshot``, its events (``texts``, each logged with ``at``, the change's time in
-- epoch ms), an ``answer`` ('' for none) kept under the idempotency key ``idem`` (``answer_name``
-- in ``idem_order``), and what it leaves the worker (``entries``, to the ``outbox``).
-- Returns the new version; or false, nil and why not: {'held', what the key holds} when ``idem``
-- already holds an answer or another request's claim, else {'found', version, snapshot} as the
-- game is (both false when there is none); or nil and an error, with nothing written.
-- Key types are checked before the first write (a WRONGTYPE halfway would leave half a change
-- behind): the game and its events by their reads, the keys written without a read only when
-- they are written (a plain move: none), with ``after``, the keys ({key, kind}) the caller
-- writes once the change is saved.
local function change_game(game, events, idem_order, idem, outbox, expected, snapshot, tokens, owner, ttl,
                           answer, answer_ttl, answer_name, idem_prefix, kept, entries, at, after, texts)
  local checked = after
  if answer ~= '' then
    checked[#checked + 1] = {idem_order, 'list'}
    checked[#checked + 1] = {idem, 'string'}
  end
  if entries ~= '' then checked[#checked + 1] = {outbox, 'stream'} end
  local wrong = mistyped(checked)
  if wrong then return nil, wrong end
  if answer ~= '' then
    local held = redis.call('GET', idem)
    if held then return false, nil, {'held', held} end
  end
  local creation = expected == '0'
  local wanted = not creation and expected  -- a creation wants no game at all: no version (false)
  if read(game, 'hash', 'HGET', game, 'version') ~= wanted then
    local found = redis.call('HMGET', game, 'version', 'snapshot')
    return false, nil, {'found', found[1], found[2]}
  end
  if creation then  -- what an expired game of this id left goes: its log starts at seq 1 again
    redis.call('DEL', events, idem_order, outbox)
    redis.call('HSET', game, 'tokens', tokens)
    if owner ~= '' then redis.call('HSET', game, 'owner', owner) end
  end
  local last = read(events, 'stream', 'XREVRANGE', events, '+', '-', 'COUNT', 1)[1]
  local version = tonumber(expected) + 1
  redis.call('HSET', game, 'version', version, 'snapshot', snapshot)
  local seq = last and tonumber(string.match(last[1], '^(%d+)')) or 0
  for i = 1, #texts do redis.call('XADD', events, (seq + i) .. '-0', 'e', texts[i], 't', at) end
  if answer ~= '' then
    redis.call('SET', idem, answer, 'EX', answer_ttl)
    remember(idem_order, idem_prefix, answer_name, kept)
  end
  for _, key in ipairs({game, events, idem_order}) do redis.call('EXPIRE', key, ttl) end
  post(outbox, entries)
  return version
end
