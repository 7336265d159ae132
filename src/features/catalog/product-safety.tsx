import { SAFETY_PICTOGRAMS, type SafetyPictogram } from '../../../common/product-safety';
import type { Product } from './api';

type Safety = NonNullable<Product['safety']>;
type Party = NonNullable<Safety['manufacturer']>;

/**
 * One pictogram of the shop's fixed set (common/product-safety.ts), drawn inline (no external
 * image), with its words as the image's name: `role="img"` and `aria-label`.
 */
export function SafetyPictogramIcon({ pictogram }: { pictogram: SafetyPictogram }) {
  const { label, path } = SAFETY_PICTOGRAMS[pictogram];
  return (
    <svg
      className="catalog-safety__pictogram"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      role="img"
      aria-label={label}
    >
      <path d="M12 1.5 L23 21.5 H1 Z" className="catalog-safety__sign" />
      <g transform="translate(6.6 8.6) scale(0.45)">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </g>
    </svg>
  );
}

/** A manufacturer or responsible person: name, postal address (lines kept), electronic address. */
function PartyText({ party }: { party: Party }) {
  const web = /^https?:\/\//i.test(party.contact);
  return (
    <>
      {party.name ? <span className="catalog-safety__name">{party.name}</span> : null}
      {party.address ? <span className="catalog-safety__address">{party.address}</span> : null}
      {party.contact ? (
        <a
          className="catalog-link"
          href={web ? party.contact : `mailto:${party.contact}`}
          rel={web ? 'noopener noreferrer' : undefined}
        >
          {party.contact}
        </a>
      ) : null}
    </>
  );
}

/**
 * The product page's "Product safety" block (EU General Product Safety Regulation (EU)
 * 2023/988 art. 19, decision 083), shown open above the purchase button, never behind a link or
 * a collapsed control: the warnings with their pictogram first, then the manufacturer, the EU
 * responsible person (art. 16) when there is one, and the type or model and batch or serial
 * number. Every text is the shop's plain text, written as text (line breaks kept by CSS).
 * Nothing when the answer has no `safety`.
 */
export function ProductSafety({ safety }: { safety: Product['safety'] }) {
  if (!safety) return null;
  const identifiers = [
    safety.model ? { label: 'Type / model', value: safety.model } : null,
    safety.batch_or_serial ? { label: 'Batch / serial no.', value: safety.batch_or_serial } : null,
  ].filter((row): row is { label: string; value: string } => row !== null);
  return (
    <section className="catalog-safety" aria-labelledby="catalog-safety-title">
      <h2 id="catalog-safety-title" className="catalog-safety__title">
        Product safety
      </h2>
      {safety.warnings || safety.pictogram ? (
        <div className="catalog-safety__warnings">
          {safety.pictogram ? <SafetyPictogramIcon pictogram={safety.pictogram} /> : null}
          <p className="catalog-safety__warning-text">
            {safety.warnings || safety.pictogram_label}
          </p>
        </div>
      ) : null}
      <dl className="catalog-safety__facts">
        {safety.manufacturer ? (
          <div className="catalog-safety__row">
            <dt>Manufacturer</dt>
            <dd>
              <PartyText party={safety.manufacturer} />
            </dd>
          </div>
        ) : null}
        {safety.responsible_person ? (
          <div className="catalog-safety__row">
            <dt>EU responsible person</dt>
            <dd>
              <PartyText party={safety.responsible_person} />
            </dd>
          </div>
        ) : null}
        {identifiers.map((row) => (
          <div key={row.label} className="catalog-safety__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The notice of a product's open recall (GPSR arts 35-37), at the top of its page, in the
 * owner's plain words: what is wrong and what to do, and whether the piece is off sale.
 * Nothing when there is none.
 */
export function RecallNotice({ recall }: { recall: Product['recall'] }) {
  if (!recall) return null;
  return (
    <section className="catalog-recall" aria-labelledby="catalog-recall-title">
      <h2 id="catalog-recall-title" className="catalog-recall__title">
        Safety recall: {recall.title}
      </h2>
      <p className="catalog-recall__text">{recall.problem}</p>
      <h3 className="catalog-recall__subtitle">What to do</h3>
      <p className="catalog-recall__text">{recall.action}</p>
      <p className="catalog-recall__meta">
        Published{' '}
        {new Date(recall.published_at).toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        })}
        {recall.off_sale ? '. This piece is not for sale while it is recalled.' : '.'}
      </p>
    </section>
  );
}
