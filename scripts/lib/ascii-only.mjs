/**
 * Escapes every character outside ASCII in JavaScript source as `\uXXXX` (per UTF-16 unit).
 * The escape means the same character in strings, templates, regular expressions and
 * identifiers, and is inert in comments, so the program is unchanged.
 *
 * Why: V8 holds each script's source for the life of the process, at two bytes per character
 * as soon as one character is outside Latin-1; one ellipsis doubles a bundle's cost (decision
 * 015). Used by the server render's build (vite.config.ts) and the API's (build-server.mjs).
 *
 * @param {string} code JavaScript source
 * @returns {string} the same program in ASCII
 */
export function asciiOnly(code) {
  return code.replace(
    /[\u0080-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
