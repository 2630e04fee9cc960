-- wrk script: replay pre-computed legal moves of many games against the service.
--
-- Each line of $BENCH_MOVES_FILE is one move: game index, game id, bearer token,
-- JSON body, tab-separated, in the order the game plays them. Each wrk thread owns
-- the games whose index it is given and visits them round-robin, one request per
-- visit. A thread has far more games than connections, so a game's previous
-- request has always been answered before its next one is sent, without a
-- response() callback (which would cost wrk a Lua call and a header table per
-- answer, CPU taken from the server on a shared machine: the floor has none).
-- $BENCH_READ_SHARE and $BENCH_VALIDATE_SHARE turn that share of visits into a GET
-- of the game or a validate of its next move (neither advances the game).

local thread_count = 0

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

local games, order, cursor = {}, {}, 0
local read_share = tonumber(os.getenv("BENCH_READ_SHARE") or "0")
local validate_share = tonumber(os.getenv("BENCH_VALIDATE_SHARE") or "0")

function init(args)
  local threads_total = tonumber(os.getenv("BENCH_THREADS"))
  for line in io.lines(os.getenv("BENCH_MOVES_FILE")) do
    local index, id, token, body = line:match("^(%d+)\t([^\t]+)\t([^\t]+)\t(.*)$")
    index = tonumber(index)
    if index % threads_total == tid then
      local game = games[index]
      if not game then
        game = { path = "/v1/games/" .. id, requests = {}, next = 1 }
        games[index] = game
        table.insert(order, game)
      end
      local headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
      table.insert(game.requests, {
        move = wrk.format("POST", game.path .. "/moves", headers, body),
        validate = wrk.format("POST", game.path .. "/moves/validate", headers, body),
        read = wrk.format("GET", game.path, headers),
      })
    end
  end
end

function request()
  for _ = 1, #order do
    cursor = cursor % #order + 1
    local game = order[cursor]
    local pending = game.requests[game.next]
    if pending then
      local draw = math.random()
      if draw < read_share then return pending.read end
      if draw < read_share + validate_share then return pending.validate end
      game.next = game.next + 1
      return pending.move
    end
  end
  return wrk.format("GET", "/healthz") -- every game played out: should not happen in a sized run
end
