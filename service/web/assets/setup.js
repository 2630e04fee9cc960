// Creating a game: the form (with the development key offered when the service has one), then
// one link per seat and one for spectators, each token in the link's fragment (never sent to a server).

import { createGame, Refusal } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("./api.js").CreatedGame} CreatedGame */

const MAX_PLAYERS = 4;
const DEFAULT_TARGET = 100;

/** The development client's key, when the page was served by `make run` (DEVELOPMENT_CLIENT=1). */
function developmentKey() {
  return document.querySelector('meta[name="restart-development-key"]')?.getAttribute("content") ?? "";
}

/**
 * The link that opens the game for one seat (`seat` null: for spectators).
 * @param {string} gameId
 * @param {string} token
 * @param {number | null} seat
 */
export function gameLink(gameId, token, seat) {
  const fragment = new URLSearchParams({ game: gameId, ...(seat === null ? {} : { seat: String(seat) }), token });
  return `${location.origin}/play#${fragment}`;
}

/** @type {CreatedGame | null} the game just created, kept in memory only: its links show again after a change of language */
let created = null;

/** @param {HTMLElement} main */
export function showSetup(main) {
  if (created) return showLinks(main, created);
  const key = developmentKey();
  const alert = h("p", { class: "refusal", role: "alert", "data-refusal": "" });
  const names = Array.from({ length: MAX_PLAYERS }, (_, index) =>
    h("input", {
      type: "text",
      name: "player",
      maxlength: 40,
      autocomplete: "off",
      "aria-label": t("setup.player", { n: index + 1 }),
      placeholder: t("setup.player", { n: index + 1 }),
      value: index < 2 ? t("setup.default_name", { n: index + 1 }) : "",
    }),
  );
  const target = h("input", { type: "number", name: "target", min: 1, max: 10000, value: DEFAULT_TARGET });
  const seed = h("input", { type: "number", name: "seed", min: 0, inputmode: "numeric" });
  const keyInput = h("input", { type: "text", name: "key", value: key, autocomplete: "off", spellcheck: "false" });
  const form = h(
    "form",
    { class: "setup", onsubmit: (event) => void submit(event) },
    h("fieldset", {}, h("legend", {}, t("setup.players")), names),
    h("label", {}, h("span", {}, t("setup.target")), target),
    h("label", {}, h("span", {}, t("setup.seed")), seed),
    h("label", {}, h("span", {}, t("setup.key")), keyInput),
    key ? h("p", { class: "hint" }, t("setup.development_key")) : null,
    h("button", { type: "submit", class: "primary" }, t("setup.create")),
    alert,
  );
  fill(main, h("section", { "aria-labelledby": "setup-heading" }, h("h2", { id: "setup-heading" }, t("setup.heading")), form));

  /** @param {Event} event */
  async function submit(event) {
    event.preventDefault();
    alert.textContent = "";
    const players = names.map((input) => input.value).filter((name) => name.trim() !== "");
    /** @type {import("./api.js").CreateGameRequest} */
    const body = { players, target_score: Number(target.value || DEFAULT_TARGET) };
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      created = await createGame(keyInput.value.trim(), body);
      showLinks(main, created);
    } catch (error) {
      alert.textContent = error instanceof Refusal ? error.message : t("error.network");
    }
  }
}

/**
 * @param {HTMLElement} main
 * @param {CreatedGame} shown
 */
function showLinks(main, shown) {
  const { game, tokens } = shown;
  const rows = game.players.map((player) => {
    const token = tokens.players[player.seat] ?? "";
    return linkRow(t("setup.seat_link", { name: player.name, seat: player.seat }), gameLink(game.id, token, player.seat), {
      "data-seat-link": player.seat,
    });
  });
  rows.push(linkRow(t("setup.spectator_link"), gameLink(game.id, tokens.spectator, null), { "data-spectator-link": "" }));
  fill(
    main,
    h(
      "section",
      { "aria-labelledby": "links-heading", class: "links" },
      h("h2", { id: "links-heading", tabindex: -1 }, t("setup.links_heading")),
      h("p", {}, t("setup.links_intro")),
      h("ul", {}, rows),
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            created = null;
            showSetup(main);
          },
        },
        t("setup.another"),
      ),
    ),
  );
  main.querySelector("h2")?.focus();
}

/**
 * @param {string} label
 * @param {string} url
 * @param {Record<string, string | number>} marks
 */
function linkRow(label, url, marks) {
  const copied = h("span", { class: "hint", "aria-live": "polite" });
  return h(
    "li",
    {},
    h("a", { href: url, target: "_blank", rel: "noopener", ...marks }, label),
    " ",
    h(
      "button",
      {
        type: "button",
        onclick: () => {
          void navigator.clipboard?.writeText(url).then(() => {
            copied.textContent = t("setup.copied");
          });
        },
      },
      t("setup.copy"),
    ),
    copied,
  );
}
