/**
 * `/discounts`: the shop's discount codes (owners only; issue 42). The list of codes with what
 * each takes off, its conditions, its uses and whether it is active, each with Edit and
 * Deactivate (or Activate); a form to make a code or change one (a percentage or an amount off
 * the order, chosen categories or products, or free delivery; a minimum spend; start and end;
 * a usage limit; once per customer; combinable with a sale or not); and the report of each
 * code's uses, the discount given and the revenue with it. The server checks every field and
 * its words show under the field.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormField } from '../../components/form-field';
import { formatDateTime, useFormatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { categoriesQuery } from '../categories/api';
import {
  type DiscountCode,
  discountCodesQuery,
  discountReportQuery,
  useCreateDiscountCode,
  useUpdateDiscountCode,
} from './api';
import './discounts.css';

type Kind = DiscountCode['kind'];
type Scope = DiscountCode['scope'];

/** The form's values as the fields hold them. */
interface Draft {
  code: string;
  kind: Kind;
  value: string;
  scope: Scope;
  category_ids: number[];
  product_ids: string;
  minimum_spend: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  once_per_customer: boolean;
  combinable_with_sale: boolean;
  free_delivery: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  scope: 'order',
  category_ids: [],
  product_ids: '',
  minimum_spend: '0.00',
  starts_at: '',
  ends_at: '',
  usage_limit: '',
  once_per_customer: false,
  combinable_with_sale: true,
  free_delivery: false,
};

/** An ISO time as a `datetime-local` value (UTC, as the back office's other times). */
const toLocal = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromLocal = (value: string) => (value ? `${value}:00Z` : null);

function draftOf(code: DiscountCode): Draft {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'free_delivery' ? '' : code.value,
    scope: code.scope,
    category_ids: code.category_ids,
    product_ids: code.product_ids.join(', '),
    minimum_spend: code.minimum_spend,
    starts_at: toLocal(code.starts_at),
    ends_at: toLocal(code.ends_at),
    usage_limit: code.usage_limit === null ? '' : String(code.usage_limit),
    once_per_customer: code.once_per_customer,
    combinable_with_sale: code.combinable_with_sale,
    free_delivery: code.free_delivery,
  };
}

function bodyOf(draft: Draft) {
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    value: draft.kind === 'free_delivery' ? '0' : draft.value.trim(),
    scope: draft.kind === 'free_delivery' ? ('order' as const) : draft.scope,
    category_ids: draft.scope === 'categories' ? draft.category_ids : [],
    product_ids:
      draft.scope === 'products'
        ? draft.product_ids
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number)
            .filter((id) => Number.isInteger(id) && id > 0)
        : [],
    minimum_spend: draft.minimum_spend.trim() || '0',
    starts_at: fromLocal(draft.starts_at),
    ends_at: fromLocal(draft.ends_at),
    usage_limit: draft.usage_limit.trim() === '' ? null : Number(draft.usage_limit),
    once_per_customer: draft.once_per_customer,
    combinable_with_sale: draft.combinable_with_sale,
    free_delivery: draft.kind === 'free_delivery' || draft.free_delivery,
  };
}

/** What a code takes off, in words: "10% off the order", "£5.00 off 2 categories". */
function offWords(code: DiscountCode, formatPrice: (a: string) => string): string {
  if (code.kind === 'free_delivery') return 'Free delivery';
  const off = code.kind === 'percent' ? `${Number(code.value)}%` : formatPrice(code.value);
  const on =
    code.scope === 'order'
      ? 'the order'
      : code.scope === 'categories'
        ? `${code.category_ids.length} ${code.category_ids.length === 1 ? 'category' : 'categories'}`
        : `${code.product_ids.length} ${code.product_ids.length === 1 ? 'product' : 'products'}`;
  return `${off} off ${on}`;
}

