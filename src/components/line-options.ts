/**
 * A line's chosen options as the shopper reads them ('Handle wood: Ebony', 'Engraving: A.L.'),
 * shared by the cart, the checkout, the confirmation and the order history.
 */

/** One option of a line, in words. */
export interface OptionLine {
  label: string;
  value: string;
}

/**
 * `options` (contract: ChosenOption) as `{label, value: display_value}` in the server's order.
 * A line without options but with a customization (one saved before options existed, or a key
 * the piece no longer offers) falls back to spec section 3: the key with underscores turned
 * into spaces (`engraving_text` -> 'engraving text') and the raw value.
 */
export function optionLines(
  options: readonly { label: string; display_value: string }[] | null | undefined,
  customization: Record<string, string> | null | undefined,
): OptionLine[] {
  if (options?.length) {
    return options.map((option) => ({ label: option.label, value: option.display_value }));
  }
  return Object.entries(customization ?? {}).map(([key, value]) => ({
    label: key.replace(/_/g, ' '),
    value,
  }));
}
