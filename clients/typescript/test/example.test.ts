// The example of the README ("Use it from code"): create a game with the client key, read the seat's legal moves,
// and submit one with If-Match and an Idempotency-Key. It holds against the real service and against the mock
// (Prism serving openapi.yaml's recorded examples): tests/clients/test_mock.py runs it against both.
import assert from "node:assert/strict";
import { test } from "node:test";

import { appClient, applyMove, createGame, gameClient, legalMoves } from "../src/client.js";

const baseUrl = process.env["RESTART_BASE_URL"] ?? "http://127.0.0.1:8000";
const apiKey = process.env["RESTART_API_KEY"] ?? "rsk_development_local-only";

test("the README's example: a game created, a seat's legal moves, one of them played", async () => {
  const created = await createGame(appClient(baseUrl, apiKey), ["Annika", "Elias", "Sofia"], 7);
  assert.equal(created.game.version, 1);
  const seat = gameClient(baseUrl, created.tokens.players[created.game.current_player]!);
  const [move] = await legalMoves(seat, created.game.id);
  assert.ok(move);
  const answer = await applyMove(seat, created.game.id, move, created.game.version);
  assert.ok(answer.ok, JSON.stringify(answer));
  assert.equal(answer.game.version, 2);
  assert.equal(answer.etag, '"2"');
});
