/**
 * A shop on holiday (issue 38, decision 079 "Launch"): the owner has closed it for a while, so
 * its pages browse as usual but it takes no orders. The frame shows the owner's words in a
 * banner at the top of every page, and Add to Cart, Proceed to Checkout and Place order are
 * disabled with the same words beside them (the API would refuse them, 409, with these words
 * too). The words are the shop's `closed_message`, or "The shop is closed for a holiday and is
 * not taking orders." when it left none (common/shop-status.ts).
 *
 * Loaded only while the shop is on holiday (./lazy-holiday.tsx): the first page's scripts carry
 * just `useOnHoliday` (./api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { holidayMessage } from '../../../common/shop-status';
import { siteSettingsQuery } from './api';
import './holiday-banner.css';

/** What the shop on holiday says to a shopper who would order; null while it takes orders. */
export function useHolidayMessage(): string | null {
  const { data: settings } = useQuery(siteSettingsQuery());
  return settings?.status === 'holiday' ? holidayMessage(settings.closed_message) : null;
}

/** The banner at the top of every page while the shop is on holiday; nothing otherwise. */
export function HolidayBanner() {
  const message = useHolidayMessage();
  if (message === null) return null;
  return (
    <section className="holiday-banner" aria-label="The shop is on holiday">
      <p className="holiday-banner__text">{message}</p>
    </section>
  );
}

/**
 * The shop's words beside an ordering button it disables while on holiday; `id` is what the
 * button's aria-describedby names. Nothing while the shop takes orders.
 */
export function HolidayNote({ id }: { id: string }) {
  const message = useHolidayMessage();
  if (message === null) return null;
  return (
    <p id={id} className="holiday-note" role="note">
      {message}
    </p>
  );
}

/** The note when given the button's `id`, else the banner (./lazy-holiday.tsx loads this). */
export default function HolidayWords({ id }: { id?: string | undefined }) {
  return id === undefined ? <HolidayBanner /> : <HolidayNote id={id} />;
}
