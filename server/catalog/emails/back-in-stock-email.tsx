/**
 * The two e-mails of "E-mail me when it is back" (./back-in-stock-email-data.ts; decision 092),
 * in the frame of the shop's other e-mails, and their renderer. Loaded lazily, with the first
 * such e-mail, by the renderer of every noun's e-mails (server/emails.ts).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import { ActionButton, Paragraph } from '../../platform/mail/templates/basic-blocks.tsx';
import { formatDate, oneLine } from '../../platform/mail/templates/format.ts';
import { EmailFrame, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import {
  renderComponent,
  type RenderedEmail,
} from '../../platform/mail/templates/render-component.ts';
import {
  type BackInStockConfirmEmailData,
  type BackInStockEmailData,
  type BackInStockEmails,
  parseBackInStockEmailData,
} from './back-in-stock-email-data.ts';

/** The subject of each e-mail, on one line. */
export function backInStockSubject(data: BackInStockEmails): string {
  return data.kind === 'back_in_stock'
    ? `Back in stock: ${oneLine(data.productName)}`
    : `Confirm: e-mail me when ${oneLine(data.productName)} is back`;
}

/** The double opt-in: nothing is sent about the piece until this link is followed. */
export function BackInStockConfirmEmail({
  data,
  textMode = false,
}: EmailProps<BackInStockConfirmEmailData>) {
  const { shop } = data;
  return (
    <EmailFrame
      shop={shop}
      title={backInStockSubject(data)}
      preview={`Confirm to hear once when ${oneLine(data.productName)} is back.`}
      heading="Confirm your request"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} because someone, hopefully you, asked to be e-mailed when{' '}
          {data.productName} is back in stock. If it was not you, ignore this e-mail: without a
          click nothing more is sent and the address is deleted after {formatDate(data.expiresAt)}.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>
        Confirm and we will e-mail you once, when {data.productName} is back in stock. Then we
        forget your address.
      </Paragraph>
      <ActionButton href={data.confirmUrl}>Confirm</ActionButton>
      <Paragraph muted>The link works until {formatDate(data.expiresAt)}.</Paragraph>
    </EmailFrame>
  );
}

/** The one message when the piece can be bought again. */
export function BackInStockEmail({ data, textMode = false }: EmailProps<BackInStockEmailData>) {
  const { shop } = data;
  return (
    <EmailFrame
      shop={shop}
      title={backInStockSubject(data)}
      preview={`${oneLine(data.productName)} is back in stock at ${oneLine(shop.name)}.`}
      heading="It is back"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} because you asked to be e-mailed when {data.productName} is back. This
          is the only such e-mail: your address is no longer kept for it.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>
        {data.productName} is back in stock. Pieces go quickly: it is first come, first served.
      </Paragraph>
      <ActionButton href={data.productUrl}>See the piece</ActionButton>
    </EmailFrame>
  );
}

/**
 * Renders one of these e-mails.
 * @param data the e-mail's data as stored in the outbox (checked again here).
 * @returns `{ subject, html, text }`
 * @throws EmailDataError when the data is not valid data of these e-mails (permanent).
 */
export async function renderBackInStockEmail(data: BackInStockEmails): Promise<RenderedEmail> {
  const checked = parseBackInStockEmailData(data);
  return checked.kind === 'back_in_stock'
    ? renderComponent(BackInStockEmail, checked, backInStockSubject(checked))
    : renderComponent(BackInStockConfirmEmail, checked, backInStockSubject(checked));
}
