/**
 * `/cancellation` ("Cancellation rights", issue 29): the page frame of the content pages around
 * the cancellation feature's body (the 14-day right in plain words, the full terms, the model
 * form). The seller comes from the site settings (`seller`), else the site title and contact
 * e-mail (../cancellation/rules.ts `cancellationSeller`).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { CANCELLATION_PERIOD_DAYS, cancellationSeller } from '../cancellation/api';
import { CancellationRights } from '../cancellation/cancellation-rights';
import { siteSettingsQuery } from '../site/api';
import { HelpAside, PageHeader } from './page-parts';
import './content.css';

export const CANCELLATION_HEADER = {
  eyebrow: 'Customer care',
  title: 'Cancellation rights',
  lead: `Changed your mind? Most pieces can be cancelled within ${CANCELLATION_PERIOD_DAYS} days of delivery, without giving a reason.`,
} as const;

/** The page; reads the site settings the route's loader made sure of. */
export function CancellationPage() {
  const { data: settings } = useSuspenseQuery(siteSettingsQuery());
  return (
    <div className="page-container content-page cancellation-page">
      <PageHeader {...CANCELLATION_HEADER} />
      <div className="content-help">
        <div className="content-help__main cancellation-page__main">
          <CancellationRights seller={cancellationSeller(settings)} />
        </div>
        <HelpAside />
      </div>
    </div>
  );
}
