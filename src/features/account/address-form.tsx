/**
 * The form that adds or edits a saved address (issue 9): the six delivery fields, each with its
 * own message ('City is required.'), and "Make this my default address". The server's field
 * errors land beside their fields; anything else shows above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';
import { ADDRESS_FIELDS } from '../../components/address-fields';
import { addressFormSchema, type AddressFormValues } from './schemas';

export const ADDRESS_FORM_FALLBACK = 'Could not save the address. Please try again.';

export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  lockDefault = false,
}: {
  initial: AddressFormValues;
  submitLabel: string;
  /** Saves the values; rejects with the server's error. */
  onSubmit: (values: AddressFormValues) => Promise<unknown>;
  onCancel?: () => void;
  /** The address is already the default: the box stays ticked (another one must take over). */
  lockDefault?: boolean;
}) {
  const prefix = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: initial,
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
    <form className="address-form" onSubmit={submit} noValidate>
      {formError ? (
        <p className="address-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="address-form__fields">
        {ADDRESS_FIELDS.map((field) => {
          const id = `${prefix}-${field.name}`;
          const error = errors[field.name]?.message;
          return (
            <div key={field.name} className={`address-field address-field--${field.name}`}>
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                maxLength={field.maxLength}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...form.register(field.name)}
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
      <div className="address-form__actions">
        <button type="submit" className="button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
