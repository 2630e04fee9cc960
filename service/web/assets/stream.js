// Following a game live: GET /v1/games/{id}/stream read with fetch (EventSource cannot send
// Authorization), as NDJSON. A dropped connection is resumed from the last event received
// (Last-Event-ID), with a growing pause between attempts; nothing is lost or repeated. The stream
// ends after game_over, but the log of a finished game still grows: its rematch asked for (`rematched`),
// its ratings told (`game_rated`, which the worker logs a moment after the end of a rated game). So
// after the end the log is read every few seconds, from the last event received, until `stop`.

import { bearer, listEvents, Refusal } from "./api.js";
import { currentLanguage } from "./words.js";

/**
 * @typedef {import("restart-contract").components["schemas"]} Schemas
 * @typedef {Schemas["StreamFrame"]} StreamFrame
 * @typedef {Schemas["EventFrame"]} EventFrame
 * @typedef {Schemas["GameFrame"]} GameFrame
 * @typedef {Schemas["SequencedEvent"]} SequencedEvent
 * @typedef {Extract<SequencedEvent, {type: Schemas["EventType"]}>} KnownEvent
 * @typedef {"connecting" | "live" | "reconnecting" | "ended" | "refused"} Status
 * @typedef {{
 *   game: (view: Schemas["GameView"]) => void,
 *   event: (event: SequencedEvent) => void,
 *   status: (status: Status, detail?: string) => void,
 * }} Handlers
 */

/** The event types this page was written for: the contract's `EventType`. */
const EVENT_TYPES = [
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
];

/**
 * Whether the page knows this event's type. The contract's union of events is open (a later type arrives
 * as `LaterEvent`, whose `type` is any string), so TypeScript cannot narrow on `type` before this does.
 * @param {SequencedEvent} event
 * @returns {event is KnownEvent}
 */
export function isKnownEvent(event) {
  return EVENT_TYPES.includes(event.type);
}

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 8000;
const SILENCE_MS = 45000; // three keep-alives missed: the connection is dead even if no error said so
const AFTER_THE_END_MS = 2000; // how often a finished game's log is read for what followed its end

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Follow a game, and after its end what its log still gets, until `stop` is called.
 * @param {string} gameId
 * @param {string} token
 * @param {Handlers} on
 * @returns {{stop: () => void}}
 */
export function follow(gameId, token, on) {
  let stopped = false;
  /** @type {number | null} */
  let last = null;
  /** @type {AbortController | null} */
  let current = null;

  /**
   * One connection: "over" after game_over, "dropped" when a live stream ended otherwise,
   * "failed" when the service could not serve it now, or the sentence of a refusal.
   * @returns {Promise<"over" | "dropped" | "failed" | {refused: string}>}
   */
  async function connect() {
    const controller = new AbortController();
    current = controller;
    /** @type {Record<string, string>} */
    const sent = { ...bearer(token), Accept: "application/x-ndjson", "Accept-Language": currentLanguage() };
    if (last !== null) sent["Last-Event-ID"] = String(last);
    const response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/stream`, {
      headers: sent,
      signal: controller.signal,
      cache: "no-store",
    });
    if (!response.ok || response.body === null) {
      if (response.status >= 500 || response.status === 429) return "failed";
      const problem = response.headers.get("Content-Type")?.includes("json") ? await response.json() : null;
      return { refused: problem?.detail ?? `HTTP ${response.status}` };
    }
    on.status("live");
    return (await read(response.body, controller)) ? "over" : "dropped";
  }

  /**
   * Read frames until the stream ends; true when it ended after game_over.
   * @param {ReadableStream<Uint8Array>} body
   * @param {AbortController} controller
   */
  async function read(body, controller) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    let over = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let watchdog;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    watch();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return over;
        watch();
        buffered += decoder.decode(value, { stream: true });
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          if (line.trim() === "") continue; // a keep-alive
          over = deliver(/** @type {StreamFrame} */ (JSON.parse(line))) || over;
        }
      }
    } finally {
      clearTimeout(watchdog);
    }
  }

  /**
   * @param {StreamFrame} frame
   * @returns {boolean} whether it was game_over
   */
  function deliver(frame) {
    if (typeof frame.id === "number") { // an event, whatever its type: the only frames with an id
      const event = /** @type {EventFrame} */ (frame);
      last = event.id;
      on.event(event.data);
      return event.event === "game_over";
    }
    if (frame.event === "game") on.game(/** @type {GameFrame} */ (frame).data);
    return false; // a seat's new hand (the view fetched after the deal shows it), or a kind added later
  }

  async function run() {
    let pause = FIRST_PAUSE_MS;
    on.status("connecting");
    while (!stopped) {
      /** @type {Awaited<ReturnType<typeof connect>>} */
      let outcome = "failed";
      try {
        outcome = await connect();
      } catch {
        // a network error, or the watchdog's abort: try again below unless stopped
      }
      if (outcome === "over") {
        on.status("ended");
        return afterTheEnd();
      }
      if (typeof outcome === "object") return on.status("refused", outcome.refused);
      if (stopped) return;
      if (outcome === "dropped") pause = FIRST_PAUSE_MS; // it was live: start again from a short pause
      on.status("reconnecting");
      await sleep(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  /** The game is over: its log, read from the last event received every few seconds, until `stop`. */
  async function afterTheEnd() {
    while (!stopped) {
      await sleep(AFTER_THE_END_MS);
      if (stopped) return;
      try {
        const { events } = await listEvents(gameId, token, last ?? 0);
        for (const event of events) {
          if (stopped || event.seq <= (last ?? 0)) continue;
          last = event.seq;
          on.event(event);
        }
      } catch (error) {
        if (error instanceof Refusal && error.status < 500 && error.status !== 429) return; // the game is gone, or the token no longer opens it
      }
    }
  }

  void run();
  return {
    stop() {
      stopped = true;
      current?.abort();
    },
  };
}
