/**
 * The form that adds or edits a saved address: the six delivery fields, each with its
 * own message ('City is required.'), and "Make this my default address". The country is a
 * select of the countries the shop ships to, holding the ISO code, as at checkout. The
 * server's field errors land beside their fields; anything else shows above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';
import type { components } from '../../../common/storefront-api';
import { ADDRESS_FIELDS } from '../../components/address-fields';
import { AddressControl } from '../../components/address-control';
import { countryCodeFor } from '../../components/country-select';
import { ErrorBox } from '../../components/error-box';
import { FormActions } from '../../components/form-actions';
import { SHIPPING_MESSAGES, shippingOptionsQuery } from '../shipping/api';
import { AccountSkeleton } from './account-frame';
import { addressFormSchema, type AddressFormValues } from './schemas';
import { PostForm } from '../../components/post-form';

type ShippingCountry = components['schemas']['ShippingCountry'];

export const ADDRESS_FORM_FALLBACK = 'Could not save the address. Please try again.';

interface AddressFormProps {
  initial: AddressFormValues;
  submitLabel: string;
  /** Saves the values; rejects with the server's error. */
  onSubmit: (values: AddressFormValues) => Promise<unknown>;
  onCancel?: () => void;
  /** The address is already the default: the box stays ticked (another one must take over). */
  lockDefault?: boolean;
}

/**
 * The address form once the shop's countries are known (before, a placeholder; when they fail,
 * the message with Try again): an address saved with a country's name starts on that
 * country's code, one the shop does not ship to starts with none chosen.
 */
export function AddressForm(props: AddressFormProps) {
  const shipping = useQuery(shippingOptionsQuery());
  if (shipping.isPending) return <AccountSkeleton blocks={1} label="Loading countries…" />;
  if (shipping.isError) {
    return (
      <ErrorBox
        message={SHIPPING_MESSAGES.countriesFailed}
        onRetry={() => void shipping.refetch()}
      />
    );
  }
  return <AddressFields {...props} countries={shipping.data.countries} />;
}

function AddressFields({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  lockDefault = false,
  countries,
}: AddressFormProps & { countries: readonly ShippingCountry[] }) {
  const prefix = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: { ...initial, country: countryCodeFor(initial.country, countries) },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      let unplaced = Object.keys(fieldErrors).length === 0;
      for (const [field, messages] of Object.entries(fieldErrors)) {
        const known = ADDRESS_FIELDS.some((f) => f.name === field) || field === 'is_default';
        if (known) form.setError(field as keyof AddressFormValues, { message: messages.join(' ') });
        else unplaced = true;
      }
      if (unplaced) setFormError(apiErrorMessage(error, ADDRESS_FORM_FALLBACK));
    }
  });

  return (
    <PostForm className="address-form" onSubmit={submit} noValidate>
      {formError ? (
        <p className="address-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="address-form__fields">
        {ADDRESS_FIELDS.map((field) => {
          const id = `${prefix}-${field.name}`;
          const error = errors[field.name]?.message;
          const described = error ? `${id}-error` : undefined;
          return (
            <div key={field.name} className={`address-field address-field--${field.name}`}>
              <label htmlFor={id}>{field.label}</label>
              <AddressControl
                id={id}
                field={field}
                countries={countries}
                invalid={error ? true : undefined}
                describedBy={described}
                registration={form.register(field.name)}
              />
              {error ? (
                <p id={`${id}-error`} className="address-field__error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <label className="address-form__check">
        <input type="checkbox" disabled={lockDefault} {...form.register('is_default')} />
        {lockDefault ? 'This is your default address' : 'Make this my default address'}
      </label>
      <FormActions className="address-form__actions" busy={isSubmitting} onCancel={onCancel}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </FormActions>
    </PostForm>
  );
}
