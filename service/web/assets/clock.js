// A game's clock on the page: what the service said remained of the current turn, counted down here
// until the next view is read (each fresh view starts the count again: the service's time is the only
// time, the page's count only shows it), and the clock's settings and each seat's time in words. While
// the clocks are paused (docs/OFFERS.md) the count stands still at what the turn has left.

import { h } from "./dom.js";
import { t } from "./words.js";

/**
 * @typedef {import("./api.js").Clock} Clock
 * @typedef {import("./api.js").GameView} GameView
 */

const TICK_MS = 250;
const LOW_SECONDS = 10;

/**
 * Seconds as the page shows them, rounded up (the count shows 0:00 only once the time is up):
 * 0:42, 12:05, 1:02:03, and days before those for a correspondence game.
 * @param {number} seconds
 */
export function formatSeconds(seconds) {
  const whole = Math.max(0, Math.ceil(seconds - 1e-6));
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  const time = days > 0 || hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  return days > 0 ? t("clock.days", { days, time }) : time;
}

/**
 * A setting's length: under a minute in seconds ("2 s"), else as a time is shown ("5:00").
 * @param {number} seconds
 */
function formatSetting(seconds) {
  return seconds < 60 ? t("clock.seconds", { seconds }) : formatSeconds(seconds);
}

/**
 * The clock's settings in words: "1:00 per turn", or "5:00 each, +2 s per move".
 * @param {Clock} clock
 */
export function describeClock(clock) {
  if (clock.turn_seconds !== null) return t("clock.turn_mode", { time: formatSetting(clock.turn_seconds) });
  return t("clock.bank_mode", { time: formatSetting(clock.bank_seconds ?? 0), increment: formatSetting(clock.increment_seconds ?? 0) });
}

/**
 * Whether the game's clocks are paused now (docs/OFFERS.md): moves wait until it resumes, by a `resume`
 * offer every seat accepts or by itself at `paused_until`.
 * @param {GameView} view
 */
export function isPaused(view) {
  return view.status === "playing" && Boolean(view.paused_until) && Date.parse(view.paused_until ?? "") > Date.now();
}

/**
 * The count of the current turn's time: started again from each view the page accepts, shown by every
 * element `timer` made since the last `start`, updated a few times a second.
 */
export function countdown() {
  /** @type {number | null} what remained when the view was read; null: no turn is timed */
  let remaining = null;
  let readAt = 0;
  let paused = false;
  /** @type {HTMLElement[]} */
  let shown = [];
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticking;

  /** The seconds left now, as far as the page can tell; null when no turn is timed. */
  function left() {
    if (remaining === null) return null;
    return paused ? remaining : Math.max(0, remaining - (performance.now() - readAt) / 1000);
  }

  /** @param {HTMLElement} element */
  function show(element) {
    const now = left() ?? 0;
    element.textContent = formatSeconds(now);
    element.classList.toggle("low", now < LOW_SECONDS);
    element.classList.toggle("out", now <= 0);
  }

  function tick() {
    shown = shown.filter((element) => element.isConnected);
    for (const element of shown) show(element);
  }

  return {
    /**
     * Count from this view: its clock's `remaining_seconds`, read now (standing still while paused: the
     * view read when the pause ends counts again).
     * @param {GameView} view
     */
    start(view) {
      remaining = view.status === "playing" ? (view.clock?.remaining_seconds ?? null) : null;
      readAt = performance.now();
      paused = isPaused(view);
      clearInterval(ticking);
      ticking = remaining === null || paused ? undefined : setInterval(tick, TICK_MS);
    },
    /** Whether a turn is being counted. */
    running() {
      return remaining !== null;
    },
    /**
     * An element that shows the time left and keeps counting (a `timer`: read on demand, never announced
     * every second).
     * @param {Record<string, string | number>} [marks]
     */
    timer(marks = {}) {
      const element = h("span", { class: "countdown", role: "timer", "data-countdown": "", ...marks });
      show(element);
      shown.push(element);
      return element;
    },
    stop() {
      clearInterval(ticking);
      ticking = undefined;
      shown = [];
    },
  };
}
