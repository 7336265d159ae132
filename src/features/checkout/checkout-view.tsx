import { zodResolver } from '@hookform/resolvers/zod';
import { type AppliedGiftCard, GiftCardCodes } from '../giftcards/gift-card-codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useFormatPrice } from '../site/format-price';
import type { components } from '../../../common/storefront-api';
import { useIsLoggedIn } from '../../api/use-session';
import { ADDRESS_FIELDS, EMPTY_ADDRESS } from '../../components/address-fields';
import { countryCodeFor } from '../../components/country-select';
import {
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  addressesQuery,
  defaultAddress,
  sameAddress,
  useCreateAddress,
} from '../account/api';
import { type Cart, replaceCartLocally } from '../cart/api';
import { EmptyCart } from '../cart/cart-gate';
import { AgeCheck } from './age-check';
import {
  changedCartOf,
  newIdempotencyKey,
  orderErrorMessage,
  paymentOptionsQuery,
  useCreateOrder,
} from './api';
import { shippingOptionsQuery } from '../shipping/api';
import { CardNotStarted } from './card-not-started';
import { CheckoutCancellation, placeOrderLabel } from './checkout-cancellation';
import { CheckoutSummary } from './checkout-summary';
import { DeliveryAddress } from './delivery-address';
import { DeliveryMethods } from './delivery-methods';
import { PaymentMethodFieldset } from './payment-method-fieldset';
import { defaultMethod, enabledMethods, type PaymentMethod } from '../payments/payment-methods';
import {
  CHECKOUT_ADDRESS_FIELDS,
  CHECKOUT_MESSAGES,
  type CheckoutRules,
  type CheckoutValues,
  MISSING,
  POSTAL_FIELDS,
  checkoutSchema,
  deliveryAddressOf,
  localToday,
  missingFieldsMessage,
} from './schemas';
import { useAfterOrder } from './use-after-order';
import { checkoutDraft, dropCheckoutDraft, keepCheckoutDraft } from './checkout-draft';
import { isCollectionOnly, shippingOf, useShippingQuote } from './use-shipping-quote';
import './checkout.css';
import { HolidayNote, useHolidayMessage } from '../site/holiday-banner';
import { PostForm } from '../../components/post-form';

type Order = components['schemas']['Order'];
type ShippingCountry = components['schemas']['ShippingCountry'];
type AddressValues = Pick<
  CheckoutValues,
  'fullname' | 'contact_number' | 'street' | 'city' | 'postalCode' | 'country'
>;

const EMPTY_VALUES: CheckoutValues = {
  ...EMPTY_ADDRESS,
  payment_method: '',
  date_of_birth: '',
  age_confirmed: false,
};

/**
 * The six address fields of a saved address, for the form: a country saved by name ('United
 * Kingdom') becomes the code of the shop's country of that name, else none (chosen again).
 */
function addressValues(address: SavedAddress, countries: readonly ShippingCountry[]) {
  const { fullname, contact_number, street, city, postalCode, country } = address;
  return {
    fullname,
    contact_number,
    street,
    city,
    postalCode,
    country: countryCodeFor(country, countries),
  };
}

/**
 * Checkout inside /cart (spec sections 2, 4, 5 and 8): the delivery address with the
 * country chosen among the shop's, the delivery method of every line (quoted by the API for
 * that country), the age check when a piece is age-restricted, and the payment method; then
 * the order, then by method what ./use-after-order.ts does. Before the button, which pieces of
 * the order can be cancelled within 14 days (./checkout-cancellation.tsx); the button says the
 * order commits to pay ('Place order and pay', reg 14(3)). The summary and the button show
 * the quote's total, which the order sends as `expected_total_price`; the button waits until
 * the quote is ready (every line has a method it may use). When every line is collected from
 * the workshop, the street, city and postal code are neither shown nor sent.
 *
 * Place Order cannot make two orders: the button is disabled while it works and every attempt
 * of this checkout carries one Idempotency-Key. While the shop is on holiday it is disabled,
 * with the shop's words beside it. A 409 because the total changed replaces the
 * cart and the quote is asked for again.
 *
 * Saved addresses: offered above the fields; the default one fills them when the
 * form is still empty; an address typed by hand can be saved to the account once the order
 * exists (a failed save never stops the order).
 *
 * Nothing is typed twice (WCAG 2.2 SC 3.3.7, decision 086): what the shopper entered is kept
 * when they go back to the cart and comes back with the checkout (./checkout-draft.ts), until
 * the order is placed.
 */
