// Building the page with DOM calls only: no HTML strings, so text from players (their names)
// can never become markup (the page's Content-Security-Policy also requires Trusted Types).

/**
 * @typedef {string | number | boolean | null | undefined | ((event: Event) => void)} AttributeValue
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * An element with attributes (`on…` ones become listeners; `false`, null and undefined are left out).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, AttributeValue>} [attributes]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else if (value !== false && value !== null && value !== undefined) {
      element.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "number" ? String(child) : child);
  }
  return element;
}

/**
 * Replace everything inside `parent`.
 * @param {Element} parent
 * @param {...(Child | Child[])} children
 */
export function fill(parent, ...children) {
  parent.replaceChildren();
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === "number" ? String(child) : child);
  }
}
