/** See ascii-only.mjs: the same program, every character outside ASCII escaped. */
export function asciiOnly(code: string): string;
