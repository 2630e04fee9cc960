// Claiming a seat by an invitation link (`#game=…&seat=…&invitation=…`): the person's name, then the
// seat's new token, and the seat's table opens as its own link would open it. The invitation is spent
// by the first claim: a second is refused with the service's own sentence.

import { claimSeat, Refusal } from "./api.js";
import { fill, h } from "./dom.js";
import { gameFragment } from "./setup.js";
import { t } from "./words.js";

/**
 * @param {HTMLElement} main
 * @param {{gameId: string, seat: number, invitation: string}} link
 */
export function showClaim(main, link) {
  const alert = h("p", { class: "refusal", role: "alert", "data-refusal": "" });
  const name = h("input", { type: "text", name: "name", maxlength: 40, autocomplete: "nickname" });
  const form = h(
    "form",
    { class: "claim", onsubmit: (event) => void submit(event) },
    h("p", {}, t("claim.intro", { seat: link.seat + 1 })),
    h("label", {}, h("span", {}, t("claim.name")), name),
    h("button", { type: "submit", class: "primary", "data-claim": "" }, t("claim.take", { seat: link.seat + 1 })),
    alert,
  );
  fill(main, h("section", { "aria-labelledby": "claim-heading" }, h("h2", { id: "claim-heading" }, t("claim.heading")), form));

  /** @param {Event} event */
  async function submit(event) {
    event.preventDefault();
    alert.textContent = "";
    try {
      const answer = await claimSeat(link.gameId, link.seat, link.invitation, name.value.trim());
      // The invitation is spent: the address now carries the seat's own token instead.
      location.replace(`#${gameFragment(link.gameId, answer.token, link.seat)}`);
    } catch (error) {
      alert.textContent = error instanceof Refusal ? error.message : t("error.network");
    }
  }
}
