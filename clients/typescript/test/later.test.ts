// Values added after a client was generated: tests/clients/test_later_values.py type-checks this client and test
// against types generated from a copy of the contract missing some values (and from each released contract), then
// runs it against the real service. A game is played to its end (its first move a pass), then a pass is refused
// (`game_over`, a code); every value the service sent must reach this test as a plain string it can read.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { test } from "node:test";

import {
  applyMove,
  appClient,
  eventLog,
  followGame,
  gameClient,
  isEventFrame,
  legalMoves,
  ProblemError,
  type Schemas,
} from "../src/client.js";

const baseUrl = process.env["RESTART_BASE_URL"] ?? "http://127.0.0.1:8000";
const apiKey = process.env["RESTART_API_KEY"] ?? "rsk_development_local-only";
const reportTo = process.env["RESTART_LATER_REPORT"];

test("values added after this client was generated reach it as plain strings", async () => {
  const app = appClient(baseUrl, apiKey);
  const bots = await app.GET("/v1/bots");
  assert.ok(bots.data);
  const levels: string[] = bots.data.bots.map((bot) => bot.level); // open: a level added later is a string
  const { data: created, error } = await app.POST("/v1/games", {
    body: { players: ["Annika", "Elias"], seed: 11, target_score: 30 },
  });
  if (error) throw new ProblemError(400, error);
  const seats = created.tokens.players.map((token) => gameClient(baseUrl, token ?? ""));
  let game: Schemas["GameView"] = created.game;
  const answered: string[] = [];
  while (game.status === "playing") {
    const seat = seats[game.current_player];
    assert.ok(seat);
    const moves = await legalMoves(seat, game.id);
    const move = game.version === 1 ? moves.at(-1) : moves[(game.version * 7919) % moves.length];
    assert.ok(move);
    const answer = await applyMove(seat, game.id, move, game.version);
    assert.ok(answer.ok, JSON.stringify(answer));
    game = answer.game;
    answered.push(...answer.events.map((event) => event.type));
  }
  const seat = seats[game.current_player];
  assert.ok(seat);
  const refused = await applyMove(seat, game.id, { player: game.current_player, action: "pass" }, game.version);
  assert.ok(!refused.ok);
  const code: string = refused.problem.code; // open: a code added later is a string
  const log = await eventLog(seat, game.id);
  const frames = [];
  for await (const frame of followGame(seat, game.id)) frames.push(frame);
  const streamed = frames.filter(isEventFrame).map((frame) => [frame.event, frame.data.type]);
  assert.deepEqual(answered, log.slice(1).map((event) => event.type));
  const report = { levels, code, endReason: game.end_reason, log: log.map((event) => event.type), streamed };
  if (reportTo) writeFileSync(reportTo, JSON.stringify(report));
});
