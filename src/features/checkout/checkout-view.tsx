import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatPrice } from '../../api/money';
import type { components } from '../../api/schema';
import { isSafeExternalUrl } from '../../auth/safe-redirect';
import { useIsLoggedIn } from '../../auth/use-session';
import { ADDRESS_FIELDS } from '../../components/address-fields';
import { ErrorBox } from '../../components/error-box';
import { Skeleton } from '../../components/skeleton';
import {
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  addressSummary,
  addressesQuery,
  defaultAddress,
  sameAddress,
  useCreateAddress,
} from '../account/api';
import { type Cart, clearCartLocally } from '../cart/api';
import { EmptyCart } from '../cart/cart-gate';
import { browser, CARD_NOT_STARTED, startCardPayment } from '../payments/api';
import {
  newIdempotencyKey,
  orderErrorMessage,
  paymentOptionsErrorMessage,
  paymentOptionsQuery,
  useCreateOrder,
} from './api';
import type { OrderConfirmationState } from './confirmation-state';
import {
  defaultMethod,
  enabledMethods,
  methodLabel,
  type PaymentMethod,
  type PaymentOptions,
} from './payment-methods';
import {
  CHECKOUT_MESSAGES,
  MISSING,
  type CheckoutValues,
  checkoutSchema,
  deliveryAddressOf,
  missingFieldsMessage,
} from './schemas';
import './checkout.css';

type Order = components['schemas']['Order'];

const EMPTY_VALUES: CheckoutValues = {
  fullname: '',
  contact_number: '',
  street: '',
  city: '',
  postalCode: '',
  country: '',
  payment_method: '',
};

function methodDescription(method: PaymentMethod, options: PaymentOptions): string {
  switch (method) {
    case 'card_2c2p':
      return "You'll pay on our card partner's secure page; we never see your card number.";
    case 'bank_transfer':
      return "We'll show our bank details once the order is placed. It ships when the transfer arrives.";
    case 'custom':
      return (
        options.custom_payment_instructions?.trim() ||
        "We'll tell you how to pay once the order is placed."
      );
  }
}

