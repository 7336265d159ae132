import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { ErrorBox } from '../../components/error-box';
import { Skeleton } from '../../components/skeleton';
import { paymentOptionsErrorMessage } from './api';
import {
  enabledMethods,
  methodLabel,
  PAYMENT_METHODS,
  type PaymentOptions,
} from '../payments/payment-methods';
import type { CheckoutValues } from './schemas';
import './checkout.css';

/**
 * The Payment method fieldset (spec section 4): the shop's enabled methods as radios with what
 * happens next, a skeleton while the options load, and the spec's message when they fail.
 */
export function PaymentMethodFieldset({
  form,
  optionsQuery,
}: {
  form: UseFormReturn<CheckoutValues>;
  optionsQuery: UseQueryResult<PaymentOptions>;
}) {
  const options = optionsQuery.data;
  const methods = options ? enabledMethods(options) : [];
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-legend">Payment method</legend>
      {optionsQuery.isPending ? (
        <div className="checkout-methods" aria-busy="true">
          <p role="status" className="visually-hidden">
            Loading payment options…
          </p>
          <Skeleton height="4.5rem" radius="var(--radius-md)" />
          <Skeleton height="4.5rem" radius="var(--radius-md)" />
        </div>
      ) : optionsQuery.isError ? (
        <ErrorBox
          message={paymentOptionsErrorMessage(optionsQuery.error)}
          onRetry={() => void optionsQuery.refetch()}
        />
      ) : methods.length === 0 ? (
        <p className="checkout-methods__none">
          This shop is not taking payments online at the moment.
        </p>
      ) : (
        <div className="checkout-methods">
          {methods.map((method) => (
            <label key={method} className="checkout-method">
              <input type="radio" value={method} {...form.register('payment_method')} />
              <span className="checkout-method__text">
                <span className="checkout-method__name">{methodLabel(method, options)}</span>
                <span className="checkout-method__description">
                  {options ? PAYMENT_METHODS[method].description(options) : null}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
