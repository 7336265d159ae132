import './cart.css';

/**
 * What a cart holding an age-restricted piece says: 'Some pieces in your cart are
 * age-restricted: you must be 18 or over to buy them, and an adult must sign for the parcel.'
 * Without the shop's minimum age (its shipping options not loaded), the sentence without it.
 */
export function ageRestrictedNotice(minimumAge: number | null | undefined): string {
  return typeof minimumAge === 'number'
    ? `Some pieces in your cart are age-restricted: you must be ${minimumAge} or over to buy them, and an adult must sign for the parcel.`
    : 'Some pieces in your cart are age-restricted: an adult must sign for the parcel.';
}

/** The notice above the cart's summary and the checkout's age check. */
export function AgeRestrictedNotice({
  minimumAge,
  className = 'cart-age-notice',
}: {
  minimumAge: number | null | undefined;
  className?: string;
}) {
  return <p className={className}>{ageRestrictedNotice(minimumAge)}</p>;
}
