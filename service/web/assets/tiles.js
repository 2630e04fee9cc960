// Tiles as the page shows them: each code from the contract's TileCode, named in the page's language.

import { h } from "./dom.js";
import { t } from "./words.js";

/**
 * @typedef {import("restart-contract").components["schemas"]["Colour"]} Colour
 * @typedef {import("restart-contract").components["schemas"]["TileCode"]} TileCode
 * @typedef {{colour: Colour | null, kind: "number" | "stop" | "restart" | "scissors" | "trash", value: number}} TileParts
 */

/** @type {readonly Colour[]} */
export const COLOURS = ["red", "blue", "green", "orange", "gray"];

/**
 * What a code means: its colour, its kind and its placement value (16 for STOP and RESTART).
 * @param {string} code
 * @returns {TileParts}
 */
export function parts(code) {
  if (code === "scissors" || code === "trash") return { colour: null, kind: code, value: 0 };
  const [colour, rest] = code.split("-");
  const known = COLOURS.find((candidate) => candidate === colour) ?? null;
  if (rest === "stop" || rest === "restart") return { colour: known, kind: rest, value: 16 };
  return { colour: known, kind: "number", value: Number(rest) };
}

/** @param {string} code */
export function isPurple(code) {
  return parts(code).colour === null;
}

/**
 * Canonical order (colour, then value), as hands are sorted.
 * @param {string} code
 */
export function order(code) {
  const { colour, kind, value } = parts(code);
  const row = colour === null ? COLOURS.length : COLOURS.indexOf(colour);
  return row * 100 + (kind === "restart" ? 17 : kind === "trash" ? 1 : value);
}

/**
 * The tile's full name, such as "red 7" or "7 rouge".
 * @param {string} code
 */
export function tileName(code) {
  const { colour, kind, value } = parts(code);
  if (colour === null) return t(`tile.${kind}`);
  return t(`tile.${kind}`, { colour: t(`colour.${colour}`), value });
}

/**
 * @param {string[]} codes
 */
export function tileNames(codes) {
  return codes.map(tileName).join(", ");
}

/**
 * What is printed on the tile itself.
 * @param {string} code
 */
function face(code) {
  const { kind, value } = parts(code);
  if (kind === "number") return String(value);
  return t(`face.${kind}`);
}

/**
 * A tile as a picture (a span) or, with `press`, as a toggle button.
 * @param {string} code
 * @param {{press?: (code: string) => void, pressed?: boolean, playable?: boolean}} [options]
 */
export function tileElement(code, options = {}) {
  const { colour, kind } = parts(code);
  const classes = ["tile", colour ?? "purple", kind, options.playable ? "playable" : ""].join(" ").trim();
  const label = tileName(code);
  const { press } = options;
  if (press === undefined) {
    return h("span", { class: classes, "data-tile": code, title: label, "aria-label": label, role: "img" }, face(code));
  }
  return h(
    "button",
    {
      type: "button",
      class: classes,
      "data-tile": code,
      title: label,
      "aria-label": label,
      "aria-pressed": options.pressed ? "true" : "false",
      onclick: () => press(code),
    },
    face(code),
  );
}
