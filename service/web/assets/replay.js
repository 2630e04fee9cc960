// A finished game's history on the page: its replay, version by version (each the view the service
// answers for `?at=`, the game exactly as this page's credential saw it then, which the table shows
// read-only), and its record saved as a file (docs/RECORDS.md).

import { getGame, getRecord, Refusal } from "./api.js";
import { h } from "./dom.js";
import { t } from "./words.js";

/**
 * @typedef {import("./api.js").GameView} GameView
 * @typedef {"first" | "previous" | "next" | "last"} Step
 */

/** @type {Record<Step, string>} each step's words */
const STEPS = { first: "replay.first", previous: "replay.previous", next: "replay.next", last: "replay.last" };

/** @type {Record<string, Step>} the keys that step while the replay has the keyboard */
const KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };

/** The controls the keyboard is kept on across a render, by their marks; the first ones are fallbacks. */
const MARKS = ["data-replay", "data-replay-open", "data-replay-close", "data-record"];

/** How long a saved record's object URL lives: long after the browser has started saving it. */
const REVOKE_MS = 60_000;

/**
 * The history of the game `gameId` as `token` may read it; `changed` draws the page again.
 * @param {string} gameId
 * @param {string} token
 * @param {() => void} changed
 */
export function replay(gameId, token, changed) {
  /** the version asked for last; 0: not replaying */
  let wanted = 0;
  /** @type {GameView | null} the version shown; null until the first one asked for arrives */
  let shown = null;
  let last = 0;
  let asked = 0; // each request's number: an answer to an older one is dropped
  let refusal = "";
  let saving = false;
  let stopped = false;

  function redraw() {
    if (!stopped) changed();
  }

  /** @param {unknown} error */
  function message(error) {
    return error instanceof Refusal ? error.message : t("error.network");
  }

  /** @param {number} version */
  async function show(version) {
    wanted = version;
    refusal = "";
    const request = ++asked;
    redraw();
    try {
      const view = await getGame(gameId, token, version);
      if (request !== asked) return;
      shown = view;
    } catch (error) {
      if (request !== asked) return;
      refusal = message(error);
      wanted = shown?.version ?? 0; // where the replay stood: not opened, if it never showed a version
    }
    redraw();
  }

  /** @param {Step} step */
  function go(step) {
    const target = { first: 1, previous: wanted - 1, next: wanted + 1, last }[step];
    if (wanted === 0 || target < 1 || target > last || target === wanted) return;
    void show(target);
  }

  function close() {
    wanted = 0;
    shown = null;
    asked += 1;
    refusal = "";
    redraw();
  }

  /** Fetch the record and save it as `restart-<game id>.json`, through a link to it clicked here. */
  async function save() {
    if (saving) return;
    saving = true;
    refusal = "";
    redraw();
    try {
      const url = URL.createObjectURL(await getRecord(gameId, token));
      const link = h("a", { href: url, download: `restart-${gameId}.json`, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_MS);
    } catch (error) {
      refusal = message(error);
    } finally {
      saving = false;
    }
    redraw();
  }

  /** @param {Event} event */
  function keyed(event) {
    const step = event instanceof KeyboardEvent && !event.altKey && !event.ctrlKey && !event.metaKey ? KEYS[event.key] : undefined;
    if (step === undefined) return;
    event.preventDefault();
    go(step);
  }

  /** The replay's controls: where it stands, the steps, and the way back to the game as it is. */
  function controls() {
    const label = t("replay.version", { version: shown?.version ?? wanted, last });
    const disabled = { first: wanted <= 1, previous: wanted <= 1, next: wanted >= last, last: wanted >= last };
    return h(
      "div",
      { class: "replay", role: "group", tabindex: 0, "aria-label": t("replay.heading"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End", "aria-busy": shown?.version !== wanted ? "true" : false, "data-replay": "", onkeydown: keyed },
      h("p", { class: "hint" }, t("replay.notice")),
      h("output", { class: "version", "aria-live": "polite", "data-replay-version": shown?.version ?? "" }, label),
      h(
        "div",
        { class: "steps" },
        stepButton("first", disabled.first),
        stepButton("previous", disabled.previous),
        stepButton("next", disabled.next),
        stepButton("last", disabled.last),
      ),
      h("p", { class: "hint" }, t("replay.keys")),
      h("button", { type: "button", "data-replay-close": "", onclick: close }, t("replay.close")),
    );
  }

  /**
   * @param {Step} step
   * @param {boolean} disabled
   */
  function stepButton(step, disabled) {
    return h("button", { type: "button", "data-replay-step": step, disabled, onclick: () => go(step) }, t(STEPS[step]));
  }

  /** Which control of the history has the keyboard, as a selector to find it again; null: none. */
  function focused() {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active.closest("[data-history]") === null) return null;
    const step = active.getAttribute("data-replay-step");
    if (step !== null) return `[data-replay-step="${step}"]`;
    const mark = MARKS.find((name) => active.hasAttribute(name));
    return mark === undefined ? null : `[${mark}]`;
  }

  /**
   * Put the keyboard back on the control `selector` finds; when it is gone or disabled (a step that
   * reached an end, the replay opened or closed), on the replay, else on the button that opens it.
   * @param {string} selector
   */
  function refocus(selector) {
    for (const candidate of [selector, ...MARKS.slice(0, 2).map((mark) => `[${mark}]`)]) {
      const element = document.querySelector(candidate);
      if (element instanceof HTMLElement && !element.matches(":disabled")) {
        element.focus();
        return;
      }
    }
  }

  return {
    /** The page shows something else: answers still on their way change nothing. */
    stop() {
      stopped = true;
    },
    /** Whether the page shows a past version (read-only) rather than the game as it is. */
    replaying() {
      return wanted !== 0;
    },
    /** The version shown while replaying, once it has arrived; null: show the game as it is. */
    view() {
      return wanted === 0 ? null : shown;
    },
    /**
     * Draw the page again with `draw`, the keyboard staying on the history's control that had it.
     * @param {() => void} draw
     */
    keepFocus(draw) {
      const selector = focused();
      draw();
      if (selector !== null) refocus(selector);
    },
    /**
     * The history of the game as it is now, `live`: offered once it is finished.
     * @param {GameView} live
     */
    section(live) {
      if (live.status !== "finished") return null;
      return h(
        "section",
        { class: "history", "aria-label": t("history.heading"), "data-history": "" },
        h(
          "div",
          { class: "actions" },
          wanted === 0
            ? h("button", { type: "button", "data-replay-open": "", onclick: () => { last = live.version; void show(1); } }, t("history.replay"))
            : null,
          h("button", { type: "button", "data-record": "", "aria-busy": saving ? "true" : false, onclick: () => void save() }, t("history.download")),
        ),
        wanted === 0 ? null : controls(),
        h("p", { class: "refusal", role: "alert", "data-history-refusal": "" }, refusal),
      );
    },
  };
}
