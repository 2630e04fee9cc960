// Claiming a seat by an invitation link (`#game=…&seat=…&invitation=…`): the person's name, then the
// seat's new token, and the seat's table opens as its own link would open it. The invitation is spent
// by the first claim: a second is refused with the service's own sentence.
// An open seat of a table (`#table=…&seat=…&invitation=…`, docs/SEATS.md "Open seats: tables") is
// claimed the same way, the table shown first; the claim that takes the last open seat deals the game,
// which then opens. Until then the page waits with the seat's token in its address
// (`#table=…&seat=…&token=…`), reading the table every few seconds.

import { claimSeat, claimTableSeat, getTable, Refusal } from "./api.js";
import { fill, h } from "./dom.js";
import { seatList, tableSeatFragment, tableStatus, watchTable } from "./lobby.js";
import { gameFragment } from "./setup.js";
import { t } from "./words.js";

/**
 * @param {HTMLElement} main
 * @param {{gameId: string, seat: number, invitation: string}} link
 */
export function showClaim(main, link) {
  showClaimForm(main, t("claim.heading"), t("claim.intro", { seat: link.seat + 1 }), link.seat, [], async (name) => {
    const answer = await claimSeat(link.gameId, link.seat, link.invitation, name);
    return gameFragment(link.gameId, answer.token, link.seat);
  });
}

/**
 * The page that claims a seat: a heading, what is offered (and `shown`, such as the table), the
 * person's name and the button; `claim` takes the seat with the name given and answers the fragment
 * to go to, which carries the seat's own token (the invitation is spent). A refusal is shown in the
 * service's own sentence.
 * @param {HTMLElement} main
 * @param {string} heading
 * @param {string} intro
 * @param {number} seat
 * @param {HTMLElement[]} shown
 * @param {(name: string) => Promise<string>} claim
 */
function showClaimForm(main, heading, intro, seat, shown, claim) {
  const alert = h("p", { class: "refusal", role: "alert", "data-refusal": "" });
  const name = h("input", { type: "text", name: "name", maxlength: 40, autocomplete: "nickname" });
  const form = h(
    "form",
    { class: "claim", onsubmit: (event) => void submit(event) },
    h("p", {}, intro),
    ...shown,
    h("label", {}, h("span", {}, t("claim.name")), name),
    h("button", { type: "submit", class: "primary", "data-claim": "" }, t("claim.take", { seat: seat + 1 })),
    alert,
  );
  fill(main, h("section", { "aria-labelledby": "claim-heading" }, h("h2", { id: "claim-heading" }, heading), form));

  /** @param {Event} event */
  async function submit(event) {
    event.preventDefault();
    alert.textContent = "";
    try {
      location.replace(`#${await claim(name.value.trim())}`);
    } catch (error) {
      alert.textContent = error instanceof Refusal ? error.message : t("error.network");
    }
  }
}

/**
 * The claim of an open seat of a table: the table (read with the invitation), a name, and the seat taken.
 * @param {HTMLElement} main
 * @param {{tableId: string, seat: number, invitation: string}} link
 */
export function showTableClaim(main, link) {
  const seats = h("div", { "data-table": link.tableId }, h("p", { class: "status", role: "status" }, t("status.connecting")));
  showClaimForm(main, t("claim.table_heading"), t("claim.table_intro", { seat: link.seat + 1 }), link.seat, [seats], async (name) => {
    const { table, token } = await claimTableSeat(link.tableId, link.seat, link.invitation, name);
    return table.status === "dealt" ? gameFragment(table.table_id, token, link.seat) : tableSeatFragment(table.table_id, link.seat, token);
  });
  getTable(link.tableId, link.invitation).then(
    (table) => seats.replaceChildren(seatList(table, link.seat, t("claim.invited")), h("p", { class: "status", "data-table-status": table.status }, tableStatus(table))),
    (error) => {
      // A spent invitation reads nothing any more: the claim says why, in the service's words.
      const said = error instanceof Refusal ? (error.status === 401 ? t("claim.table_unread") : error.message) : t("error.network");
      seats.replaceChildren(h("p", { class: "hint", "data-table-unread": "" }, said));
    },
  );
}

/**
 * A seat at a table that waits for its other players (or a spectator, `seat` null): the table, read
 * with the game's token every few seconds until it is dealt, then the game, as its own link opens it.
 * @param {HTMLElement} main
 * @param {{tableId: string, seat: number | null, token: string}} seating
 */
export function showTableWait(main, seating) {
  const alert = h("p", { class: "refusal", role: "alert", "data-refusal": "" });
  const seats = h("div", { "data-table": seating.tableId });
  const status = h("p", { class: "status", role: "status", "data-table-status": "" }, t("status.connecting"));
  fill(
    main,
    h(
      "section",
      { "aria-labelledby": "wait-heading", class: "waiting" },
      h("h2", { id: "wait-heading" }, seating.seat === null ? t("claim.watch_heading") : t("claim.taken_heading", { seat: seating.seat + 1 })),
      status,
      h("p", { class: "hint" }, t("claim.opens_here")),
      seats,
      alert,
    ),
  );
  watchTable(seating.tableId, seating.token, status, {
    seen: (table) => {
      alert.textContent = "";
      if (table.status === "dealt") {
        location.replace(`#${gameFragment(table.table_id, seating.token, seating.seat)}`);
        return;
      }
      seats.replaceChildren(seatList(table, seating.seat, seating.seat === null ? "" : t("game.you")));
      status.textContent = tableStatus(table);
      status.setAttribute("data-table-status", table.status);
    },
    failed: (sentence) => {
      alert.textContent = sentence;
    },
  });
}
