/**
 * Random codes people read and type (order numbers, sandbox references): characters from an
 * alphabet without the look-alikes 0/O, 1/I/L and U, drawn with a CSPRNG.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` random characters of the alphabet (30 choices each). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
