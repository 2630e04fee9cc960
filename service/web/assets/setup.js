// Creating a game: the form (with the development key offered when the service has one), then
// one link per seat and one for spectators, each token in the link's fragment (never sent to a server).
// Against the computer, the person takes seat 0 and the service plays the others (`GET /v1/bots`'s
// levels): the page opens that seat's table at once. A seat left open makes a table instead
// (`POST /v1/tables`): one invitation link per open seat, the other seats' links (they open the game
// once it is dealt), and the table read every few seconds until the last claim deals the game.

import { createGame, createTable, listBots, makeInvitation, Refusal } from "./api.js";
import { fill, h } from "./dom.js";
import { seatList, tableLink, tableStatus, tableWaitLink, watchTable } from "./lobby.js";
import { levelRating } from "./ratings.js";
import { t, wordsOr } from "./words.js";

/**
 * @typedef {import("./api.js").CreatedGame} CreatedGame
 * @typedef {import("./api.js").CreatedTable} CreatedTable
 * @typedef {import("./api.js").CreateTableRequest} CreateTableRequest
 * @typedef {import("./api.js").BotLevels} BotLevels
 * @typedef {BotLevels["bots"][number]} BotLevelDescription
 * @typedef {import("./api.js").CreateGameRequest["players"]} Seats
 */

const MAX_PLAYERS = 4;
const MAX_BOTS = MAX_PLAYERS - 1;
const DEFAULT_TARGET = 100;

/**
 * The clocks the form offers (`none`: turns are not timed), by the value of their option.
 * @type {Record<string, import("./api.js").CreateGameRequest["clock"]>}
 */
const CLOCKS = {
  none: null,
  turn: { turn_seconds: 60 },
  bank: { bank_seconds: 300, increment_seconds: 2 },
};

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
  return `${location.origin}/play#${gameFragment(gameId, token, seat)}`;
}

/**
 * What a game link carries after its `#`.
 * @param {string} gameId
 * @param {string} token
 * @param {number | null} seat
 */
export function gameFragment(gameId, token, seat) {
  return String(new URLSearchParams({ game: gameId, ...(seat === null ? {} : { seat: String(seat) }), token }));
}

/**
 * The link that claims a seat by an invitation: whoever opens it first takes the seat.
 * @param {string} gameId
 * @param {number} seat
 * @param {string} invitation
 */
function invitationLink(gameId, seat, invitation) {
  return `${location.origin}/play#${new URLSearchParams({ game: gameId, seat: String(seat), invitation })}`;
}

/** @type {Promise<BotLevels> | null} the levels, asked once (again after a failure) */
let levelsAsked = null;

function botLevels() {
  levelsAsked ??= listBots().catch((error) => {
    levelsAsked = null;
    throw error;
  });
  return levelsAsked;
}

/** @type {CreatedGame | null} the game just created, kept in memory only: its links show again after a change of language */
let created = null;
/** @type {CreatedTable | null} likewise the table just set up (seats left open) */
let createdTable = null;