export function CheckoutView({ cart, onBack }: { cart: Cart; onBack: () => void }) {
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const optionsQuery = useQuery(paymentOptionsQuery());
  const options = optionsQuery.data;
  const shippingOptions = useQuery(shippingOptionsQuery());
  const shop = shippingOptions.data;
  const createOrder = useCreateOrder();
  // Gift cards applied (decision 090): their codes go with the order, which spends them first.
  const [giftCards, setGiftCards] = useState<AppliedGiftCard[]>([]);
  // A shop on holiday takes no orders: the button waits, with the shop's words.
  const holiday = useHolidayMessage();
  // One key for every attempt of this checkout (a double click, a retry after a lost answer).
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const [cardFailure, setCardFailure] = useState<Order | null>(null);
  const afterOrder = useAfterOrder(setCardFailure);
  const alertId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const ageRestricted = cart.items.some((item) => item.product.age_restricted);
  // What is required follows the quote, which follows the form's country: the resolver reads
  // the rules of the latest render when it validates.
  // What the shopper typed before going back to the cart, read once as the form starts.
  const [draft] = useState(() => checkoutDraft(queryClient));
  const rules = useRef<Omit<CheckoutRules, 'today'>>({
    collectionOnly: false,
    ageRestricted,
    minimumAge: null,
  });
  const form = useForm<CheckoutValues>({
    resolver: (values, context, resolverOptions) =>
      zodResolver(checkoutSchema({ ...rules.current, today: localToday() }))(
        values,
        context,
        resolverOptions,
      ),
    defaultValues: draft ?? EMPTY_VALUES,
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
  const [fullname, contact_number, street, city, postalCode, country] = typed;
  const countries = shop?.countries ?? [];
  const quoteCountry = countries.some((c) => c.code === country) ? country : '';
  const shipping = useShippingQuote(cart, quoteCountry);
  const quote = shipping.quote;
  const collectionOnly = isCollectionOnly(quote);
  const minimumAge = shop?.minimum_age ?? null;
  // A draft is what the shopper chose: the default address does not replace it.
  const prefilled = useRef(draft !== undefined);

  useLayoutEffect(() => {
    rules.current = { collectionOnly, ageRestricted, minimumAge };
  }, [collectionOnly, ageRestricted, minimumAge]);

  // Leaving the checkout (back to the cart) keeps what was typed; a placed order keeps nothing
  // (./checkout-draft.ts).
  useEffect(
    () => () => {
      const values = form.getValues();
      const typed = ADDRESS_FIELDS.some((field) => values[field.name]?.trim());
      if (typed) keepCheckoutDraft(queryClient, values);
    },
    [form, queryClient],
  );

  // The message sits above the form and the button below it: bring a server's refusal (a new
  // total, a sold-out line) into view, where the shopper who pressed Place Order can read it.
  useEffect(() => {
    if (formError) alertRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [formError]);

  // The default address fills a form the shopper has not started on (once), when
  // the shop's countries are known, so a country saved by name finds its code.
  useEffect(() => {
    if (prefilled.current || !saved.data || !shop) return;
    prefilled.current = true;
    const fallback = defaultAddress(saved.data);
    const untouched = ADDRESS_FIELDS.every((field) => !form.getValues(field.name));
    if (!fallback || !untouched) return;
    for (const [name, value] of Object.entries(addressValues(fallback, shop.countries))) {
      form.setValue(name as keyof AddressValues, value);
    }
  }, [saved.data, shop, form]);

  // Spec section 4: the first enabled method is chosen once the options arrive.
  useEffect(() => {
    if (options && !form.getValues('payment_method')) {
      form.setValue('payment_method', defaultMethod(options));
    }
  }, [options, form]);

  if (cardFailure) return <CardNotStarted order={cardFailure} />;
  if (cart.items.length === 0) return <EmptyCart />;

  // Only the fields on screen can be missing: a collection needs no street.
  const missing = CHECKOUT_ADDRESS_FIELDS.filter(
    (field) => !(collectionOnly && POSTAL_FIELDS.includes(field.name)),
  )
    .filter((field) => errors[field.name]?.message === MISSING)
    .map((field) => field.name);
  const ageMessages = ageRestricted
    ? [errors.date_of_birth?.message, errors.age_confirmed?.message]
    : [];
  const messages = formError
    ? [formError]
    : [missingFieldsMessage(missing), ...ageMessages, errors.payment_method?.message].filter(
        (message, index, all): message is string => !!message && all.indexOf(message) === index,
      );
  const addresses = saved.data ?? [];
  const typedAddress = { fullname, contact_number, street, city, postalCode, country };
  const sameAsTyped = (address: SavedAddress) =>
    sameAddress({ ...address, country: countryCodeFor(address.country, countries) }, typedAddress);
  // Offered for an address that is complete, not saved yet, and fits in the account.
  const canSave =
    loggedIn === true &&
    saved.isSuccess &&
    !collectionOnly &&
    addresses.length < MAX_SAVED_ADDRESSES &&
    Object.values(typedAddress).every((value) => value?.trim()) &&
    !addresses.some(sameAsTyped);
  // The picker follows the fields: a saved address is chosen while they hold exactly it.
  const selectedAddress = addresses.find(sameAsTyped)?.id ?? 'new';

  const chooseAddress = (choice: SavedAddress | 'new') => {
    const values = choice === 'new' ? EMPTY_ADDRESS : addressValues(choice, countries);
    for (const [name, value] of Object.entries(values)) {
      form.setValue(name as keyof AddressValues, value, { shouldValidate: false });
    }
    form.clearErrors(ADDRESS_FIELDS.map((field) => field.name));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    // The button waits for both; a stale quote must never be what the order promises.
    if (!options || !quote || !shipping.ready) return;
    const method = values.payment_method as PaymentMethod;
    if (!enabledMethods(options).includes(method)) {
      setFormError(CHECKOUT_MESSAGES.invalidMethod);
      return;
    }
    let order: Order;
    try {
      order = await createOrder.mutateAsync({
        body: {
          payment_method: method,
          delivery_address: deliveryAddressOf(values, collectionOnly),
          shipping: shippingOf(quote),
          ...(ageRestricted
            ? { age_attestation: { date_of_birth: values.date_of_birth, confirmed: true } }
            : {}),
          // The total on the button: the server orders nothing if the cart's total differs.
          expected_total_price: quote.total_price,
          ...(giftCards.length > 0 ? { gift_cards: giftCards.map((card) => card.code) } : {}),
        },
        idempotencyKey,
      });
    } catch (error) {
      // The prices changed: show the new cart and total, and let the shopper place it again.
      const changed = changedCartOf(error);
      if (changed) replaceCartLocally(queryClient, changed);
      setFormError(orderErrorMessage(error));
      return;
    }
    dropCheckoutDraft(queryClient);
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
        <PostForm className="checkout-form" onSubmit={onSubmit} noValidate>
          <div className="checkout-alert" id={alertId} ref={alertRef} aria-live="assertive">
            {messages.length ? (
              <div className="checkout-alert__text" role="alert">
                {messages.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            ) : null}
          </div>

          <DeliveryAddress
            form={form}
            alertId={alertId}
            shippingOptions={shippingOptions}
            collectionOnly={collectionOnly}
            addresses={addresses}
            selectedAddress={selectedAddress}
            onSelectAddress={chooseAddress}
            canSave={canSave}
            saveAddress={saveAddress}
            onSaveAddressChange={setSaveAddress}
          />
          <DeliveryMethods cart={cart} country={quoteCountry} shipping={shipping} />
          {ageRestricted ? <AgeCheck form={form} shop={shop} alertId={alertId} /> : null}
          <GiftCardCodes
            cards={giftCards}
            onChange={setGiftCards}
            formatPrice={formatPrice}
            total={quote?.total_price ?? null}
          />
          <PaymentMethodFieldset form={form} optionsQuery={optionsQuery} />
          <CheckoutCancellation cart={cart} />

          <button
            type="submit"
            className="button-primary checkout-submit"
            disabled={isSubmitting || !options || !shipping.ready || holiday !== null}
            aria-describedby={holiday !== null ? 'checkout-holiday' : undefined}
          >
            {isSubmitting
              ? 'Placing order…'
              : placeOrderLabel(quote ? formatPrice(quote.total_price) : null)}
          </button>
          {holiday !== null ? <HolidayNote id="checkout-holiday" /> : null}
        </PostForm>
        <CheckoutSummary cart={cart} quote={quote} countryChosen={quoteCountry !== ''} />
      </div>
    </div>
  );
}
