/**
 * The 14-day right to cancel in the order confirmation e-mail: each line's right, the
 * information of Sch. 2(l)-(n) of the UK Consumer Contracts Regulations 2013, and the model
 * cancellation form of Sch. 3 Part B with the seller filled in. The acknowledgement of a request
 * is ./cancellation-emails.tsx. Every word is common/cancellation-form.ts's, the module the
 * storefront's /cancellation page shows too, so the two never differ.
 *
 * @jsxRuntime automatic (see ./shopper-emails.tsx)
 */
import {
  CANCELLATION_PERIOD_DAYS,
  cancellationInformation,
  modelCancellationForm,
} from '../../../common/cancellation-form.ts';
import {
  Callout,
  CalloutText,
  Paragraph,
  SectionHeading,
} from '../../platform/mail/templates/basic-blocks.tsx';
import type { EmailCancellationTerms } from './order-email-data.ts';

/** Each line's right: "Walnut spoon: you may cancel…" or why it cannot be cancelled. */
function LineRights({ terms }: { terms: EmailCancellationTerms }) {
  return (
    <>
      {terms.lines.map((line, index) => (
        <Paragraph key={index}>
          <strong>{line.name}</strong>:{' '}
          {line.exempt
            ? (line.exemptBecause ?? 'This piece cannot be cancelled once ordered.')
            : `you may cancel it within ${CANCELLATION_PERIOD_DAYS} days of delivery.`}
        </Paragraph>
      ))}
    </>
  );
}

/** The model cancellation form, the seller filled in (Sch. 3 Part B; Annex I(B)). */
export function ModelForm({ seller }: { seller: EmailCancellationTerms['seller'] }) {
  const form = modelCancellationForm(seller);
  return (
    <Callout title={form.title}>
      <CalloutText>{form.intro}</CalloutText>
      {form.lines.map((line) => (
        <CalloutText key={line}>— {line}</CalloutText>
      ))}
      <CalloutText>{form.footnote}</CalloutText>
    </Callout>
  );
}

/**
 * The order confirmation's cancellation block: each line's right, the information, and the
 * model form. An order whose every line is exempt says so, and carries no form.
 */
export function CancellationTerms({ terms }: { terms: EmailCancellationTerms }) {
  const allExempt = terms.lines.length > 0 && terms.lines.every((line) => line.exempt);
  if (allExempt) {
    return (
      <>
        <SectionHeading>Cancelling your order</SectionHeading>
        <LineRights terms={terms} />
        <Paragraph muted>
          Goods made to your specifications or clearly personalised have no right to cancel
          (Consumer Contracts Regulations 2013, reg. 28(1)(b); Directive 2011/83/EU, art. 16(c)).
          Your other rights, such as for faulty goods, are not affected.
        </Paragraph>
      </>
    );
  }
  const sections = cancellationInformation({
    seller: terms.seller,
    returnCostsPaidBy: terms.returnCostsPaidBy,
    orderPageHint: true,
  });
  return (
    <>
      <SectionHeading>Cancelling your order</SectionHeading>
      <LineRights terms={terms} />
      {sections.map((section) => (
        <div key={section.heading}>
          <Paragraph>
            <strong>{section.heading}</strong>
          </Paragraph>
          {section.paragraphs.map((paragraph) => (
            <Paragraph key={paragraph}>{paragraph}</Paragraph>
          ))}
        </div>
      ))}
      <ModelForm seller={terms.seller} />
    </>
  );
}
