import { useQuery } from '@tanstack/react-query';
import { dispatchRange, madeToOrderPhrase } from '../../components/dispatch';
import { useLocalDates } from '../../components/local-dates';
import { useHydrated } from '../../components/use-hydrated';
import { shippingOptionsQuery } from '../shipping/api';
import type { Product } from './api';

/** Said of a made-to-order piece whose lead time the shop has not given. */
export const MADE_TO_ORDER = 'Made to order';

/** 'Made to order: ships in 3–4 weeks' (../../components/dispatch.ts); one end stands for both when the other is missing. */
function leadTimePhrase(min: number | null, max: number | null): string {
  const low = min ?? max;
  const high = max ?? min;
  return low == null || high == null ? MADE_TO_ORDER : madeToOrderPhrase(low, high);
}

type DispatchFacts = Pick<
  Product,
  'made_to_order' | 'lead_time_days_min' | 'lead_time_days_max' | 'stock' | 'dispatch'
>;

/**
 * When the piece leaves the workshop if ordered today (contract: Dispatch). Made to order:
 * 'Made to order: ships in 3–4 weeks' and 'Estimated dispatch: Dec 14 – 21, 2026'; a ready
 * piece in stock: 'Ready to ship: dispatched by Nov 25, 2026'; nothing for a piece sold out.
 * Dates are in en-US on the server and while hydrating, in the shopper's locale after
 * (../../components/local-dates.ts), so the hydrated page matches the server's.
 */
export function DispatchNote({ product }: { product: DispatchFacts }) {
  const locale = useLocalDates() ? undefined : 'en-US';
  const dispatch = product.dispatch as DispatchFacts['dispatch'] | undefined;
  if (product.made_to_order) {
    const range = dispatch ? dispatchRange(dispatch, locale) : '';
    return (
      <div className="catalog-dispatch">
        <p className="catalog-dispatch__lead">
          {leadTimePhrase(product.lead_time_days_min, product.lead_time_days_max)}
        </p>
        {range ? <p className="catalog-dispatch__dates">{`Estimated dispatch: ${range}`}</p> : null}
      </div>
    );
  }
  if (product.stock <= 0 || !dispatch) return null;
  const latest = dispatchRange({ earliest: dispatch.latest, latest: dispatch.latest }, locale);
  return latest ? (
    <p className="catalog-dispatch__dates">{`Ready to ship: dispatched by ${latest}`}</p>
  ) : null;
}

/** The age note before the shop's minimum age is known (loading, failed, or none given). */
export const ADULTS_ONLY_NOTE = 'Sold to adults only: an adult must sign for the parcel.';

/** The age note with the shop's minimum age. */
export function adultsOnlyNote(minimumAge: number): string {
  return `Sold to adults only: you must be ${minimumAge} or over to buy this, and an adult must sign for the parcel.`;
}

/**
 * The note beside an age-restricted piece's price (contract: Product.age_restricted). The
 * minimum age comes from the shop's shipping options, asked for only after hydration, so the
 * server-rendered note (without a number) is the one the browser hydrates; it gains the number
 * once the options arrive and keeps the plain wording if they fail.
 */
export function AgeRestrictionNote() {
  const hydrated = useHydrated();
  const { data } = useQuery({ ...shippingOptionsQuery(), enabled: hydrated });
  const minimumAge = hydrated ? data?.minimum_age : undefined;
  return (
    <p className="catalog-age-note" role="note">
      {typeof minimumAge === 'number' && minimumAge > 0
        ? adultsOnlyNote(minimumAge)
        : ADULTS_ONLY_NOTE}
    </p>
  );
}
