/**
 * How deep a JSON text nests, read without parsing it, so that a body of `[[[[…` or
 * `{"a":{"a":…` is refused before anything (the parser, the contract's validation, the
 * handlers' own walks) recurses into it. One pass over the text, no allocation per level.
 */

/** The deepest a request body of the contract may nest; its deepest bodies nest three levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when `text` opens more than `max` arrays or objects inside each other. Brackets inside
 * strings (escapes included) do not count. The text need not be valid JSON: the parser that
 * runs afterwards judges that.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