/** @param {HTMLElement} main */
export function showSetup(main) {
  if (created) return showLinks(main, created);
  if (createdTable) return showTable(main, createdTable);
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
  // Each seat a person's (named here) or open: for whoever claims its invitation, its name the seat's until then.
  const opens = names.map((_, index) =>
    h("input", { type: "checkbox", name: "open", value: index, "data-open-seat": index, "aria-label": t("setup.open_seat_of", { n: index + 1 }) }),
  );
  const target = h("input", { type: "number", name: "target", min: 1, max: 10000, value: DEFAULT_TARGET });
  const seed = h("input", { type: "number", name: "seed", min: 0, inputmode: "numeric" });
  const clock = h(
    "select",
    { name: "clock" },
    h("option", { value: "none" }, t("setup.clock_none")),
    h("option", { value: "turn" }, t("setup.clock_turn")),
    h("option", { value: "bank" }, t("setup.clock_bank")),
  );
  const keyInput = h("input", { type: "text", name: "key", value: key, autocomplete: "off", spellcheck: "false" });
  const people = h(
    "fieldset",
    {},
    h("legend", {}, t("setup.players")),
    names.map((name, index) => h("div", { class: "seat-row" }, name, h("label", { class: "choice" }, opens[index], h("span", { "aria-hidden": "true" }, t("setup.open_seat"))))),
    h("p", { class: "hint" }, t("setup.open_hint")),
  );
  const computer = computerPart();
  /** @param {boolean} against */
  const choose = (against) => {
    people.hidden = against;
    computer.part.hidden = !against;
  };
  const mode = h(
    "fieldset",
    { class: "mode" },
    h("legend", {}, t("setup.opponents")),
    h("label", { class: "choice" }, h("input", { type: "radio", name: "opponents", value: "people", checked: true, onchange: () => choose(false) }), t("setup.against_people")),
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "opponents", value: "computer", "data-against-computer": "", onchange: () => choose(true) }),
      t("setup.against_computer"),
    ),
  );
  choose(false);
  const form = h(
    "form",
    { class: "setup", onsubmit: (event) => void submit(event) },
    mode,
    people,
    computer.part,
    h("label", {}, h("span", {}, t("setup.target")), target),
    h("label", {}, h("span", {}, t("setup.clock")), clock),
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
    const against = !computer.part.hidden;
    const players = against ? computer.seats() : names.map((input) => input.value).filter((name) => name.trim() !== "");
    if (players === null) {
      alert.textContent = t("setup.no_levels");
      return;
    }
    /** @type {import("./api.js").CreateGameRequest} */
    const body = { players, target_score: Number(target.value || DEFAULT_TARGET) };
    if (seed.value !== "") body.seed = Number(seed.value);
    const timed = CLOCKS[clock.value];
    if (timed) body.clock = timed;
    const table = against ? null : tableSeats();
    try {
      if (table) {
        createdTable = await createTable(keyInput.value.trim(), { ...body, players: table });
        showTable(main, createdTable);
        return;
      }
      const answer = await createGame(keyInput.value.trim(), body);
      if (against) return openOwnSeat(main, answer);
      created = answer;
      showLinks(main, created);
    } catch (error) {
      alert.textContent = error instanceof Refusal ? error.message : t("error.network");
    }
  }

  /**
   * The seats of a table when a seat is open (a named open seat keeps its name until claimed; a seat
   * neither named nor open is left out, as in a creation); null when none is: a creation.
   * @returns {CreateTableRequest["players"] | null}
   */
  function tableSeats() {
    if (!opens.some((open) => open.checked)) return null;
    /** @type {CreateTableRequest["players"]} */
    const seats = [];
    names.forEach((input, index) => {
      const name = input.value.trim();
      if (opens[index]?.checked) seats.push(name ? { open: true, name } : { open: true });
      else if (name) seats.push(input.value);
    });
    return seats;
  }
}

/**
 * The computer's part of the form: the person's name, the level (described as the service
 * describes it, with its rating) and how many seats the service plays.
 */
function computerPart() {
  const you = h("input", { type: "text", name: "you", maxlength: 40, autocomplete: "off", value: t("setup.default_name", { n: 1 }) });
  const description = h("span", { "data-level-about": "" });
  const rating = h("span", { class: "level-rating", "data-level-rating": "", hidden: true });
  const about = h("p", { class: "hint", id: "level-about", "aria-live": "polite" }, description, " ", rating);
  /** @type {BotLevelDescription[]} the levels the service offers, weakest first */
  let offered = [];
  const chosen = () => offered.find((bot) => bot.level === level.value);
  const describe = () => {
    const bot = chosen();
    description.textContent = bot?.description ?? "";
    rating.textContent = bot ? levelRating(bot.rating) : "";
    rating.hidden = !bot;
  };
  const level = h("select", { name: "level", "aria-describedby": "level-about", disabled: true, onchange: describe });
  const count = h(
    "select",
    { name: "bots" },
    Array.from({ length: MAX_BOTS }, (_, index) => h("option", { value: index + 1 }, index + 1)),
  );
  const part = h(
    "div",
    { class: "computer", "data-computer": "" },
    h("label", {}, h("span", {}, t("setup.your_name")), you),
    h("label", {}, h("span", {}, t("setup.level")), level),
    about,
    h("label", {}, h("span", {}, t("setup.bots", { max: MAX_BOTS })), count),
  );
  botLevels().then(
    ({ bots }) => {
      offered = bots;
      level.replaceChildren(...bots.map((bot) => h("option", { value: bot.level }, wordsOr(`level.${bot.level}`, bot.level))));
      level.disabled = false;
      describe();
    },
    (error) => {
      description.textContent = error instanceof Refusal ? error.message : t("error.network");
    },
  );

  /** @returns {Seats | null} the person at seat 0, then the bots; null before the levels are known */
  function seats() {
    const bot = chosen()?.level;
    if (bot === undefined) return null;
    const others = Array.from({ length: Number(count.value) }, (_, index) => ({
      name: t("setup.bot_name", { level: wordsOr(`level.${bot}`, bot), n: index + 1 }),
      bot,
    }));
    return [you.value, ...others];
  }
  return { part, seats };
}

/**
 * A game against the computer: straight to the person's own seat (0), as its link would open it.
 * @param {HTMLElement} main
 * @param {CreatedGame} answer
 */
function openOwnSeat(main, answer) {
  const token = answer.tokens.players[0];
  if (!token) throw new Error("no token for seat 0");
  location.hash = gameFragment(answer.game.id, token, 0);
  main.focus();
}