export function DiscountsPage() {
  const codes = useQuery(discountCodesQuery());
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <title>Discounts · Back office</title>
      <div className="page-head">
        <h1>Discounts</h1>
        {editing === null ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setMessage(null);
              setEditing('new');
            }}
          >
            New code
          </button>
        ) : null}
      </div>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {editing !== null ? (
        <CodeForm
          key={editing === 'new' ? 'new' : editing.id}
          code={editing === 'new' ? null : editing}
          onDone={(text) => {
            setEditing(null);
            setMessage(text);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <Panel titleId="codes-title" title="Codes">
        <QueryView query={codes}>
          {(data) => (
            <CodeList
              codes={data.results}
              onEdit={(code) => {
                setMessage(null);
                setEditing(code);
              }}
              onChanged={setMessage}
            />
          )}
        </QueryView>
      </Panel>
      <ReportPanel />
    </>
  );
}

function CodeList({
  codes,
  onEdit,
  onChanged,
}: {
  codes: DiscountCode[];
  onEdit: (code: DiscountCode) => void;
  onChanged: (message: string) => void;
}) {
  const formatPrice = useFormatPrice();
  const update = useUpdateDiscountCode();
  const [error, setError] = useState<string | null>(null);
  if (codes.length === 0) {
    return <p className="muted">No codes yet. Make one with New code.</p>;
  }
  return (
    <>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="discounts-table-wrap">
        {/* Explicit roles: on a phone the rows become cards, which would otherwise strip the
            table's semantics in Chromium and Safari. */}
        <table className="discounts-table discounts-table--cards" role="table">
          <caption className="visually-hidden">The shop’s discount codes</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Code
              </th>
              <th scope="col" role="columnheader">
                Takes off
              </th>
              <th scope="col" role="columnheader">
                Conditions
              </th>
              <th scope="col" role="columnheader" className="cell-end">
                Uses
              </th>
              <th scope="col" role="columnheader">
                Status
              </th>
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {codes.map((code) => {
              const conditions = [
                Number(code.minimum_spend) > 0 ? `From ${formatPrice(code.minimum_spend)}` : null,
                code.starts_at ? `From ${formatDateTime(code.starts_at)}` : null,
                code.ends_at ? `Until ${formatDateTime(code.ends_at)}` : null,
                code.once_per_customer ? 'Once per customer' : null,
                code.combinable_with_sale ? null : 'Not on sale items',
                code.kind !== 'free_delivery' && code.free_delivery ? 'Free delivery too' : null,
              ].filter(Boolean);
              return (
                <tr key={code.id} role="row">
                  <th scope="row" role="rowheader" className="discounts-code">
                    {code.code}
                  </th>
                  <td role="cell" data-label="Takes off">
                    {offWords(code, formatPrice)}
                  </td>
                  <td role="cell" data-label="Conditions">
                    {conditions.length > 0 ? conditions.join(' · ') : 'None'}
                  </td>
                  <td role="cell" data-label="Uses" className="cell-end">
                    {code.uses}
                    {code.usage_limit === null ? '' : ` of ${code.usage_limit}`}
                  </td>
                  <td role="cell" data-label="Status">
                    <span className={code.active ? 'badge badge-active' : 'badge badge-closed'}>
                      {code.active ? 'Active' : 'Deactivated'}
                    </span>
                  </td>
                  <td role="cell" className="discounts-actions">
                    <button
                      type="button"
                      className="button"
                      onClick={() => onEdit(code)}
                      aria-label={`Edit ${code.code}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={update.isPending}
                      aria-label={`${code.active ? 'Deactivate' : 'Activate'} ${code.code}`}
                      onClick={() => {
                        setError(null);
                        update.mutate(
                          { id: code.id, body: { active: !code.active } },
                          {
                            onSuccess: (saved) =>
                              onChanged(
                                saved.active
                                  ? `${saved.code} is active again.`
                                  : `${saved.code} is deactivated: carts holding it lose it.`,
                              ),
                            onError: (e) => setError(errorMessage(e)),
                          },
                        );
                      }}
                    >
                      {code.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A checkbox with its words, as the code form's yes/no settings show them. */
function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function CodeForm({
  code,
  onDone,
  onCancel,
}: {
  code: DiscountCode | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(code ? draftOf(code) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const categories = useQuery({ ...categoriesQuery(), enabled: draft.scope === 'categories' });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const pending = create.isPending || update.isPending;
  const err = (field: string) => errors[field]?.join(' ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setErrors({});
    setFailure(null);
    try {
      const saved = code
        ? await update.mutateAsync({ id: code.id, body: bodyOf(draft) })
        : await create.mutateAsync(bodyOf(draft));
      onDone(code ? `${saved.code} is saved.` : `${saved.code} is ready to use.`);
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(errorMessage(error));
    }
  };

  const title = code ? `Edit ${code.code}` : 'New code';
  return (
    <Panel titleId="code-form-title" title={title}>
      <form
        className="form discounts-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="code-form-title"
      >
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="grid-2">
          <FormField
            id="discount-code"
            label="Code"
            hint="What shoppers type, in any case: letters, digits, - and _."
            error={err('code')}
          >
            <input
              id="discount-code"
              value={draft.code}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => set('code', e.target.value)}
            />
          </FormField>
          <FormField id="discount-kind" label="Takes off" error={err('kind')}>
            <select
              id="discount-kind"
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as Kind)}
            >
              <option value="percent">A percentage</option>
              <option value="amount">An amount</option>
              <option value="free_delivery">The delivery (free delivery)</option>
            </select>
          </FormField>
          {draft.kind !== 'free_delivery' ? (
            <FormField
              id="discount-value"
              label={draft.kind === 'percent' ? 'Percentage' : 'Amount'}
              hint={draft.kind === 'percent' ? 'For example 10 for 10%.' : 'For example 5.00.'}
              error={err('value')}
            >
              <input
                id="discount-value"
                inputMode="decimal"
                value={draft.value}
                onChange={(e) => set('value', e.target.value)}
              />
            </FormField>
          ) : null}
          {draft.kind !== 'free_delivery' ? (
            <FormField id="discount-scope" label="Off" error={err('scope')}>
              <select
                id="discount-scope"
                value={draft.scope}
                onChange={(e) => set('scope', e.target.value as Scope)}
              >
                <option value="order">The whole order</option>
                <option value="categories">Chosen categories</option>
                <option value="products">Chosen products</option>
              </select>
            </FormField>
          ) : null}
        </div>
        {draft.kind !== 'free_delivery' && draft.scope === 'categories' ? (
          <fieldset className="discounts-targets" aria-describedby="discount-categories-error">
            <legend>Categories</legend>
            <QueryView query={categories}>
              {(list) => (
                <div className="discounts-checks">
                  {list.map((category) => (
                    <label key={category.id} className="check">
                      <input
                        type="checkbox"
                        checked={draft.category_ids.includes(category.id)}
                        onChange={(e) =>
                          set(
                            'category_ids',
                            e.target.checked
                              ? [...draft.category_ids, category.id]
                              : draft.category_ids.filter((id) => id !== category.id),
                          )
                        }
                      />
                      <span>{category.name}</span>
                    </label>
                  ))}
                </div>
              )}
            </QueryView>
            {err('category_ids') ? (
              <p id="discount-categories-error" className="field-error">
                {err('category_ids')}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {draft.kind !== 'free_delivery' && draft.scope === 'products' ? (
          <FormField
            id="discount-products"
            label="Product numbers"
            hint="Each product's number, separated by commas: the number at the end of its address in the back office (42 in /products/42)."
            error={err('product_ids')}
          >
            <input
              id="discount-products"
              value={draft.product_ids}
              onChange={(e) => set('product_ids', e.target.value)}
            />
          </FormField>
        ) : null}
        <div className="grid-2">
          <FormField
            id="discount-minimum"
            label="Minimum spend"
            hint="The goods before the code; 0 for none."
            error={err('minimum_spend')}
          >
            <input
              id="discount-minimum"
              inputMode="decimal"
              value={draft.minimum_spend}
              onChange={(e) => set('minimum_spend', e.target.value)}
            />
          </FormField>
          <FormField
            id="discount-limit"
            label="Usage limit"
            hint="Orders in all; empty for no limit."
            error={err('usage_limit')}
          >
            <input
              id="discount-limit"
              inputMode="numeric"
              value={draft.usage_limit}
              onChange={(e) => set('usage_limit', e.target.value)}
            />
          </FormField>
          <FormField
            id="discount-starts"
            label="Starts (UTC)"
            hint="Empty: now."
            error={err('starts_at')}
          >
            <input
              id="discount-starts"
              type="datetime-local"
              value={draft.starts_at}
              onChange={(e) => set('starts_at', e.target.value)}
            />
          </FormField>
          <FormField
            id="discount-ends"
            label="Ends (UTC)"
            hint="Empty: no end."
            error={err('ends_at')}
          >
            <input
              id="discount-ends"
              type="datetime-local"
              value={draft.ends_at}
              onChange={(e) => set('ends_at', e.target.value)}
            />
          </FormField>
        </div>
        <Check
          label="Once per customer"
          checked={draft.once_per_customer}
          onChange={(on) => set('once_per_customer', on)}
        />
        <Check
          label="Also takes off pieces already on sale"
          checked={draft.combinable_with_sale}
          onChange={(on) => set('combinable_with_sale', on)}
        />
        {draft.kind === 'free_delivery' ? null : (
          <Check
            label="Free delivery too"
            checked={draft.free_delivery}
            onChange={(on) => set('free_delivery', on)}
          />
        )}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? 'Saving…' : code ? 'Save' : 'Make code'}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}

function ReportPanel() {
  const report = useQuery(discountReportQuery());
  const formatPrice = useFormatPrice();
  return (
    <Panel titleId="report-title" title="Report">
      <p className="small muted">
        Orders that used each code, not counting unpaid orders that were canceled or expired (their
        use went back to the code). Revenue is the orders’ totals with delivery.
      </p>
      <QueryView query={report}>
        {(data) =>
          data.results.length === 0 ? (
            <p className="muted">No codes yet.</p>
          ) : (
            // On a phone each code is a card, as in the codes' table.
            <div className="discounts-table-wrap">
              <table
                className="discounts-table discounts-table--cards"
                data-testid="discount-report"
                role="table"
              >
                <caption className="visually-hidden">Each code’s uses and revenue</caption>
                <thead role="rowgroup">
                  <tr role="row">
                    <th scope="col" role="columnheader">
                      Code
                    </th>
                    <th scope="col" role="columnheader" className="cell-end">
                      Uses
                    </th>
                    <th scope="col" role="columnheader" className="cell-end">
                      Discount given
                    </th>
                    <th scope="col" role="columnheader" className="cell-end">
                      Revenue
                    </th>
                    <th scope="col" role="columnheader" className="cell-end">
                      Paid revenue
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {data.results.map((row) => (
                    <tr key={row.code_id} role="row">
                      <th scope="row" role="rowheader" className="discounts-code">
                        {row.code}
                      </th>
                      <td role="cell" data-label="Uses" className="cell-end">
                        {row.uses}
                      </td>
                      <td role="cell" data-label="Discount given" className="cell-end">
                        {formatPrice(row.discount_given)}
                      </td>
                      <td role="cell" data-label="Revenue" className="cell-end">
                        {formatPrice(row.revenue)}
                      </td>
                      <td role="cell" data-label="Paid revenue" className="cell-end">
                        {formatPrice(row.paid_revenue)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </Panel>
  );
}
