/**
 * The data of a recall's e-mail to a buyer of the product (EU General Product Safety Regulation
 * (EU) 2023/988 art. 36: a recall notice reaches the affected consumers directly), queued by
 * ../recalls.ts `publishRecall` and rendered by ./recall-email.tsx; the app's renderer picks it
 * by its `kind` (server/emails.ts).
 *
 * As with every outbox e-mail, a field is only ever added as optional, and a change of meaning is
 * a new kind: a row written by one release may be sent by the next.
 */
import {
  emailShopCheck,
  type EmailShop,
  type IsoDateTime,
} from '../../platform/mail/templates/email-shop.ts';
import {
  dateTime,
  EmailDataError,
  httpUrl,
  isRecord,
  object,
  text,
} from '../../platform/mail/templates/json-checks.ts';

/** A recall of a product the recipient bought. Texts are the owner's plain text. */
export interface ProductRecallEmailData {
  kind: 'product_recall';
  shop: EmailShop;
  productName: string;
  /** The product's page, where the notice is kept up to date. */
  productUrl: string;
  title: string;
  /** What is wrong (line breaks kept). */
  problem: string;
  /** What to do (line breaks kept). */
  action: string;
  publishedAt: IsoDateTime;
}

/** The outbox `kind` of {@link ProductRecallEmailData}. */
export const PRODUCT_RECALL_KIND = 'product_recall';

/** True when an outbox row's `kind` is a recall's e-mail. */
export function isRecallEmailKind(kind: unknown): kind is typeof PRODUCT_RECALL_KIND {
  return kind === PRODUCT_RECALL_KIND;
}

const check = object<ProductRecallEmailData>({
  kind: text,
  shop: emailShopCheck,
  productName: text,
  productUrl: httpUrl,
  title: text,
  problem: text,
  action: text,
  publishedAt: dateTime,
});

/**
 * Checks that `value` (an outbox row's JSON) is a `ProductRecallEmailData` and returns it typed.
 * @throws EmailDataError naming every field that is missing or malformed (permanent).
 */
export function parseRecallEmailData(value: unknown): ProductRecallEmailData {
  if (!isRecord(value) || !isRecallEmailKind(value.kind)) {
    throw new EmailDataError([`kind: '${PRODUCT_RECALL_KIND}'`]);
  }
  const issues: string[] = [];
  check(value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as ProductRecallEmailData;
}
