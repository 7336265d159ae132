import type { UseFormReturn } from 'react-hook-form';
import { AgeRestrictedNotice } from '../cart/age-restricted-notice';
import type { ShippingOptions } from '../shipping/api';
import type { CheckoutValues } from './schemas';
import './checkout.css';

/**
 * The age check of a cart holding an age-restricted piece (contract: AgeAttestationCreate):
 * the buyer's date of birth and the shop's `age_attestation_text` to tick. Its messages show in
 * the form's alert, which `alertId` names, like the missing address fields.
 */
export function AgeCheck({
  form,
  shop,
  alertId,
}: {
  form: UseFormReturn<CheckoutValues>;
  shop: ShippingOptions | undefined;
  alertId: string;
}) {
  const { errors } = form.formState;
  const dateInvalid = !!errors.date_of_birth;
  const boxInvalid = !!errors.age_confirmed;
  return (
    <fieldset className="checkout-fieldset checkout-age">
      <legend className="checkout-legend">Age check</legend>
      <AgeRestrictedNotice minimumAge={shop?.minimum_age} className="checkout-age__notice" />
      <div className="checkout-field checkout-age__date">
        <label htmlFor="checkout-date_of_birth">Date of birth</label>
        <input
          id="checkout-date_of_birth"
          type="date"
          autoComplete="bday"
          aria-invalid={dateInvalid ? true : undefined}
          aria-describedby={dateInvalid ? alertId : undefined}
          {...form.register('date_of_birth')}
        />
      </div>
      {shop ? (
        <label className="checkout-save checkout-age__confirm">
          <input
            type="checkbox"
            aria-invalid={boxInvalid ? true : undefined}
            aria-describedby={boxInvalid ? alertId : undefined}
            {...form.register('age_confirmed')}
          />
          {shop.age_attestation_text}
        </label>
      ) : null}
    </fieldset>
  );
}
