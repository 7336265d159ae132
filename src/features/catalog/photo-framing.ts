/**
 * How a cropped photo shows what the owner framed (openapi/storefront.yaml `MainImage.card_x`,
 * `card_y`: the `object-position` of a card of the shop's aspect, which the server works out
 * from the photo's focal point and size): a product card, a category tile or the hero fills its
 * box with the photo (`object-fit: cover`) at that position. The pages' Content-Security-Policy
 * allows no style attribute, so the position is a pair of classes in steps of 5 % (`focal-x-30
 * focal-y-45`, ./catalog-shared.css), which the server's HTML carries as it is.
 *
 * The cards' one aspect (SiteSettings `card_aspect`) costs the page no script: the server puts
 * it on the document (`<html data-card-aspect>`, server/platform/render/index-html.ts) and the
 * stylesheet shapes the cards (./catalog-product-card.css). Both kept small: they are part of
 * the home page's first load (`npm run check:js-budget`).
 */
/**
 * A fraction (0..1, as the API guarantees) in steps of 5 %. An older API that sends no
 * position gives `NaN`, a class no rule matches: the stylesheet's default, the centre, applies.
 */
const step = (fraction?: number) => Math.round(fraction! * 20) * 5;

/** The classes that put `image`'s focal point in view in a cropped box (`focal-x-30 focal-y-45`). */
export const focalClasses = (image: { card_x?: number; card_y?: number }) =>
  `focal-x-${step(image.card_x)} focal-y-${step(image.card_y)}`;
