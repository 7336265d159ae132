/*
 * Pending states of the content routes, one per page shape (architecture convention 6). Router
 * pending components are not code-split, so they live here, away from the pages and from
 * DOMPurify. Each keeps the page's h1 and announces the load once, politely.
 */
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../components/skeleton';
import { siteSettingsQuery } from '../site/api';
import { aboutHeading } from './company-info';
import { CONTACT_HEADER, FAQ_HEADER, HelpAside, LEGAL_PAGES, PageHeader } from './page-parts';
import type { DocumentType } from './api';
import './content.css';

function Loading({ what }: { what: string }) {
  return (
    <span className="visually-hidden" role="status">
      Loading {what}…
    </span>
  );
}

function Lines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} width={index === count - 1 ? '60%' : '100%'} height="0.95rem" />
      ))}
    </>
  );
}

export function ContactSkeleton() {
  return (
    <div className="page-container content-page content-contact" aria-busy="true">
      <PageHeader {...CONTACT_HEADER} />
      <Loading what="contact information" />
      <div className="content-contact__grid" aria-hidden="true">
        <div className="content-contact__details">
          <div className="content-card content-skeleton-stack">
            <Skeleton width="45%" height="1.5rem" />
            <Lines count={3} />
          </div>
          <div className="content-card content-skeleton-stack">
            <Skeleton width="45%" height="1.5rem" />
            <Lines count={2} />
          </div>
        </div>
        <div className="content-card content-skeleton-stack">
          <Skeleton width="55%" height="1.75rem" />
          <Skeleton height="2.75rem" radius="var(--radius-md)" />
          <Skeleton height="2.75rem" radius="var(--radius-md)" />
          <Skeleton height="9rem" radius="var(--radius-md)" />
          <Skeleton width="10rem" height="2.75rem" radius="var(--radius-md)" />
        </div>
      </div>
    </div>
  );
}

export function CompanyInfoSkeleton() {
  const { data: settings } = useQuery(siteSettingsQuery());
  return (
    <div className="page-container content-page content-about" aria-busy="true">
      <header className="content-about__hero">
        <p className="content-eyebrow">Our story</p>
        <h1 className="content-about__title">{aboutHeading(settings?.site_title?.trim() ?? '')}</h1>
        <Skeleton width="60%" height="1.5rem" />
      </header>
      <Loading what="company information" />
      <div className="content-skeleton-stack" aria-hidden="true">
        <Lines count={4} />
      </div>
      <ul className="content-values" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="content-value">
            <Skeleton width="50%" height="1.4rem" />
            <Lines count={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FaqSkeleton() {
  return (
    <div className="page-container content-page content-faq" aria-busy="true">
      <PageHeader {...FAQ_HEADER} />
      <Loading what="questions" />
      <div className="content-help">
        <div className="content-help__main">
          <div className="content-accordion" aria-hidden="true">
            {Array.from({ length: 6 }, (_, index) => (
              <div
                key={index}
                className="content-accordion__item content-accordion__item--skeleton"
              >
                <Skeleton width={`${55 + ((index * 13) % 35)}%`} height="1.1rem" />
              </div>
            ))}
          </div>
        </div>
        <HelpAside />
      </div>
    </div>
  );
}

export function LegalDocumentSkeleton({ type }: { type: DocumentType }) {
  return (
    <div className="page-container content-page content-legal" aria-busy="true">
      <PageHeader title={LEGAL_PAGES[type].title} eyebrow="Customer care" />
      <Loading what={LEGAL_PAGES[type].title.toLowerCase()} />
      <div className="content-help">
        <div className="content-help__main">
          <div
            className="content-card content-legal__document content-skeleton-stack"
            aria-hidden="true"
          >
            <Skeleton width="40%" height="1.5rem" />
            <Lines count={5} />
            <Skeleton width="35%" height="1.5rem" />
            <Lines count={4} />
          </div>
        </div>
        <HelpAside />
      </div>
    </div>
  );
}
