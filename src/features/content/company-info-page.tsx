/**
 * /company-info, the About page (spec sections 2, 3 and 8): the site title in the
 * About heading, the tagline, the history, mission and vision, and the grid of core values.
 * A few of the shop's own product photos sit beside the story; they come from the catalogue
 * query the home page and the gallery share, and are simply left out when it is not there.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SquareThumb } from '../../components/square-thumb';
import { allProductsQuery, type ProductListItem } from '../catalog/api';
import { companyInfoQuery, siteSettingsQuery } from '../site/api';
import { aboutHeading, COMPANY_MESSAGES, companyErrorMessage, companyViewOf } from './company-info';
import { ContentCta, ContentPageError, PageHeader } from './page-parts';
import './content.css';

function useAboutHeading(): string {
  const { data: settings } = useQuery(siteSettingsQuery());
  return aboutHeading(settings?.site_title?.trim() ?? '');
}

/** How many photos the mosaic shows; it shows none when the catalogue has fewer. */
const PHOTO_COUNT = 4;

/**
 * Four products with photos that show the shop's range: the first product of each category,
 * spread evenly over the categories (a shop with three kinds of knife first still shows its
 * paintings and ceramics), topped up with other products when there are fewer categories.
 */
function workshopPhotos(products: readonly ProductListItem[]): ProductListItem[] {
  const withPhoto = products.filter((product) => product.main_image);
  const firstOfEach = new Map<string, ProductListItem>();
  for (const product of withPhoto) {
    const category = product.category?.slug ?? '';
    if (!firstOfEach.has(category)) firstOfEach.set(category, product);
  }
  const leaders = [...firstOfEach.values()];
  const picked =
    leaders.length >= PHOTO_COUNT
      ? Array.from(
          { length: PHOTO_COUNT },
          (_, i) => leaders[Math.floor((i * leaders.length) / PHOTO_COUNT)]!,
        )
      : leaders;
  for (const product of withPhoto) {
    if (picked.length >= PHOTO_COUNT) break;
    if (!picked.includes(product)) picked.push(product);
  }
  return picked;
}

/**
 * Four product photos from the catalogue, as a small mosaic beside the story. Until the
 * catalogue has answered (always on the server-rendered page, which does not wait for it) the
 * mosaic's four squares are drawn empty, so the photos arriving do not push the mission and
 * the values down the page (a layout shift Lighthouse counted on phones).
 */
function WorkshopPhotos() {
  const { data, isPending } = useQuery(allProductsQuery());
  if (isPending) {
    return (
      <ul className="content-about__photos" aria-hidden="true">
        {Array.from({ length: PHOTO_COUNT }, (_, index) => (
          // Keys no product id can take: a reused square would move and count as a shift.
          <li key={`square-${index}`}>
            <span className="content-about__photo" />
          </li>
        ))}
      </ul>
    );
  }
  const photos = workshopPhotos(data?.results ?? []);
  if (photos.length < PHOTO_COUNT) return null;
  return (
    <ul className="content-about__photos" aria-label="From the workshop">
      {photos.map((product) => (
        <li key={product.id}>
          <Link
            to="/products/$slug"
            params={{ slug: product.slug }}
            className="content-about__photo"
          >
            <SquareThumb
              src={product.main_image?.thumb_image || product.main_image?.image}
              alt={product.main_image?.alt_text || product.name}
              size={320}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * One of the pillars of the shop's story (`name`: 'mission', 'vision'): a card titled `title`
 * (heading id `about-{name}-title`) holding `text`; nothing when the shop has none.
 */
function Pillar({ name, title, text }: { name: string; title: string; text: string }) {
  if (!text) return null;
  const titleId = `about-${name}-title`;
  return (
    <section className="content-card content-pillar" aria-labelledby={titleId}>
      <h2 id={titleId} className="content-card__title">
        {title}
      </h2>
      <p className="content-pillar__text">{text}</p>
    </section>
  );
}

/** /company-info: reads the company info the loader filled. */
export function CompanyInfoPage() {
  const heading = useAboutHeading();
  const { data } = useSuspenseQuery(companyInfoQuery());
  const view = companyViewOf(data);

  if (view.kind !== 'ok') {
    return (
      <div className="page-container content-page">
        <PageHeader title={heading} eyebrow="Our story" />
        <p className="content-empty" role={view.kind === 'invalid' ? 'alert' : undefined}>
          {view.kind === 'invalid' ? COMPANY_MESSAGES.invalid : COMPANY_MESSAGES.unavailable}
        </p>
      </div>
    );
  }

  return (
    <div className="page-container content-page content-about">
      <header className="content-about__hero">
        <p className="content-eyebrow">Our story</p>
        <h1 className="content-about__title">{heading}</h1>
        {view.tagline ? <p className="content-about__tagline">{view.tagline}</p> : null}
      </header>

      <div className="content-about__story">
        <section className="content-about__history" aria-labelledby="about-history-title">
          <h2 id="about-history-title" className="content-section__title">
            How it began
          </h2>
          {view.history.length ? (
            view.history.map((paragraph, index) => <p key={index}>{paragraph}</p>)
          ) : (
            <p className="content-muted">{COMPANY_MESSAGES.unavailable}</p>
          )}
        </section>
        <WorkshopPhotos />
      </div>

      {view.mission || view.vision ? (
        <div className="content-about__pillars">
          <Pillar name="mission" title="Our mission" text={view.mission} />
          <Pillar name="vision" title="Our vision" text={view.vision} />
        </div>
      ) : null}

      {view.values.length ? (
        <section className="content-section" aria-labelledby="about-values-title">
          <h2 id="about-values-title" className="content-section__title">
            Our core values
          </h2>
          <ul className="content-values">
            {view.values.map((value, index) => (
              <li key={value.id} className="content-value">
                <span className="content-value__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="content-value__name">{value.name}</h3>
                {value.description ? (
                  <p className="content-value__text">{value.description}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ContentCta
        as="aside"
        titleId="about-cta-title"
        title="Made to be used, every day"
        text="See what is on the bench this season, or tell us about the piece you have in mind."
      >
        <Link to="/products" className="button-primary">
          Browse the shop
        </Link>
        <Link to="/contact" className="button-secondary">
          Contact us
        </Link>
      </ContentCta>
    </div>
  );
}

/** Error state of /company-info (spec section 8): 404 'Company information endpoint not found.', else 'Failed to load company information.' */
export function CompanyInfoError({ error, reset }: { error: unknown; reset?: () => void }) {
  const heading = useAboutHeading();
  return (
    <ContentPageError
      header={{ title: heading, eyebrow: 'Our story' }}
      message={companyErrorMessage(error)}
      reset={reset}
    />
  );
}
