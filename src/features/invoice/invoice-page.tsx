/**
 * `/account/orders/{id}/invoice`: a printable invoice for one of the shopper's orders, as a VAT
 * invoice carries it (HMRC VAT Notice 700/21 §16.3, EU VAT Directive 2006/112/EC art. 226):
 * the seller's name, address and VAT number (and company number, e-mail), the invoice's number
 * (the order number) and date (the day it was paid; an unpaid order's is a pro-forma dated the
 * day it was placed), the buyer's name and address, each line with its quantity, unit price,
 * VAT rate, VAT and total, shipping with its VAT, the total without VAT, the VAT at the order's
 * rate and the total to pay. A shop that is not VAT registered says "No VAT is charged."
 * instead of the VAT columns. Its own route chunk (route code splitting): no other page loads
 * it. Print CSS (./invoice.css) leaves only the invoice on paper.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toDecimal, toMinorUnits } from '../../../common/money';
import { useFormatPrice } from '../site/format-price';
import type { components } from '../../../common/storefront-api';
import { apiErrorMessage, isNotFound } from '../../api/errors';
import { useIsLoggedIn } from '../../api/use-session';
import { countryName } from '../../components/countries';
import { ErrorBox } from '../../components/error-box';
import { optionLines } from '../../components/line-options';
import { Skeleton } from '../../components/skeleton';
import { LoginLink } from '../auth/login-link';
import { orderQuery, type Order } from '../orders/api';
import { siteSettingsQuery } from '../site/api';
import { percentOf } from '../site/vat-note';
import { includedVatCents, percentToRate } from '../../../common/vat';
import { VOUCHER_NOTES } from '../../../common/gift-card-vat';
import './invoice.css';

type Seller = components['schemas']['Seller'];

/** A date as an invoice prints it: "27 November 2026" (UTC, the day the server recorded). */
export function invoiceDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Money minus money, as the contract's decimal string. */
function minus(a: string, b: string | null): string {
  return toDecimal((toMinorUnits(a) ?? 0) - (toMinorUnits(b) ?? 0));
}

/**
 * The VAT of the lines before a discount code and the discount's own (negative) VAT, so the
 * invoice shows each line as sold and the discount as its own line (issue 42): a discounted
 * line's VAT at the order's rate on its total, any other line's the VAT the order kept for it
 * (a gift card is never discounted, and its VAT follows the voucher rules), the discount's the
 * difference from the VAT the order kept (on the discounted amounts, line by line). Null
 * without a discount or without VAT.
 */
function discountVat(order: Order): { lines: string[]; discount: string } | null {
  const rateBp = order.vat_rate === null ? null : percentToRate(order.vat_rate);
  const amount = toMinorUnits(order.discount?.amount ?? '0') ?? 0;
  if (!order.discount || amount === 0 || rateBp === null) return null;
  // A line the code took nothing from keeps the VAT the order gave it: none on a multi-purpose
  // gift card sold, its share after what single-purpose cards paid (decision 090).
  const before = order.items.map((item) =>
    (toMinorUnits(item.discount_amount ?? '0') ?? 0) === 0
      ? (toMinorUnits(item.vat_amount) ?? 0)
      : includedVatCents(toMinorUnits(item.line_total) ?? 0, rateBp),
  );
  const kept = order.items.reduce((sum, item) => sum + (toMinorUnits(item.vat_amount) ?? 0), 0);
  const total = before.reduce((sum, cents) => sum + cents, 0);
  return { lines: before.map(toDecimal), discount: toDecimal(kept - total) };
}

function InvoiceFrame({ children }: { children: React.ReactNode }) {
  return <div className="page-container invoice-page">{children}</div>;
}

export function InvoicePage({ orderId }: { orderId: number }) {
  const loggedIn = useIsLoggedIn();
  const order = useQuery({ ...orderQuery(orderId), enabled: loggedIn === true });
  const settings = useQuery(siteSettingsQuery());
  if (loggedIn === false) {
    return (
      <InvoiceFrame>
        <h1 className="invoice-page__title">Invoice</h1>
        <p>Log in to see your invoices.</p>
        <LoginLink className="button-primary" redirect={`/account/orders/${orderId}/invoice`}>
          Log in
        </LoginLink>
      </InvoiceFrame>
    );
  }
  if (order.isError) {
    return (
      <InvoiceFrame>
        <h1 className="invoice-page__title">Invoice</h1>
        {isNotFound(order.error) ? (
          <p>This order does not exist in your account.</p>
        ) : (
          <ErrorBox
            message={apiErrorMessage(order.error, 'Failed to load this invoice.')}
            onRetry={() => void order.refetch()}
          />
        )}
      </InvoiceFrame>
    );
  }
  if (loggedIn === undefined || order.isPending || !settings.data) {
    return (
      <InvoiceFrame>
        <h1 className="invoice-page__title">Invoice</h1>
        <Skeleton className="invoice-skeleton" />
      </InvoiceFrame>
    );
  }
  return (
    <InvoiceFrame>
      <div className="invoice-actions">
        <Link
          to="/account/orders/$orderId"
          params={{ orderId: String(orderId) }}
          className="orders-back"
        >
          ← Back to the order
        </Link>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <Invoice
        order={order.data}
        seller={settings.data.seller}
        shopName={settings.data.site_title}
      />
    </InvoiceFrame>
  );
}

