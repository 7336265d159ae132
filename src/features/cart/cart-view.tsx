import { useQuery } from '@tanstack/react-query';
import { DiscountCodeField, DiscountRow } from './discount-code';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type KeyboardEvent } from 'react';
import { useFormatPrice } from '../site/format-price';
import { loginHref } from '../auth/login-link';
import { isLoggedIn } from '../../api/token-storage';
import { CloseIcon } from '../../components/close-icon';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { madeToOrderNote, readyNote } from '../../components/dispatch-note';
import { useLocalDates } from '../../components/local-dates';
import { useTransientMessage } from '../../components/use-transient-message';
import { MessageSlot } from '../../components/message-slot';
import { SquareThumb } from '../../components/square-thumb';
import { shippingOptionsQuery } from '../shipping/api';
import { AgeRestrictedNotice } from './age-restricted-notice';
import { useClearCart, useRemoveCartItem, useSetCartQuantity } from './api';
import { CartGate } from './cart-gate';
import {
  CART_MESSAGES,
  type Cart,
  type CartItem,
  hasAgeRestricted,
  hasMadeToOrder,
  lineOptions,
  MAX_LINE_QUANTITY,
  parseTableQuantity,
  quantityChange,
} from './cart-logic';
import './cart.css';
import { VatNote } from '../site/vat-note';
import { HolidayNote, useHolidayMessage } from '../site/holiday-banner';

interface LineActions {
  setQuantity: (item: CartItem, next: number) => void;
  remove: (item: CartItem) => void;
}

/**
 * When the line leaves the workshop: 'Made to order: estimated dispatch 14–21 Dec 2026' or
 * 'Ready: dispatched by 25 Nov 2026'. The cart line carries the estimate, not the lead time.
 */
function DispatchNote({ item }: { item: CartItem }) {
  const locale = useLocalDates() ? undefined : 'en-US';
  const madeToOrder = item.dispatch.made_to_order;
  const note = madeToOrder
    ? madeToOrderNote(item.dispatch, locale)
    : readyNote(item.dispatch, locale);
  if (!note) return null;
  return (
    <p className={`cart-line__dispatch${madeToOrder ? ' cart-line__dispatch--made' : ''}`}>
      {note}
    </p>
  );
}

/** One line of the cart table: product, price, quantity control, line total and remove. */
function CartLine({
  item,
  actions,
  showDispatch,
}: {
  item: CartItem;
  actions: LineActions;
  /** Some line is made to order, so every line says when it ships. */
  showDispatch: boolean;
}) {
  const formatPrice = useFormatPrice();
  const { product } = item;
  const options = lineOptions(item);
  // While the shopper types, the field shows what they typed; otherwise it follows the cart
  // (the server's answer, or the expected one while a change is under way).
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    // Spec section 5: parsed as an integer; negative or invalid becomes 0 (which removes).
    actions.setQuantity(item, parseTableQuantity(draft));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const image = product.main_image;
  // A made-to-order piece is made for the order: its stock (usually 0) does not limit it.
  const stock = isMadeToOrder(item) ? undefined : product.stock;
  const atStock = typeof stock === 'number' && item.quantity >= stock;
  const overStock = typeof stock === 'number' && item.quantity > stock;
  const atLimit = item.quantity >= MAX_LINE_QUANTITY;
  const inputId = `cart-quantity-${item.id}`;

  return (
    <tr className="cart-line" role="row">
      <td className="cart-line__product" role="cell">
        <div className="cart-line__item">
          <div className="cart-line__thumb">
            {image ? <SquareThumb src={image.thumb_image ?? image.image} alt="" size={64} /> : null}
          </div>
          <div className="cart-line__details">
            <Link to="/products/$slug" params={{ slug: product.slug }} className="cart-line__name">
              {product.name}
            </Link>
            {item.variant ? (
              <p className="cart-line__variant">
                {item.variant.label} · SKU{' '}
                <span translate="no" className="cart-line__sku">
                  {item.variant.sku}
                </span>
              </p>
            ) : null}
            {options.length ? (
              <ul className="cart-line__customization">
                {options.map((entry) => (
                  <li key={entry.label}>
                    <span className="cart-line__customization-key">{entry.label}:</span>{' '}
                    {entry.value}
                  </li>
                ))}
              </ul>
            ) : null}
            {showDispatch ? <DispatchNote item={item} /> : null}
            {overStock ? (
              <p className="cart-line__warning">Only {product.stock} items available.</p>
            ) : null}
          </div>
        </div>
      </td>
      <td className="cart-line__price" role="cell" data-label="Price">
        {/* With the chosen options' surcharges, so price × quantity is the line's total. */}
        {formatPrice(item.unit_price ?? product.price)}
      </td>
      <td className="cart-line__quantity" role="cell" data-label="Quantity">
        <div className="cart-stepper">
          <button
            type="button"
            className="cart-stepper__button"
            aria-label={`Decrease quantity of ${product.name}`}
            onClick={() => actions.setQuantity(item, item.quantity - 1)}
          >
            −
          </button>
          <label htmlFor={inputId} className="visually-hidden">
            Quantity of {product.name}
          </label>
          <input
            id={inputId}
            className="cart-stepper__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft ?? String(item.quantity)}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className="cart-stepper__button"
            aria-label={`Increase quantity of ${product.name}`}
            disabled={atStock || atLimit}
            onClick={() => actions.setQuantity(item, item.quantity + 1)}
          >
            +
          </button>
        </div>
      </td>
      <td className="cart-line__total" role="cell" data-label="Total">
        {formatPrice(item.line_total)}
      </td>
      <td className="cart-line__remove" role="cell">
        <button
          type="button"
          className="cart-remove"
          aria-label={`Remove ${product.name} from cart`}
          onClick={() => actions.remove(item)}
        >
          <CloseIcon size={18} />
        </button>
      </td>
    </tr>
  );
}

