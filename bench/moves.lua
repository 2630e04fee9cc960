-- wrk script: replay pre-computed legal moves of many games against the service.
--
-- Each line of $BENCH_MOVES_FILE is one move: game index, game id, bearer token,
-- JSON body, tab-separated, in the order the game plays them. Every game has at
-- most one request in flight: its index travels in X-Request-ID, which the
-- service echoes, so response() knows which game answered and may queue its next
-- move. $BENCH_READ_SHARE and $BENCH_VALIDATE_SHARE turn that share of requests
-- into a GET of the game or a validate of its next move (neither advances it).

local threads = {}
local thread_count = 0

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end

local games, ready, head, tail = {}, {}, 1, 0
moves_ok, moves_refused, validates, reads, idle, server_errors = 0, 0, 0, 0, 0, 0
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
        game = { id = id, bodies = {}, tokens = {}, next = 1 }
        games[index] = game
        tail = tail + 1
        ready[tail] = index
      end
      table.insert(game.bodies, body)
      table.insert(game.tokens, token)
    end
  end
end

function request()
  if head > tail then
    idle = idle + 1
    return wrk.format("GET", "/healthz")
  end
  local index = ready[head]
  ready[head] = nil
  head = head + 1
  local game = games[index]
  local path = "/v1/games/" .. game.id
  local headers = {
    ["Authorization"] = "Bearer " .. game.tokens[game.next],
    ["Content-Type"] = "application/json",
    ["X-Request-ID"] = tostring(index),
  }
  local draw = math.random()
  if draw < read_share then
    game.pending = "read"
    return wrk.format("GET", path, headers)
  elseif draw < read_share + validate_share then
    game.pending = "validate"
    return wrk.format("POST", path .. "/moves/validate", headers, game.bodies[game.next])
  end
  game.pending = "move"
  return wrk.format("POST", path .. "/moves", headers, game.bodies[game.next])
end

function response(status, headers, body)
  if status >= 500 then server_errors = server_errors + 1 end
  local index = tonumber(headers["X-Request-ID"] or headers["x-request-id"] or "")
  local game = index and games[index]
  if not game or not game.pending then return end
  if game.pending == "move" then
    if status == 200 then
      moves_ok = moves_ok + 1
      game.next = game.next + 1
    else
      moves_refused = moves_refused + 1
      game.next = #game.bodies + 1 -- the pre-computed line is broken: retire the game
    end
  elseif game.pending == "validate" then
    validates = validates + 1
  else
    reads = reads + 1
  end
  game.pending = nil
  if game.next <= #game.bodies then
    tail = tail + 1
    ready[tail] = index
  end
end

function done(summary, latency, requests)
  local totals = { moves_ok = 0, moves_refused = 0, validates = 0, reads = 0, idle = 0, server_errors = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(totals) do
      totals[name] = totals[name] + (thread:get(name) or 0)
    end
  end
  io.write(string.format(
    'BENCH_RESULT {"duration_us": %d, "requests": %d, "non_2xx": %d, "socket_errors": %d, ' ..
    '"p50_us": %d, "p99_us": %d, "moves_ok": %d, "moves_refused": %d, "validates": %d, ' ..
    '"reads": %d, "idle": %d, "server_errors": %d}\n',
    summary.duration, summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), totals.moves_ok, totals.moves_refused,
    totals.validates, totals.reads, totals.idle, totals.server_errors))
end
