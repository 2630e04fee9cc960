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

/**
 * Tables, games waiting for their players (docs/SEATS.md, "Open seats: tables").
 * @typedef {Schemas["Table"]} TableView
 * @typedef {Schemas["TableSeat"]} TableSeat
 * @typedef {Schemas["OpenSeat"]} OpenSeat
 * @typedef {Schemas["CreateTableRequest"]} CreateTableRequest
 * @typedef {Schemas["CreatedTable"]} CreatedTable
 * @typedef {Schemas["ClaimedTableSeat"]} ClaimedTableSeat
 */

/**
 * Consent offers: a takeback, an abort, an end by agreement, a pause or a resume (docs/OFFERS.md).
 * @typedef {Schemas["Offer"]} Offer
 * @typedef {Schemas["OfferKind"]} OfferKind
 * @typedef {Schemas["OfferAnswer"]} OfferAnswer
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
 * The service's answer when it is a success; a Refusal otherwise.
 * @param {string} path
 * @param {RequestInit} init
 */
async function send(path, init) {
  const response = await fetch(path, init);
  if (!response.ok) {
    const problem = response.headers.get("Content-Type")?.includes("json")
      ? /** @type {Problem} */ (await response.json())
      : null;
    throw new Refusal(response.status, problem);
  }
  return response;
}

/**
 * @template T
 * @param {string} path
 * @param {RequestInit} init
 * @returns {Promise<T>}
 */
async function call(path, init) {
  return /** @type {T} */ (await (await send(path, init)).json());
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
 * The game as the caller sees it now or, with `at`, exactly as they saw it at that version (1 to the
 * current one: a finished game's replay).
 * @param {string} gameId
 * @param {string} token
 * @param {number} [at]
 * @returns {Promise<GameView>}
 */
export function getGame(gameId, token, at) {
  const then = at === undefined ? "" : `?at=${at}`;
  return call(`/v1/games/${encodeURIComponent(gameId)}${then}`, { headers: headers(bearer(token)) });
}

/**
 * The game's events after the one numbered `after` (a page of them).
 * @param {string} gameId
 * @param {string} token
 * @param {number} after
 * @returns {Promise<Schemas["EventsPage"]>}
 */
export function listEvents(gameId, token, after) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/events?after=${after}`, { headers: headers(bearer(token)) });
}

/**
 * The game's record (`restart-record/1`, docs/RECORDS.md) as the service wrote it: a file to save,
 * not read by the page.
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<Blob>}
 */
export async function getRecord(gameId, token) {
  return (await send(`/v1/games/${encodeURIComponent(gameId)}/record`, { headers: headers(bearer(token)) })).blob();
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

/**
 * An invitation to a seat, made by the game's admin: its single-use token, for a link (docs/SEATS.md).
 * @param {string} gameId
 * @param {number} seat
 * @param {string} adminToken
 * @returns {Promise<Schemas["SeatInvitation"]>}
 */
export function makeInvitation(gameId, seat, adminToken) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/seats/${seat}/invitation`, {
    method: "POST",
    headers: headers({ ...bearer(adminToken), "Content-Type": "application/json" }),
    body: JSON.stringify({}),
  });
}

/**
 * The seat taken by the invitation's bearer, under `name` (empty: the seat's): its new token.
 * @param {string} gameId
 * @param {number} seat
 * @param {string} invitation
 * @param {string} name
 * @returns {Promise<Schemas["SeatHanded"]>}
 */
export function claimSeat(gameId, seat, invitation, name) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/seats/${seat}/claim`, {
    method: "POST",
    headers: headers({ ...bearer(invitation), "Content-Type": "application/json" }),
    body: JSON.stringify(name ? { name } : {}),
  });
}

/**
 * A finished game's rematch: the same holders with the same tokens, seats moved up one; the new game as
 * the caller sees it (asked for again: the same game).
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<GameView>}
 */
export function rematchGame(gameId, token) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/rematch`, { method: "POST", headers: headers(bearer(token)) });
}

/**
 * A game set up with some seats open: a table, dealt once every open seat is claimed.
 * @param {string} key
 * @param {CreateTableRequest} body
 * @returns {Promise<CreatedTable>}
 */
export function createTable(key, body) {
  return call("/v1/tables", {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", "X-API-Key": key }),
    body: JSON.stringify(body),
  });
}

/**
 * The table as the bearer of `token` sees it: any token it gave out, or an open seat's invitation.
 * @param {string} tableId
 * @param {string} token
 * @returns {Promise<TableView>}
 */
export function getTable(tableId, token) {
  return call(`/v1/tables/${encodeURIComponent(tableId)}`, { headers: headers(bearer(token)) });
}

/**
 * An open seat of a table taken by its invitation's bearer, under `name` (empty: the seat's): their
 * token for the seat in the game to come, and the table (dealt, if the seat was the last open one).
 * @param {string} tableId
 * @param {number} seat
 * @param {string} invitation
 * @param {string} name
 * @returns {Promise<ClaimedTableSeat>}
 */
export function claimTableSeat(tableId, seat, invitation, name) {
  return call(`/v1/tables/${encodeURIComponent(tableId)}/seats/${seat}/claim`, {
    method: "POST",
    headers: headers({ ...bearer(invitation), "Content-Type": "application/json" }),
    body: JSON.stringify(name ? { name } : {}),
  });
}

/**
 * An offer to the other seats, made for the token's seat: the game as the caller now sees it, and what
 * became of the offer (still open, or taken effect or declined at once by the seats the service answers for).
 * @param {string} gameId
 * @param {string} token
 * @param {OfferKind} kind
 * @returns {Promise<OfferAnswer>}
 */
export function makeOffer(gameId, token, kind) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/offers`, {
    method: "POST",
    headers: headers({ ...bearer(token), "Content-Type": "application/json" }),
    body: JSON.stringify({ kind }),
  });
}

/**
 * The token's seat accepts or declines the offer `offerId` (the version whose save made it: an answer to
 * any other offer, lapsed or replaced since, is refused and never answers the one open now).
 * @param {string} gameId
 * @param {string} token
 * @param {number} offerId
 * @param {"accept" | "decline"} answer
 * @returns {Promise<OfferAnswer>}
 */
export function answerOffer(gameId, token, offerId, answer) {
  return call(`/v1/games/${encodeURIComponent(gameId)}/offers/${offerId}/${answer}`, {
    method: "POST",
    headers: headers({ ...bearer(token), "Content-Type": "application/json" }),
    body: JSON.stringify({}),
  });
}