/** The cart table's column headings, in order; the last column (remove) has a hidden one. */
const CART_COLUMNS = ['Product', 'Price', 'Quantity', 'Total'] as const;

/**
 * True when the line's stock does not bound it: its piece is made for the order, or it is a
 * gift card (an e-mailed code, decision 090).
 */
function isMadeToOrder(item: CartItem): boolean {
  if (item.gift_card) return true;
  return item.dispatch?.made_to_order ?? item.product.made_to_order;
}

/**
 * The cart with items (spec sections 2, 4, 5 and 8): the table of Product, Price, Quantity,
 * Total and remove; the summary with the subtotal, the discount code's line (issue 42),
 * shipping 'Calculated at checkout' and the total (less the code), the note that shipping is not
 * included, and the discount code field (./discount-code.tsx); Clear Cart (after the spec's
 * confirmation) and Proceed to Checkout (`onCheckout`; disabled with the shop's words while it
 * is on holiday). Quantity changes show at once and
 * reach the server in order (./api.ts); an unchanged quantity makes no call, below 1 removes
 * the line, above the stock shows 'Only {n} items available.' and above the line's cap (100)
 * 'You can have at most 100 of one item in your cart.', both without a call. A made-to-order
 * line is bounded by the cap only.
 */
export function CartView({
  cart,
  onCheckout,
  showError,
}: {
  cart: Cart;
  onCheckout: () => void;
  /** Shows a cart message; owned above the cart so it outlives an optimistic 'empty cart'. */
  showError: (text: string) => void;
}) {
  const formatPrice = useFormatPrice();
  const navigate = useNavigate();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const setQuantityMutation = useSetCartQuantity({ onError: showError });
  const removeMutation = useRemoveCartItem({ onError: showError });
  const clearMutation = useClearCart({ onError: showError });
  const showDispatch = hasMadeToOrder(cart);
  const ageRestricted = hasAgeRestricted(cart);
  // Only a cart with a blade needs the shop's minimum age.
  const shipping = useQuery({ ...shippingOptionsQuery(), enabled: ageRestricted });
  // A shop on holiday takes no orders: checkout waits, with the shop's words.
  const holiday = useHolidayMessage();

  const actions: LineActions = {
    setQuantity: (item, next) => {
      const change = quantityChange(item.quantity, next);
      if (change.kind === 'none') return;
      if (change.kind === 'remove') {
        removeMutation.mutate(item.id);
        return;
      }
      const raising = change.quantity > item.quantity;
      if (raising && change.quantity > MAX_LINE_QUANTITY) {
        showError(CART_MESSAGES.lineLimit);
        return;
      }
      const stock = item.product.stock;
      if (typeof stock === 'number' && !isMadeToOrder(item) && raising && change.quantity > stock) {
        showError(stock > 0 ? `Only ${stock} items available.` : 'Item is out of stock.');
        return;
      }
      setQuantityMutation.mutate({ itemId: item.id, quantity: change.quantity });
    },
    remove: (item) => removeMutation.mutate(item.id),
  };

  const proceed = () => {
    if (!isLoggedIn()) {
      void navigate({ href: loginHref('/cart') });
      return;
    }
    if (cart.items.length === 0) {
      showError(CART_MESSAGES.empty);
      return;
    }
    onCheckout();
  };

  return (
    <div className="cart-layout">
      <div className="cart-lines">
        {/* Explicit roles: the phone layout restyles the rows as cards, which would otherwise
            strip the table semantics in Chromium and Safari. */}
        <table className="cart-table" role="table">
          <caption className="visually-hidden">Items in your cart</caption>
          <thead role="rowgroup">
            <tr role="row">
              {CART_COLUMNS.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {column}
                </th>
              ))}
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} actions={actions} showDispatch={showDispatch} />
            ))}
          </tbody>
        </table>
        <Link to="/products" className="cart-continue">
          ← Continue shopping
        </Link>
      </div>

      <div className="cart-side">
        {ageRestricted ? <AgeRestrictedNotice minimumAge={shipping.data?.minimum_age} /> : null}
        <section className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="cart-summary__title">
            Order Summary
          </h2>
          <dl className="cart-summary__rows">
            <div className="cart-summary__row">
              <dt>
                Subtotal ({cart.total_items} {cart.total_items === 1 ? 'item' : 'items'})
              </dt>
              <dd data-testid="cart-subtotal">{formatPrice(cart.total_price)}</dd>
            </div>
            <DiscountRow discount={cart.discount} className="cart-summary__row" />
            <div className="cart-summary__row">
              <dt>Shipping</dt>
              <dd>Calculated at checkout</dd>
            </div>
            <div className="cart-summary__row cart-summary__row--total">
              <dt>Total</dt>
              <dd data-testid="cart-total">
                {formatPrice(cart.total_after_discount ?? cart.total_price)}
              </dd>
            </div>
          </dl>
          <DiscountCodeField cart={cart} />
          <p className="cart-summary__note">Shipping is not included in the total.</p>
          <VatNote className="cart-summary__note" />
          <button
            type="button"
            className="button-primary cart-summary__checkout"
            onClick={proceed}
            disabled={holiday !== null}
            aria-describedby={holiday !== null ? 'cart-holiday' : undefined}
          >
            Proceed to Checkout
          </button>
          {holiday !== null ? <HolidayNote id="cart-holiday" /> : null}
          <button
            type="button"
            className="button-secondary cart-summary__clear"
            disabled={clearMutation.isPending}
            onClick={() => setConfirmingClear(true)}
          >
            Clear Cart
          </button>
        </section>
      </div>

      {confirmingClear ? (
        <ConfirmDialog
          title="Clear your cart?"
          message={CART_MESSAGES.confirmClear}
          confirmLabel="Clear Cart"
          onCancel={() => setConfirmingClear(false)}
          onConfirm={() => {
            setConfirmingClear(false);
            clearMutation.mutate();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The cart step of /cart: the gate (login prompt, loading, 'Your Cart is Empty') and the cart,
 * with the cart's messages above both. Removing the last line or clearing the cart empties it
 * at once (optimistically), which unmounts {@link CartView}; when the server then refuses, the
 * lines come back and the message ('Failed to clear cart.', …) must still be there to read.
 */
export function CartStep({ onCheckout }: { onCheckout: () => void }) {
  const [message, setMessage] = useTransientMessage();
  const showError = useCallback(
    (text: string) => setMessage({ kind: 'error', text }),
    [setMessage],
  );
  return (
    <>
      <MessageSlot
        className="cart-message"
        live="polite"
        role="alert"
        textClass="cart-message__text"
        message={message}
      />
      <CartGate>
        {(cart) => <CartView cart={cart} onCheckout={onCheckout} showError={showError} />}
      </CartGate>
    </>
  );
}
