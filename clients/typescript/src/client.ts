// A thin typed client on openapi-fetch: every path, parameter, body and answer is checked against the types that
// openapi-typescript generates from openapi.yaml (./schema.d.ts, never edited by hand: `make clients`).
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

export type Schemas = components["schemas"];
export type CreatedGame = Schemas["CreatedGame"];
export type GameView = Schemas["GameView"];
export type Move = Schemas["Move"];
export type SequencedEvent = Schemas["SequencedEvent"];
export type StreamFrame = Schemas["StreamFrame"];
export type EventFrame = Schemas["EventFrame"];
export type Problem = Schemas["Problem"];
export type RestartClient = Client<paths>;

/**
 * The events this client was generated with. The contract's unions are open: an event of a type added later
 * arrives as a `LaterEvent` (its `type` any string, its members as sent), which openapi-typescript cannot
 * exclude from a literal `type`; narrow with `isKnownEvent` first, then `switch (event.type)` narrows.
 */
export type KnownEvent = Extract<SequencedEvent, { type: Schemas["EventType"] }>;
export const EVENT_TYPES = [
  "round_dealt",
  "tiles_placed",
  "tiles_removed",
  "passed",
  "round_scored",
  "game_over",
  "turn_timed_out",
  "seat_absent",
  "seat_back",
  "seat_taken",
  "seat_vacated",
  "seat_left",
  "seat_invited",
  "invitation_revoked",
  "rematched",
  "offer_made",
  "offer_accepted",
  "offer_declined",
  "offer_lapsed",
  "taken_back",
  "game_paused",
  "game_resumed",
  "game_rated",
] as const;
// A compile error here: EVENT_TYPES lacks a type the contract's EventType lists (regenerated since).
const everyTypeListed: [Exclude<Schemas["EventType"], (typeof EVENT_TYPES)[number]>] extends [never] ? true : false =
  true;
void everyTypeListed;

export function isKnownEvent(event: SequencedEvent): event is KnownEvent {
  return (EVENT_TYPES as readonly string[]).includes(event.type);
}

/** An event's frame, whatever the event's type (the only frames with an `id`); others are skipped or read raw. */
export function isEventFrame(frame: StreamFrame): frame is EventFrame {
  return typeof frame.id === "number";
}

/** A refusal the contract lists: `problem` is the problem+json body, with its stable `code`. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.name = "ProblemError";
  }
}

/** Acts with the client app's key (X-API-Key): creates games, lists the app's own games, adjudicates. */
export function appClient(baseUrl: string, apiKey: string): RestartClient {
  return createClient<paths>({ baseUrl, headers: { "X-API-Key": apiKey } });
}

/** Acts with one of a game's tokens (Authorization: Bearer): the admin's, a seat's or the spectator's. */
export function gameClient(baseUrl: string, token: string): RestartClient {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

export async function createGame(app: RestartClient, players: string[], seed?: number): Promise<CreatedGame> {
  const { data, error, response } = await app.POST("/v1/games", {
    body: seed === undefined ? { players } : { players, seed },
  });
  if (error) throw new ProblemError(response.status, error);
  return data;
}

/** The seat's legal moves (a seat's token: its own), the pass last; empty when it is not its turn. */
export async function legalMoves(seat: RestartClient, gameId: string): Promise<Move[]> {
  const { data, error, response } = await seat.GET("/v1/games/{game_id}/legal-moves", {
    params: { path: { game_id: gameId } },
  });
  if (error) throw new ProblemError(response.status, error);
  return data.moves;
}

export type MoveAnswer =
  | { ok: true; etag: string | null; game: GameView; events: SequencedEvent[] }
  | { ok: false; status: number; problem: Problem };

/** Submit a move only if the game is still at `version`, under a fresh Idempotency-Key (safe to retry). */
export async function applyMove(
  seat: RestartClient,
  gameId: string,
  move: Move,
  version: number,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<MoveAnswer> {
  const { data, error, response } = await seat.POST("/v1/games/{game_id}/moves", {
    params: { path: { game_id: gameId }, header: { "If-Match": `"${version}"`, "Idempotency-Key": idempotencyKey } },
    body: move,
  });
  if (error) return { ok: false, status: response.status, problem: error };
  return { ok: true, etag: response.headers.get("ETag"), game: data.game, events: data.events };
}

/** The whole event log, read a page at a time. */
export async function eventLog(client: RestartClient, gameId: string, limit = 100): Promise<SequencedEvent[]> {
  const events: SequencedEvent[] = [];
  for (;;) {
    const { data, error, response } = await client.GET("/v1/games/{game_id}/events", {
      params: { path: { game_id: gameId }, query: { after: events.length, limit } },
    });
    if (error) throw new ProblemError(response.status, error);
    if (data.events.length === 0) return events;
    events.push(...data.events);
  }
}

/**
 * Each frame of the game's stream after event `after`, as it comes (NDJSON, one frame a line); it ends after
 * game_over. Hand-written: the contract cannot describe a stream's items (OpenAPI 3.1), only each frame's shape.
 */
export async function* followGame(client: RestartClient, gameId: string, after = 0): AsyncGenerator<StreamFrame> {
  const { data, error, response } = await client.GET("/v1/games/{game_id}/stream", {
    params: { path: { game_id: gameId }, query: { after } },
    headers: { Accept: "application/x-ndjson" },
    parseAs: "stream",
  });
  if (error) throw new ProblemError(response.status, error);
  if (!data) throw new Error("the stream answered without a body");
  let pending = "";
  for await (const text of data.pipeThrough(new TextDecoderStream())) {
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line !== "") yield JSON.parse(line) as StreamFrame; // an empty line is a keep-alive
    }
  }
}
