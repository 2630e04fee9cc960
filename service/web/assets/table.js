// A game as one seat or a spectator sees it: the table, the hand and its moves, the clock, and what
// happens live, the consent offers between seats (offers.js) and, once a rated game's ratings are told,
// each seat's rating before and after (ratings.js). Every change comes from the service:
// the stream's events trigger a fresh read of the view, and each view read starts the count of the
// current turn's time again. A finished game's replay shows a past version with the same table, read-only.

import { getGame, legalMoves, Refusal, rematchGame, sayBack, submitMove } from "./api.js";
import { countdown, describeClock, formatSeconds, isPaused } from "./clock.js";
import { fill, h } from "./dom.js";
import { describeOfferEvent, offers, pausedLine } from "./offers.js";
import { ratingsSection } from "./ratings.js";
import { replay } from "./replay.js";
import { follow, isKnownEvent } from "./stream.js";
import { COLOURS, isPurple, order, tileElement, tileNames } from "./tiles.js";
import { t, wordsOr } from "./words.js";

/**
 * @typedef {import("./api.js").GameView} GameView
 * @typedef {import("./api.js").Move} Move
 * @typedef {import("./tiles.js").Colour} Colour
 * @typedef {import("./stream.js").SequencedEvent} SequencedEvent
 * @typedef {import("./stream.js").Status} Status
 * @typedef {import("./ratings.js").GameRated} GameRated
 * @typedef {{gameId: string, token: string, seat: number | null}} Seating
 */

const LOG_LENGTH = 30;

/**
 * Show the game in `main` and follow it; `close` stops following.
 * @param {HTMLElement} main
 * @param {Seating} seating
 */