/** A heading of one of the invoice table's number columns (right-aligned). */
function NumberHeading({ children }: { children: string }) {
  return (
    <th scope="col" className="invoice__num">
      {children}
    </th>
  );
}

/**
 * One row of the invoice's table: what (`children`), quantity, unit price, the VAT rate and
 * amount when the shop charges VAT (`vatRate` null: those two cells are left out), and the
 * line's amount. Prices are the API's decimal strings.
 */
function InvoiceRow({
  children,
  quantity,
  unitPrice,
  vatRate,
  vatAmount,
  amount,
}: {
  children: React.ReactNode;
  quantity: number;
  unitPrice: string;
  vatRate: string | null;
  vatAmount: string | null | undefined;
  amount: string;
}) {
  const formatPrice = useFormatPrice();
  return (
    <tr>
      <td data-label="Description">{children}</td>
      <td className="invoice__num" data-label="Qty">
        {quantity}
      </td>
      <td className="invoice__num" data-label="Unit price">
        {formatPrice(unitPrice)}
      </td>
      {vatRate !== null ? (
        <>
          <td className="invoice__num" data-label="VAT rate">
            {vatRate}
          </td>
          <td className="invoice__num" data-label="VAT">
            {formatPrice(vatAmount ?? '0.00')}
          </td>
        </>
      ) : null}
      <td className="invoice__num" data-label="Amount">
        {formatPrice(amount)}
      </td>
    </tr>
  );
}

/** The buyer's block: the name, street, postal code and city, and country of `address`. */
function BilledTo({ address }: { address: Order['delivery_address'] }) {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return (
    <section className="invoice__buyer" aria-labelledby="invoice-buyer">
      <h2 id="invoice-buyer" className="invoice__label">
        Billed to
      </h2>
      <address className="invoice__address">
        <span className="invoice__buyer-name">{address.fullname}</span>
        {address.street ? <span>{address.street}</span> : null}
        {town ? <span>{town}</span> : null}
        <span>{countryName(address.country)}</span>
      </address>
    </section>
  );
}