/**
 * @param {HTMLElement} main
 * @param {CreatedGame} shown
 */
function showLinks(main, shown) {
  const { game, tokens } = shown;
  const rows = game.players.flatMap((player) => {
    const token = tokens.players[player.seat];
    if (!token) return []; // a seat the service plays: no one needs its link
    return linkRow(t("setup.seat_link", { name: player.name, seat: player.seat }), gameLink(game.id, token, player.seat), {
      "data-seat-link": player.seat,
    });
  });
  rows.push(linkRow(t("setup.spectator_link"), gameLink(game.id, tokens.spectator, null), { "data-spectator-link": "" }));
  const invitations = h("ul", { "data-invitations": "" });
  const inviteAlert = h("p", { class: "refusal", role: "alert" });
  const inviteButtons = game.players
    .filter((player) => tokens.players[player.seat])
    .map((player) =>
      h(
        "button",
        {
          type: "button",
          "data-invite": player.seat,
          onclick: async () => {
            inviteAlert.textContent = "";
            try {
              const { invitation } = await makeInvitation(game.id, player.seat, tokens.admin);
              invitations.append(
                linkRow(t("setup.invitation_link", { seat: player.seat + 1 }), invitationLink(game.id, invitation.seat, invitation.token), {
                  "data-invitation-link": invitation.seat,
                }),
              );
            } catch (error) {
              inviteAlert.textContent = error instanceof Refusal ? error.message : t("error.network");
            }
          },
        },
        t("setup.invite", { seat: player.seat + 1 }),
      ),
    );
  fill(
    main,
    h(
      "section",
      { "aria-labelledby": "links-heading", class: "links" },
      h("h2", { id: "links-heading", tabindex: -1 }, t("setup.links_heading")),
      h("p", {}, t("setup.links_intro")),
      h("ul", {}, rows),
      h("p", {}, t("setup.invitations_intro")),
      h("p", { class: "invite-buttons" }, inviteButtons),
      invitations,
      inviteAlert,
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
 * A table just set up: each open seat's invitation link, the other seats' links and the spectators'
 * (the tokens of the game to come: they wait for the deal, then open it), and the table as it stands, read
 * again every few seconds until the last claim deals the game, which the page then offers to open.
 * @param {HTMLElement} main
 * @param {CreatedTable} shown
 */
function showTable(main, shown) {
  const { table, tokens, invitations } = shown;
  const gameId = table.table_id;
  const invitationRows = invitations.map((invitation) =>
    linkRow(t("setup.open_seat_link", { seat: invitation.seat + 1 }), tableLink(gameId, invitation.seat, invitation.token), {
      "data-table-invitation": invitation.seat,
    }),
  );
  const rows = table.seats.flatMap((seat) => {
    const token = tokens.players[seat.seat];
    if (!token) return []; // an open seat (its invitation above) or one the service plays
    return linkRow(t("setup.seat_link", { name: seat.name, seat: seat.seat }), tableWaitLink(gameId, seat.seat, token), { "data-seat-link": seat.seat });
  });
  rows.push(linkRow(t("setup.spectator_link"), tableWaitLink(gameId, null, tokens.spectator), { "data-spectator-link": "" }));
  const seats = h("div", { "data-table": gameId }, seatList(table, null, ""));
  const status = h("p", { class: "status", role: "status", "data-table-status": table.status }, tableStatus(table));
  const open = h("p", { class: "open-game", hidden: true }, h("a", { href: `#${gameFragment(gameId, tokens.admin, null)}`, class: "button primary", "data-open-game": "" }, t("setup.open_game")));
  const readAlert = h("p", { class: "refusal", role: "alert" });
  fill(
    main,
    h(
      "section",
      { "aria-labelledby": "links-heading", class: "links" },
      h("h2", { id: "links-heading", tabindex: -1 }, t("setup.table_heading")),
      h("p", {}, t("setup.table_intro")),
      h("ul", { "data-table-invitations": "" }, invitationRows),
      h("p", {}, t("setup.table_links_intro")),
      h("ul", {}, rows),
      h("h3", {}, t("table.seats")),
      seats,
      status,
      open,
      readAlert,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            createdTable = null;
            showSetup(main);
          },
        },
        t("setup.another"),
      ),
    ),
  );
  main.querySelector("h2")?.focus();
  watchTable(gameId, tokens.admin, status, {
    seen: (now) => {
      readAlert.textContent = "";
      seats.replaceChildren(seatList(now, null, ""));
      status.textContent = tableStatus(now);
      status.setAttribute("data-table-status", now.status);
      open.hidden = now.status !== "dealt";
    },
    failed: (sentence) => {
      readAlert.textContent = sentence;
    },
  });
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
