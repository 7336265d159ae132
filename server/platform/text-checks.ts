/**
 * The control characters a text field of the shop refuses, written once: C0 (U+0000-U+001F),
 * DEL and C1 (U+0080-U+009F, among them U+009B, a terminal's escape). A multi-line field (a
 * reason, a note, a message) keeps its tab and line breaks. Test with `.test()`: neither
 * expression is global, so neither keeps state between calls.
 */

/** Any C0 or C1 control character or DEL, tab and line breaks included. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The same, but the tab, line feed and carriage return a text with lines keeps. */
// eslint-disable-next-line no-control-regex
export const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