/** The invoice itself, as printed. */
export function Invoice({
  order,
  seller,
  shopName,
}: {
  order: Order;
  seller: Seller;
  shopName: string;
}) {
  const formatPrice = useFormatPrice();
  const unpaid = order.status === 'awaiting_payment' || order.paid_at === null;
  const closedUnpaid = order.status === 'canceled' || order.status === 'expired';
  const vat = order.vat_rate !== null && order.vat_total !== null;
  const rate = order.vat_rate ? percentOf(order.vat_rate) : '';
  // Where the order was taxed (issue 41): named when it is not the seller's own country; an
  // export outside the EU at 0 % says so.
  const taxedIn = vat && order.vat_country ? countryName(order.vat_country) : null;
  const elsewhere = !!order.vat_country && order.vat_country !== seller.vat_country;
  const exported = vat && elsewhere && Number(order.vat_rate) === 0;
  const discounted = discountVat(order);
  const heading =
    closedUnpaid && unpaid
      ? 'Pro-forma invoice (canceled)'
      : unpaid
        ? 'Pro-forma invoice'
        : vat
          ? 'VAT invoice'
          : 'Invoice';
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <header className="invoice__head">
        <div className="invoice__seller">
          <p className="invoice__shop">{seller.legal_name || shopName}</p>
          <address className="invoice__address">
            {seller.address.split('\n').map((line) => (
              <span key={line}>{line}</span>
            ))}
            {seller.email ? <span>{seller.email}</span> : null}
          </address>
        </div>
        <div className="invoice__meta">
          <h1 id="invoice-title" className="invoice__title">
            {heading}
          </h1>
          <dl className="invoice__facts">
            <div>
              <dt>Invoice number</dt>
              <dd>{order.order_number}</dd>
            </div>
            <div>
              <dt>{unpaid ? 'Order date' : 'Invoice date'}</dt>
              <dd>
                {invoiceDate(unpaid ? order.created_at : (order.paid_at ?? order.created_at))}
              </dd>
            </div>
            {!unpaid ? (
              <div>
                <dt>Order date</dt>
                <dd>{invoiceDate(order.created_at)}</dd>
              </div>
            ) : null}
            {seller.vat_number ? (
              <div>
                <dt>VAT number</dt>
                <dd>{seller.vat_number}</dd>
              </div>
            ) : null}
            {taxedIn ? (
              <div>
                <dt>Country of taxation</dt>
                <dd data-testid="invoice-vat-country">{taxedIn}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>

      <BilledTo address={order.delivery_address} />

      <div className="invoice__table-wrap">
        <table className="invoice__lines">
          <caption className="visually-hidden">What was sold</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <NumberHeading>Qty</NumberHeading>
              <NumberHeading>Unit price</NumberHeading>
              {vat ? (
                <>
                  <NumberHeading>VAT rate</NumberHeading>
                  <NumberHeading>VAT</NumberHeading>
                </>
              ) : null}
              <NumberHeading>Amount</NumberHeading>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <InvoiceRow
                key={item.id}
                quantity={item.quantity}
                unitPrice={item.unit_price}
                vatRate={vat ? rate : null}
                vatAmount={discounted ? discounted.lines[index] : item.vat_amount}
                amount={item.line_total}
              >
                <span className="invoice__item">{item.product_name}</span>
                {item.variant_label ? (
                  <span className="invoice__option">
                    {item.variant_label}
                    {item.sku ? ` · SKU ${item.sku}` : ''}
                  </span>
                ) : null}
                {optionLines(item.options, item.customization).map((option) => (
                  <span key={option.label} className="invoice__option">
                    {option.label}: {option.value}
                  </span>
                ))}
                {item.gift_card ? (
                  <span className="invoice__option">
                    Gift card for {item.gift_card.recipient_name}.{' '}
                    {item.gift_card.voucher ? VOUCHER_NOTES[item.gift_card.voucher] : null}
                  </span>
                ) : null}
              </InvoiceRow>
            ))}
            {order.discount && Number(order.discount.amount) > 0 ? (
              <InvoiceRow
                quantity={1}
                unitPrice={`-${order.discount.amount}`}
                vatRate={vat ? rate : null}
                vatAmount={discounted?.discount ?? null}
                amount={`-${order.discount.amount}`}
              >
                <span className="invoice__item" data-testid="invoice-discount">
                  Discount ({order.discount.code})
                </span>
              </InvoiceRow>
            ) : null}
            <InvoiceRow
              quantity={1}
              unitPrice={order.shipping_price}
              vatRate={vat ? rate : null}
              vatAmount={order.shipping_vat}
              amount={order.shipping_price}
            >
              <span className="invoice__item">Shipping</span>
              {order.shipments.map((shipment) => (
                <span key={shipment.method} className="invoice__option">
                  {shipment.name}
                </span>
              ))}
            </InvoiceRow>
          </tbody>
        </table>
      </div>

      <dl className="invoice__totals">
        {vat ? (
          <>
            <div>
              <dt>Total excluding VAT</dt>
              <dd>{formatPrice(minus(order.total_price, order.vat_total))}</dd>
            </div>
            <div>
              <dt>
                VAT at {rate}
                {elsewhere && taxedIn && !exported ? ` (${taxedIn})` : ''}
              </dt>
              <dd data-testid="invoice-vat-total">{formatPrice(order.vat_total)}</dd>
            </div>
          </>
        ) : null}
        <div className="invoice__grand">
          <dt>{vat ? 'Total including VAT' : 'Total'}</dt>
          <dd>{formatPrice(order.total_price)}</dd>
        </div>
        {order.gift_card_paid ? (
          <>
            <div>
              <dt>Paid by gift card</dt>
              <dd>{formatPrice(order.gift_card_paid)}</dd>
            </div>
            <div>
              <dt>{unpaid ? 'Left to pay' : 'Paid by other means'}</dt>
              <dd>{formatPrice(order.amount_due ?? '0.00')}</dd>
            </div>
          </>
        ) : null}
        {unpaid ? null : (
          <div>
            <dt>Paid</dt>
            <dd>{invoiceDate(order.paid_at ?? order.created_at)}</dd>
          </div>
        )}
      </dl>
      {vat ? null : <p className="invoice__note">No VAT is charged.</p>}
      {exported ? (
        <p className="invoice__note">
          Export: no VAT charged (goods sent outside the EU, Directive 2006/112/EC art. 146).
        </p>
      ) : null}
      {unpaid ? (
        <p className="invoice__note">
          {closedUnpaid
            ? 'This order was not paid: nothing is owed.'
            : 'Not paid yet: this is a pro-forma invoice; the invoice is dated the day payment arrives.'}
        </p>
      ) : null}

      <footer className="invoice__foot">
        <p>
          {[
            seller.legal_name,
            seller.company_number ? `Company number ${seller.company_number}` : null,
            seller.vat_number ? `VAT number ${seller.vat_number}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </footer>
    </article>
  );
}
