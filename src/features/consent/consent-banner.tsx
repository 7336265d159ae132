import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import './consent-banner.css';

/** What the banner shows and does. */
export interface ConsentBannerProps {
  /** The visitor's current choice (true accepted, false rejected), null when none yet. */
  current: boolean | null;
  /** Move the focus to the banner when it opens (the visitor asked for it). */
  focus: boolean;
  /** Called once with the choice: true for Accept, false for Reject. */
  onChoose: (analytics: boolean) => void;
}

/** Id of the banner's heading, which names its region. */
export const CONSENT_TITLE_ID = 'consent-banner-title';

/**
 * The analytics consent banner (PECR reg. 6 / ePrivacy art. 5(3); ICO guidance): a labelled
 * region fixed at the bottom of the window (it covers, never pushes, the page) that says in
 * plain words what analytics does and who runs it (Google Analytics), links the privacy
 * policy, and offers "Accept analytics" and "Reject analytics" as two buttons of the same
 * size, style and place: no pre-ticked box, nothing set before a button is pressed. It does
 * not trap the focus; opened from the footer it takes the focus (its heading) and states the
 * current choice.
 */
export function ConsentBanner({ current, focus, onChoose }: ConsentBannerProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);

  return (
    <section className="consent-banner" aria-labelledby={CONSENT_TITLE_ID}>
      <div className="consent-banner-card">
        <h2 id={CONSENT_TITLE_ID} ref={headingRef} tabIndex={-1} className="consent-banner-title">
          Analytics cookies
        </h2>
        <p className="consent-banner-text">
          We&rsquo;d like to use Google Analytics to see which pages are visited, so we can improve
          the shop. It sets cookies and sends details of your visit to Google. It stays off unless
          you accept.{' '}
          <a href="/privacy-policy" className="consent-banner-link">
            Read our privacy policy
          </a>
          .
        </p>
        {current !== null ? (
          <p className="consent-banner-text consent-banner-current">
            You have {current ? 'accepted' : 'rejected'} analytics cookies. You can change your
            choice here at any time.
          </p>
        ) : null}
        <div className="consent-banner-actions">
          <button type="button" className="button-primary" onClick={() => onChoose(true)}>
            Accept analytics
          </button>
          <button type="button" className="button-primary" onClick={() => onChoose(false)}>
            Reject analytics
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * Renders the banner in its own React root, in an element put first in `doc.body`: outside the
 * hydrated page (whose server HTML stays the same for every visitor), and first in the tab
 * order, so a keyboard or screen-reader user meets the question before the page. After a
 * choice the banner is removed, then `onChoose` runs. Returns a handle that focuses it and
 * tells whether it is still on the page.
 */
export function mountConsentBanner(
  doc: Document,
  props: ConsentBannerProps,
): { focus: () => void; isOpen: () => boolean } {
  const container = doc.createElement('div');
  container.className = 'consent-banner-host';
  doc.body.prepend(container);
  const root = createRoot(container);
  const onChoose = (analytics: boolean) => {
    root.unmount();
    container.remove();
    props.onChoose(analytics);
  };
  root.render(<ConsentBanner {...props} onChoose={onChoose} />);
  return {
    focus: () => doc.getElementById(CONSENT_TITLE_ID)?.focus(),
    isOpen: () => container.isConnected,
  };
}
