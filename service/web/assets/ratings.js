// Ratings where a player meets them (docs/RATINGS.md): each computer level's rating beside its
// description in the setup form, and the end of a rated game: each seat's place and its rating before
// and after, from the event `game_rated` the worker logs a moment after the game's end (a game not
// rated never gets one: no panel). A rating is shown by its ordinal, μ − 3σ, as a leaderboard orders it.

import { h } from "./dom.js";
import { currentLanguage, t } from "./words.js";

/**
 * @typedef {import("restart-contract").components["schemas"]} Schemas
 * @typedef {Schemas["Rating"]} Rating
 * @typedef {Schemas["RatedSeat"]} RatedSeat
 * @typedef {Schemas["SequencedGameRated"]} GameRated
 * @typedef {(index: number) => string} NameOf
 */

const MINUS = "\u2212";

/**
 * `value` rounded to `decimals` decimals (halves up, as Math.round), never −0.
 * @param {number} value
 * @param {number} decimals
 */
function rounded(value, decimals) {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale + 0;
}

/**
 * A number as the page's language writes it, with a true minus sign, and a plus sign when `signed`.
 * @param {number} value already rounded to `decimals`
 * @param {number} decimals
 * @param {boolean} [signed]
 */
function written(value, decimals, signed = false) {
  const digits = new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const sign = value < 0 ? MINUS : signed && value > 0 ? "+" : "";
  return sign + digits.format(Math.abs(value));
}

/**
 * A computer level's rating, for the setup form: its ordinal, rounded ("rating 30").
 * @param {Rating} rating
 */
export function levelRating(rating) {
  return t("setup.level_rating", { rating: written(rounded(rating.ordinal, 0), 0) });
}

/**
 * The panel of a rated game's ratings, best place first (null while none were told: a game not rated,
 * or not yet). The change is the one the two numbers shown make, each rounded to one decimal.
 * @param {GameRated | null} rated
 * @param {NameOf} nameOf
 * @param {number | null} ownSeat the page's seat (null: a spectator's page)
 */
export function ratingsSection(rated, nameOf, ownSeat) {
  if (rated === null) return null;
  const seats = [...rated.seats].sort((one, other) => one.place - other.place || one.seat - other.seat);
  const columns = ["players.name", "ratings.place", "ratings.rating", "ratings.change"];
  return h(
    "section",
    { class: "ratings", "aria-labelledby": "ratings-heading", "data-ratings": "" },
    h("h2", { id: "ratings-heading" }, t("ratings.heading")),
    h(
      "div",
      { class: "players-scroll" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, columns.map((key) => h("th", { scope: "col" }, t(key))))),
        h("tbody", {}, seats.map((seat) => ratedRow(seat, nameOf, ownSeat))),
      ),
    ),
    h("p", { class: "hint" }, t("ratings.hint")),
  );
}

/**
 * @param {RatedSeat} rated
 * @param {NameOf} nameOf
 * @param {number | null} ownSeat
 */
function ratedRow(rated, nameOf, ownSeat) {
  const before = rounded(rated.before.ordinal, 1);
  const after = rounded(rated.after.ordinal, 1);
  const change = rounded(after - before, 1);
  return h(
    "tr",
    { "data-rated-seat": rated.seat, class: rated.seat === ownSeat ? "me" : false },
    h("th", { scope: "row" }, nameOf(rated.seat), rated.seat === ownSeat ? ` (${t("game.you")})` : ""),
    h("td", { "data-rating-place": rated.place }, rated.place),
    h("td", { "data-rating": "" }, t("ratings.before_after", { before: written(before, 1), after: written(after, 1) })),
    h("td", { "data-rating-change": "", class: change > 0 ? "up" : change < 0 ? "down" : false }, written(change, 1, true)),
  );
}
