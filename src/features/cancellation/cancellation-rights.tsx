/**
 * The body of `/cancellation` (the content pages compose it with their header and help
 * column): the 14-day right in plain words, the full information of the Consumer Contracts
 * Regulations 2013 Sch. 2(l)-(n) in the words of Sch. 3 Part A (Directive 2011/83/EU Annex
 * I(A)), and the model cancellation form of Sch. 3 Part B (Annex I(B)) with the seller's name,
 * address and e-mail filled in, printable. The same words as the order e-mail
 * (common/cancellation-form.ts).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  CANCELLATION_PERIOD_DAYS,
  REFUND_WITHIN_DAYS,
  cancellationInformation,
  modelCancellationForm,
  type CancellationSeller,
} from '../../../common/cancellation-form';
import { FAULTY_GOODS_NOTE } from './rules';
import './cancellation.css';

/**
 * One of the page's cards (a `section` or an `article` of `content-card {className}`),
 * labelled by its `title` (heading id `id`), with `children` below it.
 */
function Card({
  as: Tag,
  id,
  className,
  title,
  children,
}: {
  as: 'section' | 'article';
  id: string;
  className: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Tag className={`content-card ${className}`} aria-labelledby={id}>
      <h2 id={id} className="content-card__title">
        {title}
      </h2>
      {children}
    </Tag>
  );
}

/** The plain-words summary: what each rule means for a shopper of this shop. */
function InShort({ email }: { email: string }) {
  return (
    <Card as="section" id="cancel-short" className="cancellation-page__short" title="In short">
      <dl className="cancellation-page__facts">
        <div>
          <dt>When</dt>
          <dd>
            From the moment you order until {CANCELLATION_PERIOD_DAYS} days after the day the piece
            reaches you (for an order in several parcels, the last one). Your order page shows the
            last day.
          </dd>
        </div>
        <div>
          <dt>How</dt>
          <dd>
            Press “Withdraw from contract here” on the order’s page in{' '}
            <Link to="/account/orders">your account</Link>, or send us the form below, or any clear
            message, by e-mail
            {email ? (
              <>
                {' '}
                to <a href={`mailto:${email}`}>{email}</a>
              </>
            ) : null}
            . You do not need to give a reason.
          </dd>
        </div>
        <div>
          <dt>Not covered</dt>
          <dd>
            Pieces made to order and pieces personalised for you, such as a knife engraved with your
            text, cannot be cancelled once ordered. Each product page and the checkout say whether a
            piece can be cancelled.
          </dd>
        </div>
        <div>
          <dt>Returns</dt>
          <dd>
            Send the pieces back within {CANCELLATION_PERIOD_DAYS} days of telling us. You pay the
            cost of sending them back.
          </dd>
        </div>
        <div>
          <dt>Refund</dt>
          <dd>
            We refund what you paid, including the standard delivery, within {REFUND_WITHIN_DAYS}{' '}
            days of receiving the pieces back (or proof that you sent them), in the way you paid.
          </dd>
        </div>
        <div>
          <dt>Faults</dt>
          <dd>{FAULTY_GOODS_NOTE}</dd>
        </div>
      </dl>
    </Card>
  );
}

/**
 * The three blocks of `/cancellation` for `seller` (./rules.ts `cancellationSeller`): in
 * short, the full terms, the model form with a button that prints the page (the print
 * stylesheet leaves the site's frame out).
 */
export function CancellationRights({ seller }: { seller: CancellationSeller }) {
  const sections = cancellationInformation({ seller, orderPageHint: true });
  const form = modelCancellationForm(seller);
  return (
    <>
      <InShort email={seller.email} />
      <Card
        as="article"
        id="cancel-terms"
        className="cancellation-page__terms"
        title="The full terms"
      >
        {sections.map((section) => (
          <section key={section.heading} className="cancellation-page__section">
            <h3 className="cancellation-page__heading">{section.heading}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </Card>
      <section
        className="content-card cancellation-form"
        aria-labelledby="cancel-form-title"
        data-testid="model-cancellation-form"
      >
        <div className="cancellation-form__head">
          <h2 id="cancel-form-title" className="content-card__title">
            {form.title}
          </h2>
          <button
            type="button"
            className="button-secondary cancellation-form__print"
            onClick={() => window.print()}
          >
            Print this page
          </button>
        </div>
        <p className="cancellation-form__intro">{form.intro}</p>
        <ul className="cancellation-form__lines">
          {form.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="cancellation-form__footnote">{form.footnote}</p>
      </section>
    </>
  );
}
