// One whole game played with the TypeScript client against a running service (node --test): each move chosen among
// the seat's legal moves and sent with If-Match and an Idempotency-Key, the event log read back, the game followed on
// its NDJSON stream, and an illegal move's refusal read as a typed problem. tests/clients/test_typescript_client_game.py
// starts the service (gunicorn on a private Redis) and runs this with its address and a client key.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  applyMove,
  appClient,
  createGame,
  eventLog,
  followGame,
  gameClient,
  isEventFrame,
  legalMoves,
  type SequencedEvent,
  type StreamFrame,
} from "../src/client.js";

const baseUrl = process.env["RESTART_BASE_URL"] ?? "http://127.0.0.1:8000";
const apiKey = process.env["RESTART_API_KEY"] ?? "rsk_development_local-only";

/** The same choices on every run (a linear congruential generator). */
function chooser(seed: number): (count: number) => number {
  let state = seed;
  return (count) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % count;
  };
}

async function collect(frames: AsyncGenerator<StreamFrame>): Promise<StreamFrame[]> {
  const found: StreamFrame[] = [];
  for await (const frame of frames) found.push(frame);
  return found;
}

test("the TypeScript client plays a whole game; its stream's frames are the event log", async () => {
  const created = await createGame(appClient(baseUrl, apiKey), ["Annika", "Elias", "Sofia"], 31);
  // A seat a bot plays has no token (null); every seat here is a person's.
  const seats = created.tokens.players.map((token) => {
    assert.ok(token);
    return gameClient(baseUrl, token);
  });
  const spectator = gameClient(baseUrl, created.tokens.spectator);
  const streamed = collect(followGame(spectator, created.game.id));
  const choose = chooser(31);

  let game = created.game;
  const answered: SequencedEvent[] = [];
  while (game.status === "playing") {
    const seat = seats[game.current_player];
    assert.ok(seat);
    const moves = await legalMoves(seat, game.id);
    assert.equal(moves.at(-1)?.action, "pass");
    const move = moves[choose(moves.length)];
    assert.ok(move);
    const answer = await applyMove(seat, game.id, move, game.version);
    assert.ok(answer.ok, JSON.stringify(answer));
    assert.equal(answer.etag, `"${game.version + 1}"`);
    game = answer.game;
    answered.push(...answer.events);
  }
  assert.equal(answered.at(-1)?.type, "game_over");

  const log = await eventLog(spectator, game.id, 25);
  assert.deepEqual(log.map((event) => event.seq), log.map((_, index) => index + 1));
  assert.equal(log[0]?.type, "round_dealt");
  assert.deepEqual(log.slice(1), answered);

  const frames = await streamed; // the stream ends after game_over
  assert.equal(frames[0]?.event, "game");
  const events = frames.filter(isEventFrame);
  assert.equal(events.length, frames.length - 1); // the spectator never gets a hand
  assert.deepEqual(events.map((frame) => frame.data), log);
  assert.ok(events.every((frame) => frame.id === frame.data.seq));

  const refused = await applyMove(seats[0]!, game.id, { player: 0, action: "pass" }, game.version);
  assert.ok(!refused.ok);
  assert.equal(refused.status, 422);
  assert.equal(refused.problem.code, "game_over");
});
