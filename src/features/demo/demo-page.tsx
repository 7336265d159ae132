import type { ReactNode } from 'react';
import { formatPrice } from '../../../common/money';
import { DemoArtwork, SocialIcon } from './demo-art';
import { DEMO_CURRENCY, DEMO_NAV, DEMO_PRODUCTS, DEMO_TESTIMONIALS } from './demo-data';
import './demo.css';

const SOCIAL = [
  { network: 'facebook', label: 'Facebook' },
  { network: 'instagram', label: 'Instagram' },
  { network: 'x', label: 'X (Twitter)' },
  { network: 'youtube', label: 'YouTube' },
] as const;

/**
 * The static demo landing page at /test (spec sections 1, 2 and 9): its own top nav of in-page
 * anchors, a hero, six sample products from $45 to $120, an about section, three
 * testimonials and a footer with links and social icons. Outside the common frame, and not
 * tied to the backend: every word and number here is hard-coded.
 */
export function DemoPage() {
  const year = new Date().getFullYear();
  return (
    <div className="demo" id="home">
      <a className="demo-skip" href="#demo-main">
        Skip to content
      </a>
      <DemoHeader />

      <main id="demo-main">
        <section className="demo-hero" aria-labelledby="demo-hero-title">
          <div className="demo-container demo-hero__inner">
            <p className="demo-eyebrow">Small-batch goods for the home</p>
            <h1 id="demo-hero-title" className="demo-hero__title">
              Objects made slowly, meant to be used every day
            </h1>
            <p className="demo-hero__lead">
              Knives, ceramics, woodwork and paintings from one small workshop, finished by hand and
              built to last.
            </p>
            <div className="demo-hero__actions">
              {HERO_ACTIONS.map((action) => (
                <a key={action.href} className={`demo-button ${action.variant}`} href={action.href}>
                  {action.label}
                </a>
              ))}
            </div>
          </div>
        </section>

        <DemoSection id="products" title="Featured pieces">
          <ul className="demo-products">
            {DEMO_PRODUCTS.map((product) => (
              <li
                key={product.id}
                className={`demo-card demo-card--${product.tint}`}
                data-testid="demo-product"
              >
                <DemoArtwork art={product.art} />
                <div className="demo-card__body">
                  <h3 className="demo-card__name">{product.name}</h3>
                  <p className="demo-card__blurb">{product.blurb}</p>
                  <p className="demo-card__price">{formatPrice(product.price, DEMO_CURRENCY)}</p>
                </div>
              </li>
            ))}
          </ul>
        </DemoSection>

        <section
          id="story"
          className="demo-section demo-section--muted"
          aria-labelledby="demo-story-title"
        >
          <div className="demo-container demo-story">
            <div>
              <h2 id="demo-story-title" className="demo-section__title">
                Our story
              </h2>
              <p>
                It started with a single anvil in a rented garage. Ten years on, we are a handful of
                makers sharing one workshop: a smith, a potter, a woodworker and a painter who trade
                tools, ideas and coffee.
              </p>
              <p>
                Every piece is made in small batches from materials we can trace, and every one is
                checked by the person who made it before it leaves the bench.
              </p>
            </div>
            <dl className="demo-facts">
              <div>
                <dt>Years at the bench</dt>
                <dd>10</dd>
              </div>
              <div>
                <dt>Makers</dt>
                <dd>4</dd>
              </div>
              <div>
                <dt>Pieces shipped</dt>
                <dd>3,200+</dd>
              </div>
            </dl>
          </div>
        </section>

        <DemoSection id="testimonials" title="What customers say">
          <ul className="demo-testimonials">
            {DEMO_TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.id} className="demo-testimonial" data-testid="demo-testimonial">
                <figure>
                  <blockquote className="demo-testimonial__quote">
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption className="demo-testimonial__who">
                    <strong>{testimonial.name}</strong>
                    <span>{testimonial.place}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </DemoSection>
      </main>

      <footer id="contact" className="demo-footer">
        <div className="demo-container demo-footer__inner">
          <div>
            <p className="demo-brand demo-brand--footer">Hearth &amp; Hand</p>
            <p className="demo-footer__text">
              12 Foundry Lane, Millbrook
              <br />
              <a href="mailto:hello@example.com">hello@example.com</a>
            </p>
          </div>
          <DemoNav className="demo-footer__links" label="Demo footer" />
          <ul className="demo-social" aria-label="Social media">
            {SOCIAL.map((item) => (
              <li key={item.network}>
                <a href="#contact" aria-label={item.label} className="demo-social__link">
                  <SocialIcon network={item.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="demo-container demo-footer__copy">
          © {year} Hearth &amp; Hand. A demo page with sample content.
        </p>
      </footer>
    </div>
  );
}

/** The hero's calls to action: the products, then the story (classes of demo-hero.css). */
const HERO_ACTIONS = [
  { href: '#products', label: 'Browse the collection', variant: 'demo-button--primary' },
  { href: '#story', label: 'Our story', variant: 'demo-button--ghost' },
] as const;

/** The page's top bar: the shop's mark and name (back to the top), and the in-page links. */
function DemoHeader() {
  return (
    <header className="demo-header">
      <div className="demo-container demo-header__inner">
        <a className="demo-brand" href="#home">
          <span className="demo-brand__mark" aria-hidden="true">
            ◆
          </span>
          Hearth &amp; Hand
        </a>
        <DemoNav className="demo-nav" label="Demo page" />
      </div>
    </header>
  );
}

/**
 * One of the page's plain sections, the in-page anchor `id` ('products', 'testimonials'):
 * labelled by its `title` (heading id `demo-{id}-title`), with `children` below it.
 */
function DemoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="demo-section" aria-labelledby={`demo-${id}-title`}>
      <div className="demo-container">
        <h2 id={`demo-${id}-title`} className="demo-section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The page's in-page links, shown in the header and again in the footer. */
function DemoNav({ className, label }: { className: string; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={className}>
        {DEMO_NAV.map((item) => (
          <li key={item.href}>
            <a href={item.href}>{item.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
