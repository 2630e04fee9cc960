// The web client's entry: the language, then the page the address's fragment asks for:
// `#game=…&seat=…&token=…` a seat, `#game=…&token=…` a spectator, `#game=…&seat=…&invitation=…`
// the claim of a seat by an invitation, `#table=…&seat=…&invitation=…` the claim of a table's open
// seat (`#table=…&seat=…&token=…` a seat of the table, and `#table=…&token=…` a spectator, while the
// table waits), nothing the game creation.

import { showClaim, showTableClaim, showTableWait } from "./claim.js";
import { fill, h } from "./dom.js";
import { showSetup } from "./setup.js";
import { openGame } from "./table.js";
import { initialLanguage, LANGUAGES, t, translateStaticPage, useLanguage } from "./words.js";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const chooser = /** @type {HTMLSelectElement} */ (document.getElementById("language"));

/** @type {{render: () => void, close: () => void} | null} */
let opened = null;

/** The page for the current fragment. */
function route() {
  opened?.close();
  opened = null;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const gameId = fragment.get("game");
  const token = fragment.get("token");
  const seat = fragment.get("seat");
  const invitation = fragment.get("invitation");
  const tableId = fragment.get("table");
  if (tableId !== null) {
    const seatGiven = seat !== null && /^[0-3]$/.test(seat);
    if (!tableId || (seat !== null && !seatGiven) || !(invitation || token) || (invitation && !seatGiven)) {
      fill(main, h("p", { class: "refusal", role: "alert" }, t("error.bad_link")));
      return;
    }
    if (invitation) showTableClaim(main, { tableId, seat: Number(seat), invitation });
    else if (token) showTableWait(main, { tableId, seat: seatGiven ? Number(seat) : null, token });
    return;
  }
  if (invitation !== null) {
    if (!gameId || seat === null || !/^[0-3]$/.test(seat) || !invitation) {
      fill(main, h("p", { class: "refusal", role: "alert" }, t("error.bad_link")));
      return;
    }
    showClaim(main, { gameId, seat: Number(seat), invitation });
    return;
  }
  if (gameId === null && token === null) {
    showSetup(main);
    return;
  }
  if (!gameId || !token || (seat !== null && !/^[0-3]$/.test(seat))) {
    fill(main, h("p", { class: "refusal", role: "alert" }, t("error.bad_link")));
    return;
  }
  opened = openGame(main, { gameId, token, seat: seat === null ? null : Number(seat) });
}

/** Show the page in the chosen language (the service's sentences follow from the next request on). */
function rerender() {
  translateStaticPage();
  chooser.value = document.documentElement.lang;
  if (opened) opened.render();
  else route();
}

chooser.addEventListener("change", async () => {
  const chosen = LANGUAGES.find((language) => language === chooser.value) ?? "en";
  await useLanguage(chosen);
  rerender();
});
window.addEventListener("hashchange", route);

await useLanguage(initialLanguage());
translateStaticPage();
chooser.value = document.documentElement.lang;
route();
