/**
 * /contact (spec sections 2, 3 and 8): the locations, the e-mails, the social
 * profiles and the message form.
 *
 * The message form never depends on the contact information: when `GET /contact/info/` fails
 * the page still renders, says 'Failed to load contact information.' with a retry, and the
 * shopper can still write. That is why this page reads the query with `useQuery` (the loader
 * only prefetches) instead of letting a failed load replace the page with an error screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { ErrorBox } from '../../components/error-box';
import { Skeleton } from '../../components/skeleton';
import { contactInfoQuery } from './api';
import { deferredForm } from '../../components/deferred-form';
import {
  CONTACT_MESSAGES,
  contactViewOf,
  type ContactView,
  type LocationView,
} from './contact-info';
import { MailIcon, MapIcon, PhoneIcon, PinIcon, SocialIcon } from './icons';
import { MAP_EMBED_SANDBOX } from './map-embed';
import { CONTACT_HEADER, PageHeader } from './page-parts';
import './content.css';

const ContactForm = deferredForm(() => import('./contact-form').then((m) => m.ContactForm));

function LocationImage({ location }: { location: LocationView }) {
  const [failed, setFailed] = useState(false);
  if (!location.image || failed) {
    return <p className="content-location__placeholder">{CONTACT_MESSAGES.noImage}</p>;
  }
  return (
    <img
      className="content-location__image"
      src={location.image}
      alt={`Photo of ${location.name}`}
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

function LocationMap({ location }: { location: LocationView }) {
  if (location.embedUrl) {
    return (
      <iframe
        className="content-location__map"
        src={location.embedUrl}
        title={`Map of ${location.name}`}
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox={MAP_EMBED_SANDBOX}
      />
    );
  }
  // No map to embed here (none, or on a host the CSP does not allow): the map link above, if
  // there is one, is the way there.
  return (
    <p className="content-location__no-map">
      <MapIcon />
      {CONTACT_MESSAGES.noMap}
    </p>
  );
}

function LocationCard({ location }: { location: LocationView }) {
  const headingId = `location-${location.id}`;
  return (
    <li className="content-location">
      <article className="content-location__card" aria-labelledby={headingId}>
        <div className="content-location__media">
          <LocationImage location={location} />
        </div>
        <div className="content-location__body">
          <h3 id={headingId} className="content-location__name">
            {location.name}
            {location.isHq ? (
              <span className="content-badge">
                <abbr title="Headquarters">HQ</abbr>
              </span>
            ) : null}
          </h3>
          <ul className="content-details">
            {location.address ? (
              <li>
                <PinIcon />
                <address className="content-location__address">{location.address}</address>
              </li>
            ) : null}
            {location.phone ? (
              <li>
                <PhoneIcon />
                {location.phone.href ? (
                  <a href={location.phone.href}>{location.phone.display}</a>
                ) : (
                  <span>{location.phone.display}</span>
                )}
              </li>
            ) : null}
            {location.mapUrl ? (
              <li>
                <MapIcon />
                <a href={location.mapUrl} target="_blank" rel="noopener noreferrer">
                  View on map{' '}
                  <span className="visually-hidden">of {location.name} (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
          <LocationMap location={location} />
        </div>
      </article>
    </li>
  );
}

/**
 * One titled part of the contact details (`part`: 'locations', 'emails', 'socials'): a
 * `className` section labelled by its heading (id `contact-{part}-title`, class
 * `{className}__title`), then `children`.
 */
