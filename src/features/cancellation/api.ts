/**
 * The cancellation feature's surface (convention 12): the wording rules of the 14-day right
 * (./rules.ts) for the product page, the checkout, the order page and `/cancellation`, and the
 * formal information and model form they share with the order e-mail
 * (common/cancellation-form.ts).
 */
export {
  CANCELLATION_PATH,
  CANCEL_WITHIN_NOTE,
  FAULTY_GOODS_NOTE,
  ORDER_CANCELLATION_TEXT,
  cancellationDate,
  cancellationDateTime,
  cancellationSeller,
  exemptLinesNote,
  lineExemption,
  orderCancellationLines,
  orderRightSummary,
  productCancellationNote,
  type LineFacts,
  type OrderCancellationState,
  type OrderRightSummary,
  type ProductFacts,
  type ProductNote,
} from './rules';
export {
  CANCELLATION_PERIOD_DAYS,
  CANCELLATION_REASON_MAX_LENGTH,
  REFUND_WITHIN_DAYS,
  cancellationInformation,
  modelCancellationForm,
  type CancellationSeller,
} from '../../../common/cancellation-form';
