// Consent offers on a seat's page (docs/OFFERS.md): its holder offers the other seats to take back their
// own last move, to abort a game that has barely started, to end it now by the scores as they stand, or
// to pause or resume the clocks; a seat the open offer waits for accepts or declines it. Only the offers
// that make sense now get a button, but the service decides: a refusal shows its own sentence.

import { answerOffer, makeOffer, Refusal } from "./api.js";
import { isPaused } from "./clock.js";
import { h } from "./dom.js";
import { isKnownEvent } from "./stream.js";
import { currentLanguage, t } from "./words.js";

/**
 * @typedef {import("./api.js").GameView} GameView
 * @typedef {import("./api.js").Offer} Offer
 * @typedef {import("./api.js").OfferKind} OfferKind
 * @typedef {import("./api.js").OfferAnswer} OfferAnswer
 * @typedef {import("./stream.js").SequencedEvent} SequencedEvent
 * @typedef {import("./stream.js").KnownEvent} KnownEvent
 * @typedef {Extract<KnownEvent, {type: OfferEventType}>} OfferEvent
 * @typedef {"offer_made" | "offer_accepted" | "offer_declined" | "offer_lapsed" | "taken_back" | "game_paused" | "game_resumed"} OfferEventType
 * @typedef {"takeback" | "abort" | "agreement" | "pause" | "resume"} Kind
 * @typedef {{make: string, theirs: string, mine: string}} KindWords
 * @typedef {(index: number) => string} NameOf
 */

/**
 * Each kind, in the order of its button: the button's words, another seat's offer, the page's own.
 * @type {Record<Kind, KindWords>}
 */
const KINDS = {
  takeback: { make: "offer.make_takeback", theirs: "offer.theirs_takeback", mine: "offer.mine_takeback" },
  abort: { make: "offer.make_abort", theirs: "offer.theirs_abort", mine: "offer.mine_abort" },
  agreement: { make: "offer.make_agreement", theirs: "offer.theirs_agreement", mine: "offer.mine_agreement" },
  pause: { make: "offer.make_pause", theirs: "offer.theirs_pause", mine: "offer.mine_pause" },
  resume: { make: "offer.make_resume", theirs: "offer.theirs_resume", mine: "offer.mine_resume" },
};

/** The events of offers: none of them is a change of the game a takeback could undo. */
const OFFER_EVENTS = ["offer_made", "offer_accepted", "offer_declined", "offer_lapsed", "game_paused", "game_resumed"];
/** The events of a seat's move. */
const MOVES = ["tiles_placed", "tiles_removed", "passed"];
/** The events before a move the service played for a seat (its time was up, or it is away). */
const SERVICE_PLAYED = ["turn_timed_out", "seat_absent"];
/** The longest a timer may wait (setTimeout's limit); a later instant is looked at again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * @param {string} kind
 * @returns {kind is Kind}
 */
function isKind(kind) {
  return kind in KINDS;
}

/**
 * An instant as the page's language writes it (a pause's end).
 * @param {string} instant RFC 3339
 */
export function formatInstant(instant) {
  return new Date(instant).toLocaleString(currentLanguage(), { dateStyle: "medium", timeStyle: "medium" });
}

/**
 * The view's offer while it is open: null once it expired, even in a view read before that.
 * @param {GameView} view
 * @returns {Offer | null}
 */
function openOffer(view) {
  const offer = view.offer ?? null;
  if (offer === null || offer.state !== "open") return null;
  return Date.parse(offer.expires_at) > Date.now() ? offer : null;
}

/**
 * "Paused until …" while the clocks are paused (null otherwise).
 * @param {GameView} view
 */
export function pausedLine(view) {
  if (!isPaused(view) || !view.paused_until) return null;
  return h("p", { class: "paused", "data-paused": view.paused_until }, t("offer.paused_until", { time: formatInstant(view.paused_until) }));
}

/**
 * The offers of the page's seat: its buttons, the open offer (and its answers for a seat it waits for)
 * and the service's refusals. `accepted` takes each view an answer carries, `refresh` reads the view
 * again (an offer expired or a pause ended by itself: nothing was saved, nothing is streamed), and
 * `changed` draws the page again.
 * @param {string} gameId
 * @param {string} token
 * @param {number | null} seat
 * @param {{accepted: (view: GameView) => void, refresh: () => void, changed: () => void}} on
 */