export function openGame(main, seating) {
  const { gameId, token, seat } = seating;
  /** @type {GameView | null} */
  let game = null;
  /** @type {Move[]} */
  let legal = [];
  /** @type {string[]} tiles picked, in the order picked */
  let picked = [];
  /** @type {Colour | null} */
  let row = null;
  /** @type {SequencedEvent[]} */
  const happened = [];
  /** @type {GameRated | null} the game's ratings, once told (a rated game's, a moment after its end) */
  let rated = null;
  /** @type {Status} */
  let status = "connecting";
  let refusal = "";
  let refreshing = false;
  let refreshAgain = false;
  let returning = false;
  const turnTime = countdown();
  const history = replay(gameId, token, () => render());
  const offering = offers(gameId, token, seat, {
    accepted: (view) => {
      accept(view);
      void refreshLegal().finally(render);
    },
    refresh: () => void refresh(),
    changed: () => render(),
  });

  /** @param {GameView} view */
  function accept(view) {
    if (game !== null && view.version < game.version) return;
    game = view;
    turnTime.start(view);
  }

  async function refresh() {
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = true;
    try {
      do {
        refreshAgain = false;
        accept(await getGame(gameId, token));
        await refreshLegal();
      } while (refreshAgain);
    } catch (error) {
      refusal = error instanceof Refusal ? error.message : t("error.network");
    } finally {
      refreshing = false;
      render();
    }
  }

  async function refreshLegal() {
    const mine = game !== null && seat !== null && game.status === "playing" && game.current_player === seat;
    legal = mine ? (await legalMoves(gameId, token)).moves : [];
  }

  /** @param {Move} move */
  async function play(move) {
    refusal = "";
    offering.clear();
    try {
      const result = await submitMove(gameId, token, move);
      accept(result.game);
      picked = [];
      row = null;
      await refreshLegal();
    } catch (error) {
      if (error instanceof Refusal && error.problem?.code === "time_is_up") {
        // Too late: the service played this turn for the seat (its timeout), so the view moved on. Its
        // own sentence names the seat; the page's tells the seat's holder what happened.
        refusal = t("error.time_is_up");
        picked = [];
        row = null;
        void refresh();
      } else {
        refusal = error instanceof Refusal ? error.message : t("error.network");
      }
    }
    render();
    focus(refusal ? "[data-refusal]" : "[data-hand] button, [data-pass]");
  }

  /** The page's seat is absent and its holder says they are back: the service stops playing its turns. */
  async function back() {
    if (seat === null || returning) return;
    returning = true;
    refusal = "";
    render();
    try {
      accept(await sayBack(gameId, seat, token));
      await refreshLegal();
    } catch (error) {
      refusal = error instanceof Refusal ? error.message : t("error.network");
    } finally {
      returning = false;
    }
    render();
    focus(refusal ? "[data-refusal]" : "[data-pass]:not([disabled]), [data-hand] button");
  }

  /**
   * Keep the keyboard where it was across a render (which rebuilds the page).
   * @param {string} selector
   */
  function focus(selector) {
    const element = main.querySelector(selector);
    if (element instanceof HTMLElement) element.focus();
  }

  /** The move the picked tiles and the chosen row make (a purple tile picked makes it scissors or trash). */
  function pickedMove() {
    const purple = picked.find(isPurple);
    const rest = picked.filter((code) => code !== purple).sort((a, b) => order(a) - order(b));
    /** @type {Move} */
    const move = { player: seat ?? 0, action: purple === "scissors" || purple === "trash" ? purple : "play", row, tiles: rest };
    return move;
  }

  /** @param {string} code */
  function toggle(code) {
    picked = picked.includes(code) ? picked.filter((held) => held !== code) : [...picked, code];
    render();
    focus(`[data-hand] [data-tile="${code}"]`);
  }

  const stream = follow(gameId, token, {
    game: (view) => {
      accept(view);
      void refreshLegal().finally(render);
    },
    event: (event) => {
      if (isKnownEvent(event) && event.type === "game_rated") rated = event;
      happened.push(event);
      if (happened.length > LOG_LENGTH) happened.shift();
      void refresh();
    },
    status: (now, detail) => {
      status = now;
      if (now === "refused" && detail) refusal = detail;
      render();
    },
  });

  function render() {
    if (game === null) {
      fill(main, h("p", { class: "status", role: "status" }, t(`status.${status}`)), refusalLine());
      return;
    }
    const live = game;
    const replaying = history.replaying();
    const view = history.view() ?? live;
    const aside = replaying ? [handSection(view)] : [seatSection(view), logSection(view)];
    history.keepFocus(() =>
      fill(
        main,
        h(
          "div",
          { class: "game", "data-game": view.id, "data-version": view.version },
          summary(view),
          history.section(live),
          replaying ? null : awayNotice(view),
          replaying ? null : offering.section(view, happened, (index) => playerName(view, index)),
          replaying ? null : rematchOffer(view),
          replaying ? null : ratingsSection(rated, (index) => playerName(view, index), seat),
          h("div", { class: "columns" }, h("div", {}, rowsSection(view), playersSection(view)), h("div", {}, aside)),
        ),
      ),
    );
  }

  /** @param {GameView} view */
  function playerName(view, /** @type {number} */ index) {
    return view.players[index]?.name ?? t("game.seat", { seat: index });
  }

  /** @param {GameView} view */
  function summary(view) {
    const replaying = history.replaying();
    const finished = view.status === "finished";
    const turn = finished
      ? winnersLine(view)
      : view.current_player === seat
        ? t("game.your_turn")
        : t("game.turn_of", { name: playerName(view, view.current_player) });
    return h(
      "section",
      { class: "summary", "aria-label": t("game.summary") },
      h("p", { class: "who" }, seat === null ? t("game.spectating") : t("game.playing_as", { name: playerName(view, seat), seat })),
      h("p", { class: "round" }, t("game.round", { round: view.round, target: view.target_score })),
      view.rated ? h("p", { class: "rated", "data-rated": "" }, t("game.rated")) : null,
      h("p", { class: finished ? "turn over" : "turn", "data-turn": view.current_player, "aria-live": "polite" }, turn),
      h("p", { class: `status ${status}`, role: "status", "data-status": status }, t(`status.${status}`)),
      clockLine(view),
      replaying ? null : pausedLine(view),
    );
  }

  /**
   * The clock's settings, and the current turn's time counting down (none for a game without a clock).
   * @param {GameView} view
   */
  function clockLine(view) {
    if (view.clock === null) return null;
    return h(
      "p",
      { class: "clock", "data-clock": "" },
      h("span", {}, t("clock.heading"), " ", describeClock(view.clock)),
      turnTime.running() ? [" · ", h("span", {}, t("clock.left")), " ", turnTime.timer({ "data-turn-time": view.current_player })] : null,
    );
  }

  /**
   * For the page's own seat when it is absent: the service plays its turns until its holder is back
   * (once the game is over there is no turn to take back: the mark stays in the table).
   * @param {GameView} view
   */
  function awayNotice(view) {
    if (seat === null || view.status !== "playing" || !view.players[seat]?.absent) return null;
    return h(
      "div",
      { class: "away", "data-away": "" },
      h("p", {}, t("away.notice")),
      h("button", { type: "button", class: "primary", "data-back": "", disabled: returning, onclick: () => void back() }, t("away.back")),
    );
  }

  /**
   * Once the game is over, a seat's holder may ask for its rematch (or go to it, once asked for: another
   * seat's ask arrives as the event `rematched`, which reads the view again): the same token opens the
   * seat moved up one in the new game.
   * @param {GameView} view
   */
  function rematchOffer(view) {
    if (seat === null || view.status !== "finished") return null;
    return h(
      "p",
      { class: "rematch" },
      h("button", { type: "button", class: "primary", "data-rematch": view.rematch ?? "", onclick: () => void rematch() }, t(view.rematch ? "rematch.join" : "rematch.ask")),
    );
  }

  /** The rematch asked for (or found asked for): the page moves to the seat's place in it. */
  async function rematch() {
    if (seat === null || game === null) return;
    refusal = "";
    try {
      const next = await rematchGame(gameId, token);
      const moved = (seat + next.players.length - 1) % next.players.length;
      location.hash = String(new URLSearchParams({ game: next.id, seat: String(moved), token }));
    } catch (error) {
      refusal = error instanceof Refusal ? error.message : t("error.network");
      render();
    }
  }

  /** @param {GameView} view */
  function winnersLine(view) {
    if (view.end_reason === "aborted") return t("game.aborted");
    const names = view.winners.map((winner) => playerName(view, winner)).join(", ");
    const reason = t(`reason.${view.end_reason ?? "target_reached"}`, { target: view.target_score });
    return t(view.winners.length === 1 ? "game.winner" : "game.winners", { names, reason });
  }

  /** @param {GameView} view */
  function rowsSection(view) {
    return h(
      "section",
      { "aria-labelledby": "rows-heading" },
      h("h2", { id: "rows-heading" }, t("rows.heading")),
      h(
        "ol",
        { class: "rows" },
        COLOURS.map((colour) =>
          h(
            "li",
            { class: `row ${colour}`, "data-row": colour },
            h("span", { class: "row-name" }, t(`row.${colour}`)),
            h("span", { class: "row-tiles" }, view.rows[colour].map((code) => tileElement(code))),
          ),
        ),
      ),
      h(
        "p",
        { class: "discarded", "data-discarded": "" },
        h("span", {}, t("rows.discarded")),
        " ",
        view.discarded.length ? view.discarded.map((code) => tileElement(code)) : t("rows.none"),
      ),
    );
  }

  /** @param {GameView} view */
  function playersSection(view) {
    return h(
      "section",
      { "aria-labelledby": "players-heading" },
      h("h2", { id: "players-heading" }, t("players.heading")),
      h("div", { class: "players-scroll" }, playersTable(view)),
    );
  }

  /** @param {GameView} view */
  function playersTable(view) {
    // the clock's column next to the names: on a phone, a table too wide for the screen scrolls from the right
    const columns = ["players.name", ...(view.clock ? ["players.time"] : []), "players.tiles", "players.score", "players.last_round"];
    return h(
      "table",
      { class: "players" },
      h("thead", {}, h("tr", {}, columns.map((key) => h("th", { scope: "col" }, t(key))))),
      h(
        "tbody",
        {},
        view.players.map((player) => {
          const current = player.seat === view.current_player && view.status === "playing";
          return h(
            "tr",
            {
              "data-player": player.seat,
              class: [current ? "current" : "", player.seat === seat ? "me" : "", player.absent ? "absent" : ""].filter(Boolean).join(" "),
              "aria-current": current ? "true" : false,
            },
            h(
              "th",
              { scope: "row" },
              player.name,
              player.seat === seat ? ` (${t("game.you")})` : "",
              player.bot ? [" ", h("span", { class: "bot", "data-bot": player.bot }, t("players.bot", { level: wordsOr(`level.${player.bot}`, player.bot) }))] : null,
              player.absent ? [" ", h("span", { class: "absent", "data-absent": "" }, t("players.absent"))] : null,
              holdingMark(player),
            ),
            timeCell(view, player),
            h("td", { "data-tiles-left": "" }, player.tiles_left),
            h("td", { "data-score": "" }, player.score),
            h("td", {}, view.last_round?.[player.seat] ?? "–"),
          );
        }),
      ),
    );
  }

  /**
   * Who holds the seat, when it is not simply its player: taken from them (the service plays it), left
   * for good, or with an invitation out.
   * @param {GameView["players"][number]} player
   */
  function holdingMark(player) {
    if (player.state === "vacated" || player.state === "left") {
      const said = player.state === "vacated" ? t("players.vacated") : t("players.left");
      return [" ", h("span", { class: "holding", "data-holding": player.state }, said)];
    }
    const invited = player.invited_until ? Date.parse(player.invited_until) > Date.now() : false;
    return invited ? [" ", h("span", { class: "holding", "data-holding": "invited" }, t("players.invited"))] : null;
  }

  /**
   * A seat's time: the current turn's counting down; in bank mode each seat's bank; and its timeouts so far.
   * @param {GameView} view
   * @param {GameView["players"][number]} player
   */
  function timeCell(view, player) {
    if (view.clock === null) return null;
    const bank = view.clock.banks?.[player.seat];
    const counting = player.seat === view.current_player && turnTime.running();
    const time = player.bot !== null ? "–" : counting ? turnTime.timer({ "data-time": "" }) : bank !== undefined ? h("span", { "data-time": "" }, formatSeconds(bank)) : "–";
    return h(
      "td",
      { class: "time", "data-seat-time": player.seat },
      time,
      player.timeouts > 0 ? [" ", h("span", { class: "timeouts", "data-timeouts": player.timeouts }, t("players.timeouts", { count: player.timeouts }))] : null,
    );
  }

  /** @param {GameView} view */
  function seatSection(view) {
    if (seat === null) return h("p", { class: "hint" }, t("game.spectator_hint"));
    const hand = view.hand ?? [];
    const playable = new Set(legal.flatMap((move) => [...(move.tiles ?? []), ...(move.action === "scissors" || move.action === "trash" ? [move.action] : [])]));
    const paused = isPaused(view);
    const myTurn = view.status === "playing" && view.current_player === seat && !paused;
    const move = pickedMove();
    return h(
      "section",
      { "aria-labelledby": "hand-heading", class: "seat" },
      h("h2", { id: "hand-heading" }, t("hand.heading", { count: hand.length })),
      h(
        "div",
        { class: myTurn ? "hand choosing" : "hand", "data-hand": "", role: "group", "aria-label": t("hand.heading", { count: hand.length }) },
        hand.map((code) => tileElement(code, { press: toggle, pressed: picked.includes(code), playable: playable.has(code) })),
      ),
      h("p", { class: "hint" }, myTurn ? t("hand.hint") : paused ? t("hand.paused") : t("hand.wait")),
      h(
        "fieldset",
        { class: "row-choice", disabled: !myTurn },
        h("legend", {}, t("move.row")),
        COLOURS.map((colour) =>
          h(
            "label",
            { class: `choice ${colour}` },
            h("input", {
              type: "radio",
              name: "row",
              value: colour,
              checked: row === colour,
              "data-choose-row": colour,
              onchange: () => {
                row = colour;
                render();
                focus(`[data-choose-row="${colour}"]`);
              },
            }),
            h("span", { class: "row-name" }, t(`row.${colour}`)),
          ),
        ),
      ),
      h("p", { class: "picked", "data-picked": "" }, picked.length ? t("move.picked", { tiles: tileNames(picked) }) : t("move.nothing")),
      h(
        "div",
        { class: "actions" },
        h("button", { type: "button", class: "primary", "data-play": "", disabled: !myTurn || picked.length === 0 || row === null, onclick: () => void play(move) }, t("move.play")),
        h("button", { type: "button", "data-pass": "", disabled: !myTurn, onclick: () => void play({ player: seat, action: "pass" }) }, t("move.pass")),
        h("button", { type: "button", "data-clear": "", disabled: picked.length === 0 && row === null, onclick: () => { picked = []; row = null; render(); } }, t("move.clear")),
      ),
      refusalLine(),
      legalSection(myTurn),
    );
  }

  /**
   * The seat's hand at a past version, without a move to make (a spectator's hint: no hand to show).
   * @param {GameView} view
   */
  function handSection(view) {
    if (seat === null) return h("p", { class: "hint" }, t("game.spectator_hint"));
    const hand = view.hand ?? [];
    return h(
      "section",
      { "aria-labelledby": "hand-heading", class: "seat" },
      h("h2", { id: "hand-heading" }, t("hand.heading", { count: hand.length })),
      h("div", { class: "hand", "data-hand": "" }, hand.map((code) => tileElement(code))),
    );
  }

  function refusalLine() {
    return h("p", { class: "refusal", role: "alert", "data-refusal": "", tabindex: -1 }, refusal);
  }

  /** @param {boolean} myTurn */
  function legalSection(myTurn) {
    if (!myTurn) return null;
    return h(
      "details",
      { class: "legal", "data-legal": "" },
      h("summary", {}, t("legal.heading", { count: legal.length })),
      h("ul", {}, legal.map((move) => h("li", {}, h("button", { type: "button", "data-legal-move": JSON.stringify(move), onclick: () => void play(move) }, describeMove(move))))),
    );
  }

  /** @param {GameView} view */
  function logSection(view) {
    return h(
      "section",
      { "aria-labelledby": "log-heading" },
      h("h2", { id: "log-heading" }, t("log.heading")),
      h("ol", { class: "log", "data-log": "", "aria-live": "polite", reversed: true }, [...happened].reverse().map((event) => h("li", { "data-seq": event.seq }, describeEvent(view, event)))),
    );
  }

  /** @param {Move} move */
  function describeMove(move) {
    const tiles = tileNames(move.tiles ?? []);
    const rowName = move.row ? t(`row.${move.row}`) : "";
    if (move.action === "pass") return t("move.describe_pass");
    if (move.action === "play") return t("move.describe_play", { tiles, row: rowName });
    const purple = tileNames([move.action]);
    return tiles ? t("move.describe_purple_then", { purple, row: rowName, tiles }) : t("move.describe_purple", { purple, row: rowName });
  }

  /**
   * @param {GameView} view
   * @param {SequencedEvent} event
   */
  function describeEvent(view, event) {
    if (!isKnownEvent(event)) return event.type; // a type added after this page: its name, as the service says it
    switch (event.type) {
      case "tiles_placed":
        return t("event.tiles_placed", { name: playerName(view, event.seat), tiles: tileNames(event.tiles), row: t(`row.${event.row}`) });
      case "tiles_removed":
        return t("event.tiles_removed", { name: playerName(view, event.seat), purple: tileNames([event.purple]), tiles: tileNames(event.tiles), row: t(`row.${event.row}`) });
      case "passed":
        return t("event.passed", { name: playerName(view, event.seat) });
      case "round_dealt":
        return t("event.round_dealt", { round: event.round, name: playerName(view, event.starter) });
      case "round_scored":
        return t("event.round_scored", {
          round: event.round,
          points: event.minus_points.map((points, index) => `${playerName(view, index)} −${points}`).join(", "),
        });
      case "game_over":
        if (event.reason === "aborted") return t("event.game_over_aborted");
        return t(event.winners.length === 1 ? "event.game_over_one" : "event.game_over_many", {
          names: event.winners.map((winner) => playerName(view, winner)).join(", "),
        });
      case "turn_timed_out":
        return t("event.turn_timed_out", { name: playerName(view, event.seat) });
      case "seat_absent":
        return t("event.seat_absent", { name: playerName(view, event.seat) });
      case "seat_back":
        return t("event.seat_back", { name: playerName(view, event.seat) });
      case "seat_taken":
        return t("event.seat_taken", { seat: event.seat + 1, name: event.name });
      case "seat_vacated":
        return t("event.seat_vacated", { name: playerName(view, event.seat) });
      case "seat_left":
        return t("event.seat_left", { name: playerName(view, event.seat) });
      case "seat_invited":
        return t("event.seat_invited", { seat: event.seat + 1 });
      case "invitation_revoked":
        return t("event.invitation_revoked", { seat: event.seat + 1 });
      case "rematched":
        return t("event.rematched");
      case "game_rated":
        return t("event.game_rated");
      case "offer_made":
      case "offer_accepted":
      case "offer_declined":
      case "offer_lapsed":
      case "taken_back":
      case "game_paused":
      case "game_resumed":
        return describeOfferEvent(event, (index) => playerName(view, index));
    }
  }

  render();
  return {
    render,
    close() {
      stream.stop();
      offering.stop();
      turnTime.stop();
      history.stop();
    },
  };
}
