/**
 * A gift card's e-mail to its recipient (./gift-card-email-data.ts, decision 090), in the frame
 * of the shop's other e-mails: the amount, the giver's message and the code in a box that prints
 * on its own (the e-mail is the printable card). Loaded lazily, with the first such e-mail, by
 * the renderer of every noun's e-mails (server/emails.ts).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import {
  ActionButton,
  Callout,
  MultilineText,
  Paragraph,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { formatMoney, oneLine } from '../../platform/mail/templates/format.ts';
import { EmailFrame, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import {
  renderComponent,
  type RenderedEmail,
} from '../../platform/mail/templates/render-component.ts';
import { type GiftCardEmailData, parseGiftCardEmailData } from './gift-card-email-data.ts';

/** The subject: "A gift card from {giver}: {amount}". */
export function giftCardSubject(data: GiftCardEmailData): string {
  return `A gift card from ${oneLine(data.fromName)}: ${formatMoney(data.amount, data.currency)}`;
}

/** The card: who from, the message, the amount and the code, and where to check the balance. */
export function GiftCardEmail({ data, textMode = false }: EmailProps<GiftCardEmailData>) {
  const { shop } = data;
  const amount = formatMoney(data.amount, data.currency);
  return (
    <EmailFrame
      shop={shop}
      title={giftCardSubject(data)}
      preview={`${amount} to spend at ${shop.name}`}
      heading={`A gift card for ${oneLine(data.recipientName)}`}
      currency={data.currency}
      reason={<>Sent by {shop.name} because a gift card was bought or issued for you.</>}
      textMode={textMode}
    >
      <Paragraph>
        {data.fromName} sent you a gift card of {amount} to spend at {shop.name}.
      </Paragraph>
      {data.message ? <MultilineText value={data.message} /> : null}
      <Callout title={`Gift card: ${amount}`}>
        <Paragraph>Your code: {data.code}</Paragraph>
        <Paragraph muted>
          Enter it at checkout. What you do not spend stays on the card. Keep this e-mail: print it
          to give the card by hand.
        </Paragraph>
      </Callout>
      <ActionButton href={data.balanceUrl}>Check the balance</ActionButton>
      <Paragraph muted>Questions: write to {shop.contactEmail}.</Paragraph>
    </EmailFrame>
  );
}

/**
 * Renders a gift card's e-mail.
 * @param data the e-mail's data as stored in the outbox (checked again here).
 * @returns `{ subject, html, text }`
 * @throws EmailDataError when the data is not a valid `GiftCardEmailData` (permanent).
 */
export async function renderGiftCardEmail(data: GiftCardEmailData): Promise<RenderedEmail> {
  const checked = parseGiftCardEmailData(data);
  return renderComponent(GiftCardEmail, checked, giftCardSubject(checked));
}
