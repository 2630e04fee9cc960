// A table, a game waiting for its players (docs/SEATS.md, "Open seats: tables"), as its creator and its
// claimants see it before the deal: its seats (open, taken, the service's), how long the open ones wait,
// and a reading of it every few seconds until the last claim deals the game.

import { getTable, Refusal } from "./api.js";
import { h } from "./dom.js";
import { currentLanguage, t, wordsOr } from "./words.js";

/**
 * @typedef {import("./api.js").TableView} TableView
 * @typedef {import("./api.js").TableSeat} TableSeat
 */

/** How often a page waiting for the deal reads the table again. */
export const TABLE_WATCH_MS = 2000;

/**
 * The link that claims an open seat of a table: whoever opens it first takes the seat.
 * @param {string} tableId
 * @param {number} seat
 * @param {string} invitation
 */
export function tableLink(tableId, seat, invitation) {
  return `${location.origin}/play#${new URLSearchParams({ table: tableId, seat: String(seat), invitation })}`;
}

/**
 * What the address of a seat at a table carries after its `#` while the table waits (a spectator's:
 * no seat): the game's own token (a claimant's invitation is spent), so that the page waits for the
 * deal, then opens the game, and a reload waits again rather than claiming again.
 * @param {string} tableId
 * @param {number | null} seat
 * @param {string} token
 */
export function tableSeatFragment(tableId, seat, token) {
  return String(new URLSearchParams({ table: tableId, ...(seat === null ? {} : { seat: String(seat) }), token }));
}

/**
 * The link a seat held from the table's setup (or a spectator) opens: the table until it is dealt,
 * then the game. A game link would be refused until the deal, the game not being there yet.
 * @param {string} tableId
 * @param {number | null} seat
 * @param {string} token
 */
export function tableWaitLink(tableId, seat, token) {
  return `${location.origin}/play#${tableSeatFragment(tableId, seat, token)}`;
}

/**
 * The table's seats, in seating order (numbered from 1, as invitations are), `mine` marked.
 * @param {TableView} table
 * @param {number | null} mine
 * @param {string} mineMark what to say of `mine`
 */
export function seatList(table, mine, mineMark) {
  return h(
    "ol",
    { class: "table-seats", "data-table-seats": table.status },
    table.seats.map((seat) =>
      h(
        "li",
        { "data-table-seat": seat.seat, "data-state": seat.state, class: seat.seat === mine ? "me" : null },
        h("span", { class: "seat-number" }, t("table.seat", { seat: seat.seat + 1 })),
        " ",
        h("span", { class: "seat-name" }, seat.name),
        " ",
        h("span", { class: `seat-state ${seat.state}` }, seatState(seat)),
        seat.seat === mine ? [" ", h("span", { class: "hint" }, `(${mineMark})`)] : null,
      ),
    ),
  );
}

/** @param {TableSeat} seat */
function seatState(seat) {
  if (seat.state === "bot") return t("players.bot", { level: wordsOr(`level.${seat.bot}`, seat.bot ?? "") });
  return seat.state === "open" ? t("table.open") : t("table.held");
}

/**
 * Where the table stands, as a sentence: waiting (until when), dealt or expired.
 * @param {TableView} table
 */
export function tableStatus(table) {
  if (table.status === "dealt") return t("table.dealt");
  if (table.status === "expired") return t("table.expired");
  const until = new Date(table.expires_at).toLocaleString(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  return t("table.waiting", { time: until });
}

/**
 * Read the table now and every TABLE_WATCH_MS after, while `shown` is on the page (a page that moves
 * on, or is drawn again in another language, leaves the old readings to stop), until it is dealt or
 * its time has run out. A reading the service refuses (the table deleted) stops too; one that does not
 * reach it is tried again.
 * @param {string} tableId
 * @param {string} token
 * @param {Element} shown
 * @param {{seen: (table: TableView) => void, failed: (sentence: string) => void}} told
 */
export function watchTable(tableId, token, shown, told) {
  const read = async () => {
    if (!shown.isConnected) return;
    try {
      const table = await getTable(tableId, token);
      if (!shown.isConnected) return;
      told.seen(table);
      if (table.status !== "waiting") return;
    } catch (error) {
      if (!shown.isConnected) return;
      told.failed(error instanceof Refusal ? error.message : t("error.network"));
      if (error instanceof Refusal) return;
    }
    setTimeout(() => void read(), TABLE_WATCH_MS);
  };
  void read();
}
