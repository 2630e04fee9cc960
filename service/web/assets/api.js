// The service's HTTP API, typed by the contract (openapi.yaml, through openapi-typescript's types).
// Every request says the page's language, so the service's sentences come back in it.

import { currentLanguage } from "./words.js";

/**
 * @typedef {import("restart-contract").components["schemas"]} Schemas
 * @typedef {Schemas["GameView"]} GameView
 * @typedef {Schemas["Clock"]} Clock
 * @typedef {Schemas["CreatedGame"]} CreatedGame
 * @typedef {Schemas["CreateGameRequest"]} CreateGameRequest
 * @typedef {Schemas["Move"]} Move
 * @typedef {Schemas["MoveResult"]} MoveResult
 * @typedef {Schemas["LegalMoves"]} LegalMoves
 * @typedef {Schemas["BotLevels"]} BotLevels
 * @typedef {Schemas["BotLevel"]} BotLevel
 * @typedef {Schemas["Problem"]} Problem
 */

/** A refusal of the service: its problem document (the `detail` is the sentence to show). */
export class Refusal extends Error {
  /**
   * @param {number} status
   * @param {Problem | null} problem
   */
  constructor(status, problem) {
    super(problem?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

/** @param {Record<string, string>} [extra] */
function headers(extra = {}) {
  return { Accept: "application/json", "Accept-Language": currentLanguage(), ...extra };
}

/** @param {string} token */
export function bearer(token) {
  return { Authorization: `Bearer ${token}` };
}

/**
 * @template T
 * @param {string} path
 * @param {RequestInit} init
 * @returns {Promise<T>}
 */
async function call(path, init) {
  const response = await fetch(path, init);
  if (!response.ok) {
    const problem = response.headers.get("Content-Type")?.includes("json")
      ? /** @type {Problem} */ (await response.json())
      : null;
    throw new Refusal(response.status, problem);
  }
  return /** @type {T} */ (await response.json());
}

/** A fresh Idempotency-Key: a retried move is never applied twice. */
function idempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} key
 * @param {CreateGameRequest} body
 * @returns {Promise<CreatedGame>}
 */
export function createGame(key, body) {
  return call("/v1/games", {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", "X-API-Key": key }),
    body: JSON.stringify(body),
  });
}

/**
 * The levels the service plays a seat at, weakest first (public: no credential).
 * @returns {Promise<BotLevels>}
 */
export function listBots() {
  return call("/v1/bots", { headers: headers() });
}

/**
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<GameView>}
 */
export function getGame(gameId, token) {
  return call(`/v1/games/${encodeURIComponent(gameId)}`, { headers: headers(bearer(token)) });
}

/**
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<LegalMoves>}
 */
export function legalMoves(gameId, token) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/legal-moves`, { headers: headers(bearer(token)) });
}

/**
 * @param {string} gameId
 * @param {string} token
 * @param {Move} move
 * @returns {Promise<MoveResult>}
 */
export function submitMove(gameId, token, move) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/moves`, {
    method: "POST",
    headers: headers({ ...bearer(token), "Content-Type": "application/json", "Idempotency-Key": idempotencyKey() }),
    body: JSON.stringify(move),
  });
}

/**
 * An absent seat's holder is back: the service no longer plays its turns (a turn it has starts again).
 * The answer is the game as the caller sees it; for a seat that is not absent, unchanged.
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token
 * @returns {Promise<GameView>}
 */
export function sayBack(gameId, seat, token) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/seats/${seat}/back`, {
    method: "POST",
    headers: headers(bearer(token)),
  });
}