export function offers(gameId, token, seat, on) {
  let refusal = "";
  let sending = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  /** @param {() => Promise<OfferAnswer>} request */
  async function send(request) {
    if (sending) return;
    sending = true;
    refusal = "";
    on.changed();
    try {
      on.accepted((await request()).game);
    } catch (error) {
      refusal = error instanceof Refusal ? error.message : t("error.network");
    } finally {
      sending = false;
    }
    on.changed();
    const shown = refusal ? document.querySelector("[data-offer-refusal]") : null;
    if (shown instanceof HTMLElement) shown.focus(); // the sentence, read out where the button was
  }

  /**
   * Read the view again when the open offer expires or the pause ends by itself.
   * @param {GameView} view
   */
  function watch(view) {
    clearTimeout(timer);
    const instants = [openOffer(view)?.expires_at, isPaused(view) ? view.paused_until : null]
      .filter((instant) => typeof instant === "string")
      .map((instant) => Date.parse(instant));
    if (instants.length === 0) return;
    const wait = Math.min(Math.max(0, Math.min(...instants) - Date.now()) + 250, LONGEST_WAIT_MS);
    timer = setTimeout(on.refresh, wait);
  }

  /**
   * The kinds the page's seat may offer now, as far as the page can tell: the game's policy allows it,
   * and it makes sense in the game as it stands.
   * @param {GameView} view
   * @param {readonly SequencedEvent[]} happened the last events, oldest first
   * @returns {Kind[]}
   */
  function offerable(view, happened) {
    if (seat === null || view.status !== "playing" || openOffer(view) !== null) return [];
    const policy = view.offer_policy?.kinds ?? [];
    const allowed = (/** @type {Kind} */ kind) => policy.includes(kind) || (kind === "resume" && policy.includes("pause"));
    const paused = isPaused(view);
    const botToMove = view.players[view.current_player]?.bot != null;
    /** @type {Record<Kind, boolean>} */
    const now = {
      takeback: ownLastMove(happened, seat),
      abort: beforeEverySeatMoved(view, happened),
      agreement: true,
      pause: !paused && view.clock !== null && !botToMove,
      resume: paused,
    };
    return /** @type {Kind[]} */ (Object.keys(KINDS)).filter((kind) => now[kind] && allowed(kind));
  }

  /**
   * The offers section: what the page's seat may offer, the open offer, the last decline of its own.
   * @param {GameView} view
   * @param {readonly SequencedEvent[]} happened
   * @param {NameOf} nameOf
   */
  function section(view, happened, nameOf) {
    watch(view);
    const offer = openOffer(view);
    const kinds = offerable(view, happened);
    const declined = ownOfferDeclined(happened, seat, nameOf);
    if (offer === null && kinds.length === 0 && !declined && !refusal) return null;
    return h(
      "section",
      { class: "offers", "aria-label": t("offer.heading"), "data-offers": "" },
      offer ? openOfferLine(offer, nameOf) : null,
      declined ? h("p", { class: "declined", role: "status", "data-offer-declined": "" }, declined) : null,
      kinds.length
        ? h(
            "div",
            { class: "offer-buttons", role: "group", "aria-label": t("offer.heading") },
            kinds.map((kind) =>
              h("button", { type: "button", "data-offer-make": kind, disabled: sending, onclick: () => void send(() => makeOffer(gameId, token, kind)) }, t(KINDS[kind].make)),
            ),
          )
        : null,
      h("p", { class: "refusal", role: "alert", "data-offer-refusal": "", tabindex: -1 }, refusal),
    );
  }

  /**
   * The open offer in words, with Accept and Decline for a seat it waits for.
   * @param {Offer} offer
   * @param {NameOf} nameOf
   */
  function openOfferLine(offer, nameOf) {
    const words = isKind(offer.kind) ? KINDS[offer.kind] : null;
    const mine = offer.seat === seat;
    const waiting = offer.waiting.map(nameOf).join(", ");
    const said = words === null
      ? t("offer.theirs_other", { name: nameOf(offer.seat), kind: offer.kind })
      : mine ? t(words.mine) : t(words.theirs, { name: nameOf(offer.seat) });
    const asked = seat !== null && offer.waiting.includes(seat);
    return h(
      "div",
      { class: "open-offer", role: "status", "data-offer": offer.kind, "data-offer-id": offer.id },
      h("p", {}, said, " ", h("span", { class: "waiting" }, t("offer.waiting_for", { names: waiting }))),
      asked
        ? h(
            "p",
            { class: "actions" },
            h("button", { type: "button", class: "primary", "data-offer-accept": offer.id, disabled: sending, onclick: () => void send(() => answerOffer(gameId, token, offer.id, "accept")) }, t("offer.accept")),
            h("button", { type: "button", "data-offer-decline": offer.id, disabled: sending, onclick: () => void send(() => answerOffer(gameId, token, offer.id, "decline")) }, t("offer.decline")),
          )
        : null,
    );
  }

  return {
    section,
    /** Forget the last refusal (the page's language changed, or the game moved on). */
    clear() {
      refusal = "";
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/**
 * Whether the last change of the game, offers aside, is a move of `seat`'s own that its holder made (not
 * one the service played for it): the one move a takeback may undo. A move that ended a round is followed
 * by the round's score, so it is not the last change.
 * @param {readonly SequencedEvent[]} happened
 * @param {number} seat
 */
function ownLastMove(happened, seat) {
  const changes = happened.filter((event) => !OFFER_EVENTS.includes(event.type));
  const last = changes.at(-1);
  if (last === undefined || !MOVES.includes(last.type) || !isKnownEvent(last) || !("seat" in last) || last.seat !== seat) return false;
  const before = changes.at(-2);
  return !(before && SERVICE_PLAYED.includes(before.type));
}

/**
 * Whether some seat has not moved yet in the game (an abort is only for a game that has barely started):
 * the page can tell only from a log that holds the first deal.
 * @param {GameView} view
 * @param {readonly SequencedEvent[]} happened
 */
function beforeEverySeatMoved(view, happened) {
  if (view.round !== 1 || !happened.some((event) => event.type === "round_dealt")) return false;
  const moved = new Set();
  for (const event of happened) {
    if (isKnownEvent(event) && MOVES.includes(event.type) && "seat" in event) moved.add(event.seat);
  }
  return moved.size < view.players.length;
}

/**
 * The page's seat's offer declined by the last event: who declined it, in words (null otherwise).
 * @param {readonly SequencedEvent[]} happened
 * @param {number | null} seat
 * @param {NameOf} nameOf
 */
function ownOfferDeclined(happened, seat, nameOf) {
  const last = happened.at(-1);
  if (seat === null || last === undefined || !isKnownEvent(last) || last.type !== "offer_declined") return null;
  const made = happened.find((event) => isKnownEvent(event) && event.type === "offer_made" && event.offer_id === last.offer_id);
  if (!made || !isKnownEvent(made) || made.type !== "offer_made" || made.seat !== seat) return null;
  return t(last.by_rule ? "offer.declined_by_rule" : "offer.declined", { name: nameOf(last.seat) });
}

/**
 * An offer's event in words, for the game's log.
 * @param {OfferEvent} event
 * @param {NameOf} nameOf
 */
export function describeOfferEvent(event, nameOf) {
  switch (event.type) {
    case "offer_made":
      return isKind(event.kind) ? t(KINDS[event.kind].theirs, { name: nameOf(event.seat) }) : t("offer.theirs_other", { name: nameOf(event.seat), kind: event.kind });
    case "offer_accepted":
      return t(event.by_rule ? "event.offer_accepted_by_rule" : "event.offer_accepted", { name: nameOf(event.seat) });
    case "offer_declined":
      return t(event.by_rule ? "event.offer_declined_by_rule" : "event.offer_declined", { name: nameOf(event.seat) });
    case "offer_lapsed":
      return t(event.reason === "expired" ? "event.offer_expired" : "event.offer_lapsed");
    case "taken_back":
      return t("event.taken_back", { name: nameOf(event.seat) });
    case "game_paused":
      return t("event.game_paused", { time: formatInstant(event.until) });
    case "game_resumed":
      return t("event.game_resumed");
  }
}
