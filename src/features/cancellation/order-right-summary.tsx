import { Link } from '@tanstack/react-router';
import { FAULTY_GOODS_NOTE, orderRightSummary, type LineFacts } from './rules';
import './cancellation.css';

/**
 * The checkout's summary of the 14-day right for the lines about to be ordered, just before
 * the order button (Consumer Contracts Regulations 2013 Sch. 2(l), (n) and reg 14: the shopper
 * learns which pieces can be cancelled before committing to pay): the lead sentence, each
 * exempt line with its reason, the faulty-goods reminder and a link to /cancellation.
 */
export function OrderRightSummary({
  lines,
}: {
  lines: readonly (LineFacts & { id: number; name: string })[];
}) {
  const summary = orderRightSummary(lines);
  return (
    <section
      className="cancellation-summary"
      aria-labelledby="cancellation-summary-title"
      data-testid="cancellation-summary"
    >
      <h2 id="cancellation-summary-title" className="cancellation-summary__title">
        Your right to cancel
      </h2>
      <p className="cancellation-summary__lead">{summary.lead}</p>
      {summary.exempt.length ? (
        <ul className="cancellation-summary__lines">
          {summary.exempt.map((line) => (
            <li key={line.id}>
              <span className="cancellation-summary__name">{line.name}</span>: {line.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="cancellation-summary__note">
        {FAULTY_GOODS_NOTE}{' '}
        <Link to="/cancellation" className="cancellation-note__link">
          Cancellation rights
        </Link>
      </p>
    </section>
  );
}
