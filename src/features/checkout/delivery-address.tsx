import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { AddressControl } from '../../components/address-control';
import { ErrorBox } from '../../components/error-box';
import type { SavedAddress } from '../account/api';
import { SHIPPING_MESSAGES, type ShippingOptions } from '../shipping/api';
import { SavedAddressPicker } from './saved-address-picker';
import { CHECKOUT_ADDRESS_FIELDS, type CheckoutValues, MISSING, POSTAL_FIELDS } from './schemas';
import './checkout.css';

export const COLLECTION_ONLY_NOTE =
  'Everything will be collected from the workshop, so we need no street address.';

/**
 * The Delivery address fieldset: the saved addresses (when there are some), then the name, the
 * contact number, the country (a select of the countries the shop ships to, holding the ISO
 * code), and the street, city and postal code unless every line is collected from the
 * workshop; and the offer to save a typed address. A missing field is marked and described by
 * the form's alert (`alertId`), which names every missing field in one message.
 */
export function DeliveryAddress({
  form,
  alertId,
  shippingOptions,
  collectionOnly,
  addresses,
  selectedAddress,
  onSelectAddress,
  canSave,
  saveAddress,
  onSaveAddressChange,
}: {
  form: UseFormReturn<CheckoutValues>;
  alertId: string;
  shippingOptions: UseQueryResult<ShippingOptions>;
  collectionOnly: boolean;
  addresses: readonly SavedAddress[];
  selectedAddress: number | 'new';
  onSelectAddress: (choice: SavedAddress | 'new') => void;
  canSave: boolean;
  saveAddress: boolean;
  onSaveAddressChange: (save: boolean) => void;
}) {
  const { errors } = form.formState;
  const fields = CHECKOUT_ADDRESS_FIELDS.filter(
    (field) => !collectionOnly || !POSTAL_FIELDS.includes(field.name),
  );
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-legend">Delivery address</legend>
      {addresses.length > 0 ? (
        <SavedAddressPicker
          addresses={addresses}
          selected={selectedAddress}
          onSelect={onSelectAddress}
        />
      ) : null}
      <div className="checkout-fields">
        {fields.map((field) => {
          const error = errors[field.name]?.message;
          const id = `checkout-${field.name}`;
          const described = error === MISSING ? alertId : error ? `${id}-error` : undefined;
          return (
            <div key={field.name} className={`checkout-field checkout-field--${field.name}`}>
              <label htmlFor={id}>{field.label}</label>
              <AddressControl
                id={id}
                field={field}
                countries={shippingOptions.data?.countries}
                loading={shippingOptions.isPending}
                invalid={error ? true : undefined}
                describedBy={described}
                registration={form.register(field.name)}
              />
              {error && error !== MISSING ? (
                <p id={`${id}-error`} className="checkout-field__error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {shippingOptions.isError ? (
        <ErrorBox
          className="checkout-countries-error"
          message={SHIPPING_MESSAGES.countriesFailed}
          onRetry={() => void shippingOptions.refetch()}
        />
      ) : null}
      {collectionOnly ? <p className="checkout-collection-note">{COLLECTION_ONLY_NOTE}</p> : null}
      {canSave ? (
        <label className="checkout-save">
          <input
            type="checkbox"
            checked={saveAddress}
            onChange={(event) => onSaveAddressChange(event.target.checked)}
          />
          Save this address to my account
        </label>
      ) : null}
    </fieldset>
  );
}