/** The order's lines and totals beside the form. */
function CheckoutSummary({ cart }: { cart: Cart }) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Your order
      </h2>
      <ul className="checkout-summary__lines">
        {cart.items.map((item) => (
          <li key={item.id} className="checkout-summary__line">
            <span className="checkout-summary__thumb">
              {item.product.main_image ? (
                <img
                  src={item.product.main_image.thumb_image ?? item.product.main_image.image}
                  alt=""
                  width={48}
                  height={48}
                />
              ) : null}
            </span>
            <span className="checkout-summary__name">
              {item.product.name} <span className="checkout-summary__qty">× {item.quantity}</span>
            </span>
            <span className="checkout-summary__amount">{formatPrice(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(cart.total_price)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Not included</dd>
        </div>
        <div className="checkout-summary__grand">
          <dt>Total</dt>
          <dd>{formatPrice(cart.total_price)}</dd>
        </div>
      </dl>
    </aside>
  );
}

/** The six address fields of a saved address, for the form. */
function addressValues(address: SavedAddress) {
  const { fullname, contact_number, street, city, postalCode, country } = address;
  return { fullname, contact_number, street, city, postalCode, country };
}

/**
 * The shopper's saved addresses above the delivery fields (issue 9): choosing one fills the
 * fields, "A new address" empties them. Shown only when there is at least one.
 */
function SavedAddressPicker({
  addresses,
  selected,
  onSelect,
}: {
  addresses: readonly SavedAddress[];
  selected: number | 'new';
  onSelect: (choice: SavedAddress | 'new') => void;
}) {
  return (
    <div className="checkout-saved" role="radiogroup" aria-labelledby="checkout-saved-title">
      <p id="checkout-saved-title" className="checkout-saved__title">
        Your saved addresses
      </p>
      {addresses.map((address) => (
        <label key={address.id} className="checkout-method checkout-saved__option">
          <input
            type="radio"
            name="saved-address"
            checked={selected === address.id}
            onChange={() => onSelect(address)}
          />
          <span className="checkout-method__text">
            <span className="checkout-method__name">
              {address.fullname}
              {address.is_default ? (
                <span className="checkout-saved__default"> · Default</span>
              ) : null}
            </span>
            <span className="checkout-method__description">{addressSummary(address)}</span>
          </span>
        </label>
      ))}
      <label className="checkout-method checkout-saved__option">
        <input
          type="radio"
          name="saved-address"
          checked={selected === 'new'}
          onChange={() => onSelect('new')}
        />
        <span className="checkout-method__text">
          <span className="checkout-method__name">A new address</span>
        </span>
      </label>
    </div>
  );
}

/** Shown when the order exists but its card payment could not start (spec section 4). */
function CardNotStarted({ order }: { order: Order }) {
  return (
    <div className="checkout-outcome" role="alert">
      <h2 className="checkout-outcome__title">Order {order.order_number} was placed</h2>
      <p>{CARD_NOT_STARTED}</p>
      <div className="checkout-outcome__actions">
        <Link
          className="button-primary"
          to="/account/orders/$orderId"
          params={{ orderId: String(order.id) }}
        >
          Go to your order
        </Link>
        <Link className="button-secondary" to="/products">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

/**
 * Checkout inside /cart (spec sections 2, 4, 5 and 8; issue 6): the delivery address and the
 * payment method, then the order, then by method:
 * - card: the payment starts and the browser goes to the gateway's page (the payment id and
 *   the order are kept in the session); without a gateway address, the spec's message;
 * - bank transfer: /order-confirmation with the order and the bank details;
 * - custom: the shop's redirect URL when it has one, else /order-confirmation with the
 *   instructions.
 * The local cart is cleared once the order exists. Place Order cannot make two orders: the
 * button is disabled while it works and every attempt of this checkout carries one
 * Idempotency-Key.
 *
 * Saved addresses (issue 9): the shopper's addresses are offered above the fields and the
 * default one fills them when the form is still empty; an address typed by hand can be saved
 * to the account with a checkbox, once the order exists (a failed save never stops the order).
 */
export function CheckoutView({ cart, onBack }: { cart: Cart; onBack: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const optionsQuery = useQuery(paymentOptionsQuery());
  const options = optionsQuery.data;
  const createOrder = useCreateOrder();
  // One key for every attempt of this checkout (a double click, a retry after a lost answer).
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const [cardFailure, setCardFailure] = useState<Order | null>(null);
  const alertId = useId();
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: EMPTY_VALUES,
  });
  const { errors, isSubmitting } = form.formState;
  const loggedIn = useIsLoggedIn();
  const saved = useQuery({ ...addressesQuery(), enabled: loggedIn === true });
  const createAddress = useCreateAddress();
  const [saveAddress, setSaveAddress] = useState(false);
  const typed = useWatch({
    control: form.control,
    name: ['fullname', 'contact_number', 'street', 'city', 'postalCode', 'country'],
  });
  const prefilled = useRef(false);

  // Issue 9: the default address fills a form the shopper has not started on (once).
  useEffect(() => {
    if (prefilled.current || !saved.data) return;
    prefilled.current = true;
    const fallback = defaultAddress(saved.data);
    const untouched = ADDRESS_FIELDS.every((field) => !form.getValues(field.name));
    if (!fallback || !untouched) return;
    for (const [name, value] of Object.entries(addressValues(fallback))) {
      form.setValue(name as keyof CheckoutValues, value);
    }
  }, [saved.data, form]);

  // Spec section 4: the first enabled method is chosen once the options arrive.
  useEffect(() => {
    if (options && !form.getValues('payment_method')) {
      form.setValue('payment_method', defaultMethod(options));
    }
  }, [options, form]);

  if (cardFailure) return <CardNotStarted order={cardFailure} />;
  if (cart.items.length === 0) return <EmptyCart />;

  const missing = ADDRESS_FIELDS.filter((field) => errors[field.name]?.message === MISSING).map(
    (field) => field.name,
  );
  const message =
    formError ?? missingFieldsMessage(missing) ?? errors.payment_method?.message ?? null;
  const methods = options ? enabledMethods(options) : [];
  const addresses = saved.data ?? [];
  const [fullname, contact_number, street, city, postalCode, country] = typed;
  const typedAddress = { fullname, contact_number, street, city, postalCode, country };
  // Offered for an address that is complete, not saved yet, and fits in the account.
  const canSave =
    loggedIn === true &&
    saved.isSuccess &&
    addresses.length < MAX_SAVED_ADDRESSES &&
    Object.values(typedAddress).every((value) => value?.trim()) &&
    !addresses.some((address) => sameAddress(address, typedAddress));
  // The picker follows the fields: a saved address is chosen while they hold exactly it.
  const selectedAddress =
    addresses.find((address) => sameAddress(address, typedAddress))?.id ?? 'new';

  const chooseAddress = (choice: SavedAddress | 'new') => {
    const values =
      choice === 'new'
        ? { fullname: '', contact_number: '', street: '', city: '', postalCode: '', country: '' }
        : addressValues(choice);
    for (const [name, value] of Object.entries(values)) {
      form.setValue(name as keyof CheckoutValues, value, { shouldValidate: false });
    }
    form.clearErrors(ADDRESS_FIELDS.map((field) => field.name));
  };

  const confirm = async (state: OrderConfirmationState) => {
    await navigate({ to: '/order-confirmation', state: { orderConfirmation: state } });
    clearCartLocally(queryClient);
  };

  const afterOrder = async (order: Order, shop: PaymentOptions) => {
    if (order.payment_method === 'card_2c2p') {
      try {
        await startCardPayment(order);
      } catch {
        clearCartLocally(queryClient);
        setCardFailure(order);
      }
      return;
    }
    if (order.payment_method === 'bank_transfer') {
      await confirm({
        order,
        bankDetails: order.payment_instructions ?? shop.bank_account_details,
        customInstructions: null,
      });
      return;
    }
    const redirect = order.payment_redirect_url ?? shop.custom_payment_redirect_url;
    if (isSafeExternalUrl(redirect)) {
      browser.assign(redirect);
      return;
    }
    await confirm({
      order,
      bankDetails: null,
      customInstructions: order.payment_instructions ?? shop.custom_payment_instructions,
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (!options) return;
    const method = values.payment_method as PaymentMethod;
    if (!enabledMethods(options).includes(method)) {
      setFormError(CHECKOUT_MESSAGES.invalidMethod);
      return;
    }
    let order: Order;
    try {
      order = await createOrder.mutateAsync({
        body: { payment_method: method, delivery_address: deliveryAddressOf(values) },
        idempotencyKey,
      });
    } catch (error) {
      setFormError(orderErrorMessage(error));
      return;
    }
    if (saveAddress && canSave) {
      // The order is placed either way; an address that could not be saved is simply not kept.
      await createAddress.mutateAsync(deliveryAddressOf(values)).catch(() => undefined);
    }
    await afterOrder(order, options);
  });

  return (
    <div className="checkout">
      <button type="button" className="checkout-back" onClick={onBack}>
        ← Back to Cart
      </button>
      <div className="checkout-layout">
        <form className="checkout-form" onSubmit={onSubmit} noValidate>
          <div className="checkout-alert" id={alertId} aria-live="assertive">
            {message ? (
              <p className="checkout-alert__text" role="alert">
                {message}
              </p>
            ) : null}
          </div>

          <fieldset className="checkout-fieldset">
            <legend className="checkout-legend">Delivery address</legend>
            {addresses.length > 0 ? (
              <SavedAddressPicker
                addresses={addresses}
                selected={selectedAddress}
                onSelect={chooseAddress}
              />
            ) : null}
            <div className="checkout-fields">
              {ADDRESS_FIELDS.map((field) => {
                const error = errors[field.name]?.message;
                const id = `checkout-${field.name}`;
                return (
                  <div key={field.name} className={`checkout-field checkout-field--${field.name}`}>
                    <label htmlFor={id}>{field.label}</label>
                    <input
                      id={id}
                      type={field.type ?? 'text'}
                      autoComplete={field.autoComplete}
                      maxLength={field.maxLength}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={
                        error === MISSING ? alertId : error ? `${id}-error` : undefined
                      }
                      {...form.register(field.name)}
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
            {canSave ? (
              <label className="checkout-save">
                <input
                  type="checkbox"
                  checked={saveAddress}
                  onChange={(event) => setSaveAddress(event.target.checked)}
                />
                Save this address to my account
              </label>
            ) : null}
          </fieldset>

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
                        {options ? methodDescription(method, options) : null}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>

          <button
            type="submit"
            className="button-primary checkout-submit"
            disabled={isSubmitting || !options}
          >
            {isSubmitting ? 'Placing order…' : `Place Order · ${formatPrice(cart.total_price)}`}
          </button>
        </form>
        <CheckoutSummary cart={cart} />
      </div>
    </div>
  );
}
