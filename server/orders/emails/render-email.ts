/**
 * Turns an order e-mail's data into what the mailer sends (a subject, an HTML part and a
 * plain-text part): the component of every kind (`EMAIL_COMPONENTS`), rendered by the
 * platform's server/platform/mail/templates/render-component.ts after the data is checked
 * again (./email-data-guard.ts). Loaded lazily, with the first e-mail, by the renderer of
 * every noun's e-mails (server/emails.ts), so an idle API process never loads React Email.
 */
import type { ComponentType } from 'react';
import {
  renderComponent,
  type RenderedEmail,
} from '../../platform/mail/templates/render-component.ts';
import type { EmailData, EmailDataOf, EmailKind } from './email-kinds.ts';
import { parseEmailData } from './email-data-guard.ts';
import type { EmailProps } from '../../platform/mail/templates/layout.tsx';
import {
  ShopOrderAwaitingPaymentEmail,
  ShopOrderPaidEmail,
  ShopRefundNeededEmail,
} from './shop-emails.tsx';
import { OrderClosedEmail, OrderPlacedEmail, PaymentReceivedEmail } from './shopper-emails.tsx';
import { LatePaymentRefundEmail, OrderRefundedEmail } from './shopper-refund-emails.tsx';
import {
  OrderCanceledByShopEmail,
  OrderReadyToCollectEmail,
  OrderShippedEmail,
  OrderTrackingCorrectedEmail,
  PaymentReminderEmail,
} from './staff-move-emails.tsx';
import { ShopAwaitingPaymentsDigestEmail } from './shop-digest-email.tsx';
import { CancellationRequestedEmail } from './cancellation-emails.tsx';
import { subjectOf } from './subjects.ts';

/** The component of every kind. */
export const EMAIL_COMPONENTS: { [K in EmailKind]: ComponentType<EmailProps<EmailDataOf<K>>> } = {
  order_placed: OrderPlacedEmail,
  payment_received: PaymentReceivedEmail,
  order_closed: OrderClosedEmail,
  late_payment_refund: LatePaymentRefundEmail,
  shop_order_paid: ShopOrderPaidEmail,
  shop_order_awaiting_payment: ShopOrderAwaitingPaymentEmail,
  shop_refund_needed: ShopRefundNeededEmail,
  order_refunded: OrderRefundedEmail,
  order_shipped: OrderShippedEmail,
  order_tracking_corrected: OrderTrackingCorrectedEmail,
  order_ready_to_collect: OrderReadyToCollectEmail,
  order_canceled_by_shop: OrderCanceledByShopEmail,
  payment_reminder: PaymentReminderEmail,
  shop_awaiting_payments_digest: ShopAwaitingPaymentsDigestEmail,
  cancellation_requested: CancellationRequestedEmail,
};

/**
 * Renders one order e-mail. Asynchronous although today's work is synchronous (about 5 ms),
 * so a template that one day needs to load something does not change the callers.
 * @param data the e-mail's data, as stored in the outbox (checked again here: a row written by
 *   an older release, or edited by hand, fails loudly instead of sending a broken message)
 * @returns `{ subject, html, text }`
 * @throws EmailDataError when the data is not a valid `EmailData` (permanent: do not retry)
 */
export async function renderEmail(data: EmailData): Promise<RenderedEmail> {
  const checked = parseEmailData(data);
  const Component = EMAIL_COMPONENTS[checked.kind] as ComponentType<EmailProps<EmailData>>;
  return renderComponent(Component, checked, subjectOf(checked));
}