function ContactSection({
  part,
  className,
  title,
  children,
}: {
  part: string;
  className: 'content-section' | 'content-card';
  title: string;
  children: ReactNode;
}) {
  const titleId = `contact-${part}-title`;
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${className}__title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A card of the shop's links of one kind (`part`: 'emails', 'socials'), nothing when `links` is
 * empty: the heading, then the list `content-{part}` of each link's item (`children(link)`).
 */
function LinkCard<T>({
  part,
  title,
  links,
  children: item,
}: {
  part: 'emails' | 'socials';
  title: string;
  links: readonly T[];
  children: (link: T) => ReactNode;
}) {
  if (!links.length) return null;
  return (
    <ContactSection part={part} className="content-card" title={title}>
      <ul className={`content-${part}`}>{links.map((link) => item(link))}</ul>
    </ContactSection>
  );
}

function Locations({ view }: { view: ContactView }) {
  return (
    <ContactSection part="locations" className="content-section" title="Visit us">
      {view.locations.length ? (
        <ul className="content-locations">
          {view.locations.map((location) => (
            <LocationCard key={location.id} location={location} />
          ))}
        </ul>
      ) : (
        <p className="content-empty">{CONTACT_MESSAGES.noLocations}</p>
      )}
    </ContactSection>
  );
}

function Emails({ view }: { view: ContactView }) {
  return (
    <LinkCard part="emails" title="Email us" links={view.emails}>
      {(email) => (
        <li key={email.id} className="content-emails__item">
          {email.purpose ? <span className="content-emails__purpose">{email.purpose}</span> : null}
          <a className="content-emails__link" href={`mailto:${email.address}`}>
            <MailIcon />
            <span>{email.address}</span>
          </a>
        </li>
      )}
    </LinkCard>
  );
}

function Socials({ view }: { view: ContactView }) {
  return (
    <LinkCard part="socials" title="Follow us" links={view.socials}>
      {(social) => (
        <li key={social.id}>
          <a
            className="content-socials__link"
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            data-platform={social.platform ?? 'other'}
          >
            <span className="content-socials__icon">
              <SocialIcon platform={social.platform} />
            </span>
            <span>{social.label}</span>{' '}
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </li>
      )}
    </LinkCard>
  );
}

function DetailsSkeleton() {
  return (
    <div className="content-card" aria-hidden="true">
      <Skeleton width="50%" height="1.5rem" />
      <Skeleton height="1rem" style={{ marginTop: 'var(--space-4)' }} />
      <Skeleton width="80%" height="1rem" style={{ marginTop: 'var(--space-2)' }} />
    </div>
  );
}

/** /contact: reads the contact information the loader prefetched. */
export function ContactPage() {
  const query = useQuery({ ...contactInfoQuery(), retryOnMount: false });
  const view = useMemo(
    () => (query.isSuccess ? contactViewOf(query.data) : null),
    [query.isSuccess, query.data],
  );
  const unavailable = query.isError || (view?.empty ?? false);
  // Only locations: the form takes the whole row above them.
  const noDetails = view !== null && !view.empty && !view.emails.length && !view.socials.length;

  return (
    <div className="page-container content-page content-contact">
      <PageHeader {...CONTACT_HEADER} />
      {query.isError ? (
        <ErrorBox
          className="content-notice"
          message={CONTACT_MESSAGES.loadFailed}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {view && !view.empty && view.incomplete ? (
        <p className="content-warning" role="status">
          {CONTACT_MESSAGES.partial}
        </p>
      ) : null}
      <div
        className={
          noDetails
            ? 'content-contact__grid content-contact__grid--single'
            : 'content-contact__grid'
        }
      >
        {noDetails ? null : (
          <div className="content-contact__details" aria-busy={query.isPending || undefined}>
            {query.isPending ? (
              <>
                <span className="visually-hidden" role="status">
                  Loading contact information…
                </span>
                <DetailsSkeleton />
                <DetailsSkeleton />
              </>
            ) : unavailable ? (
              <div className="content-card">
                <p className="content-empty content-empty--inline">
                  {CONTACT_MESSAGES.unavailable}
                </p>
              </div>
            ) : view ? (
              <>
                <Emails view={view} />
                <Socials view={view} />
              </>
            ) : null}
          </div>
        )}
        <div className="content-card content-contact__form">
          <ContactForm />
        </div>
      </div>
      {view && !view.empty ? <Locations view={view} /> : null}
    </div>
  );
}
