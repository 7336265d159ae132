/**
 * The pieces the order e-mails are made of, in one place for the templates to import from:
 * the generic pieces of the card (paragraphs, headings, the call-to-action button, label/value
 * lists, boxed text that keeps its line breaks) live in basic-blocks.tsx, and the order's
 * lines, totals, notes and delivery address in order-blocks.tsx.
 */
export {
  Paragraph,
  Keep,
  FilledWords,
  SectionHeading,
  ActionButton,
  Divider,
  MultilineText,
  Callout,
  CalloutText,
  type Detail,
  DetailList,
} from './basic-blocks.tsx';
export {
  OrderLines,
  OrderTotals,
  OrderNotes,
  OrderSummary,
  addressLines,
  DeliveryAddress,
} from './order-blocks.tsx';
