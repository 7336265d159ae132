/**
 * Which products and lines have no 14-day right to cancel: goods "made to the consumer's
 * specifications or clearly personalised" (UK Consumer Contracts Regulations 2013 reg.
 * 28(1)(b); Directive 2011/83/EU art. 16(c); exempt even before work starts, CJEU C-529/19).
 *
 * - A product is exempt when it is made to order, or its owner flagged it
 *   (`products.cancellation_exempt`).
 * - A line is exempt when its product is, or when one of its text options (an engraving) is
 *   filled in: common/cancellation-form.ts `lineExemptionOf`, the rule the product page's note
 *   follows too.
 *
 * The words shown for each are common/cancellation-form.ts's.
 */
import { type ExemptionReason, lineExemptionOf } from '../../common/cancellation-form.ts';
import { toBool } from '../platform/db/mapping.ts';
import { parseOptions } from './options.ts';

/** What decides a product's exemption: its two columns. */
export interface ExemptionFacts {
  made_to_order: boolean | number;
  cancellation_exempt: boolean | number;
}

/** The product has no right to cancel: made to order, or flagged by its owner. */
export function productExempt(product: ExemptionFacts): boolean {
  return toBool(product.made_to_order) || toBool(product.cancellation_exempt);
}

/**
 * Why a line has no right to cancel, or null when it has one.
 * @param product the product's columns (its stored options JSON included).
 * @param customization the line's choices, key -> value, as the cart keeps them (trimmed,
 *   blanks dropped); a key the product no longer offers counts as no personalisation.
 */
export function lineExemption(
  product: ExemptionFacts & { options: string | null },
  customization: Record<string, string>,
): ExemptionReason | null {
  return lineExemptionOf(
    {
      madeToOrder: toBool(product.made_to_order),
      flaggedExempt: toBool(product.cancellation_exempt),
      options: parseOptions(product.options),
    },
    customization,
  );
}
