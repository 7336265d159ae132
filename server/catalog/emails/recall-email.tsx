/**
 * A recall's e-mail to a buyer of the product (./recall-email-data.ts; EU General Product
 * Safety Regulation (EU) 2023/988 arts 35-37, decision 083), in the frame of the shop's other
 * e-mails, and its renderer. Loaded lazily, with the first such e-mail, by the renderer of every
 * noun's e-mails (server/emails.ts).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import {
  ActionButton,
  Callout,
  MultilineText,
  Paragraph,
  SectionHeading,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { formatDate, oneLine } from '../../platform/mail/templates/format.ts';
import { EmailFrame, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import {
  renderComponent,
  type RenderedEmail,
} from '../../platform/mail/templates/render-component.ts';
import { type ProductRecallEmailData, parseRecallEmailData } from './recall-email-data.ts';

/** The subject: "Safety recall: " and the owner's title, on one line. */
export function recallSubject(data: ProductRecallEmailData): string {
  return `Safety recall: ${oneLine(data.title)}`;
}

/** The recall: which product, what is wrong, what to do, and where the notice stays. */
export function ProductRecallEmail({ data, textMode = false }: EmailProps<ProductRecallEmailData>) {
  const { shop } = data;
  return (
    <EmailFrame
      shop={shop}
      title={recallSubject(data)}
      preview={`${oneLine(data.productName)}: ${oneLine(data.problem)}`}
      heading="Safety recall"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} to everyone who bought {data.productName}, because the product is
          recalled for your safety. You get this once.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>
        On {formatDate(data.publishedAt)} {shop.name} recalled {data.productName}, which you bought
        from the shop.
      </Paragraph>
      <Callout title={oneLine(data.title)}>
        <MultilineText value={data.problem} />
      </Callout>
      <SectionHeading>What to do</SectionHeading>
      <MultilineText value={data.action} />
      <ActionButton href={data.productUrl}>Read the recall notice</ActionButton>
      <Paragraph muted>Questions: write to {shop.contactEmail}.</Paragraph>
    </EmailFrame>
  );
}

/**
 * Renders a recall's e-mail.
 * @param data the e-mail's data as stored in the outbox (checked again here).
 * @returns `{ subject, html, text }`
 * @throws EmailDataError when the data is not a valid `ProductRecallEmailData` (permanent).
 */
export async function renderRecallEmail(data: ProductRecallEmailData): Promise<RenderedEmail> {
  const checked = parseRecallEmailData(data);
  return renderComponent(ProductRecallEmail, checked, recallSubject(checked));
}
