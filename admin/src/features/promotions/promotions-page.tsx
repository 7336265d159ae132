/**
 * Promotions (`/promotions`, owners only; issue 42): the shop's sales, newest start first, each
 * with its percent, what it covers, when it runs and whether it is scheduled, running or ended;
 * "Schedule a sale" opens the form at the top, Edit opens it in place (a sale that has ended
 * cannot change), and "End now" ends a sale after a confirm step. The form: a name, a whole
 * percent, a category (its products) and/or chosen products (found by a search of the shop's
 * products), and the start and end in the browser's time zone. Every change shows on the
 * storefront within a second and is in the activity log.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime, toLocalInput } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';
import { productCategoriesQuery, productsQuery } from '../products/api';
import { salesQuery, useSaleMutations, type AdminSale } from './api';
import { saleSchema, toSaleBody, type SaleInputValues, type SaleValues } from './schemas';

type Message = { tone: 'error' | 'success'; text: string };

const STATUS_WORDS: Record<AdminSale['status'], { label: string; badge: string }> = {
  scheduled: { label: 'Scheduled', badge: 'badge-attention' },
  running: { label: 'Running', badge: 'badge-done' },
  ended: { label: 'Ended', badge: 'badge-closed' },
};

/** What a sale covers, in words: "Kitchen knives and 2 products". */
function coverage(sale: AdminSale): string {
  const parts: string[] = [];
  if (sale.category) parts.push(`All of ${sale.category.name}`);
  if (sale.products.length === 1) parts.push(sale.products[0]!.name);
  else if (sale.products.length > 1) parts.push(`${sale.products.length} chosen products`);
  return parts.join(' and ');
}

export function PromotionsPage() {
  const sales = useQuery(salesQuery());
  const { end } = useSaleMutations();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [ending, setEnding] = useState<AdminSale | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const once = useSingleFlight();

  const endNow = () =>
    void once(async () => {
      if (!ending) return;
      setMessage(null);
      try {
        await end.mutateAsync(ending.id);
        setMessage({ tone: 'success', text: `The sale “${ending.name}” has ended.` });
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      }
      setEnding(null);
    });
  const done = (text: string) => {
    setEditing(null);
    setMessage({ tone: 'success', text });
  };
  const items = sales.data ?? [];

  return (
    <>
      <title>Promotions · Back office</title>
      <div className="page-head">
        <h1>Promotions</h1>
        {editing !== 'new' ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setMessage(null);
              setEditing('new');
            }}
          >
            Schedule a sale
          </button>
        ) : null}
      </div>
      <p className="lead">
        A sale takes a percentage off a category or chosen products between two dates. The shop
        shows the reduced price, and the lowest price of the 30 days before the sale as the earlier
        price.
      </p>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {editing === 'new' ? (
        <section className="panel" aria-label="New sale">
          <SaleForm sale={null} onDone={done} onCancel={() => setEditing(null)} />
        </section>
      ) : null}
      {sales.isPending ? (
        <Loading />
      ) : sales.isError ? (
        <ErrorNotice error={sales.error} onRetry={() => void sales.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty">No sales yet: schedule the first one.</p>
      ) : (
        <ul className="ordered-list panel" aria-label="Sales">
          {items.map((sale) => (
            <li key={sale.id} className="ordered-item">
              {editing === sale.id ? (
                <SaleForm sale={sale} onDone={done} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  <div className="ordered-item-main">
                    <h2>
                      {sale.name} · {sale.percent}% off{' '}
                      <span className={`badge ${STATUS_WORDS[sale.status].badge}`}>
                        {STATUS_WORDS[sale.status].label}
                      </span>
                    </h2>
                    <p className="muted small">
                      {coverage(sale)} · {formatDateTime(sale.starts_at)} to{' '}
                      {formatDateTime(sale.ends_at)}
                    </p>
                  </div>
                  {sale.status !== 'ended' ? (
                    <div className="button-row">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${sale.name}`}
                        onClick={() => {
                          setMessage(null);
                          setEditing(sale.id);
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button-small button-danger"
                        aria-label={`End now: ${sale.name}`}
                        onClick={() => {
                          setMessage(null);
                          setEnding(sale);
                        }}
                      >
                        End now
                      </button>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {ending ? (
        <ConfirmDialog
          title={`End the sale “${ending.name}” now?`}
          confirmLabel="End now"
          cancelLabel="Keep it"
          pending={end.isPending}
          onConfirm={endNow}
          onCancel={() => setEnding(null)}
        >
          <p>The shop shows full prices again at once. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Schedules a sale (`sale` null) or changes one. */
export function SaleForm({
  sale,
  onDone,
  onCancel,
}: {
  sale: AdminSale | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { create, update } = useSaleMutations();
  const categories = useQuery(productCategoriesQuery());
  // A new sale ends a day after the form opened, unless changed.
  const [tomorrow] = useState(() => new Date(Date.now() + 86_400_000).toISOString());
  const form = useForm<SaleInputValues, unknown, SaleValues>({
    resolver: zodResolver(saleSchema),
    defaultValues: {
      name: sale?.name ?? '',
      percent: sale?.percent ?? 10,
      category_id: sale?.category ? String(sale.category.id) : '',
      product_ids: sale?.products.map((p) => p.id) ?? [],
      starts_at: sale ? toLocalInput(sale.starts_at) : '',
      ends_at: toLocalInput(sale?.ends_at ?? tomorrow),
    },
  });
  const [names, setNames] = useState(
    () => new Map((sale?.products ?? []).map((p) => [p.id, p.name] as const)),
  );
  const chosen = useWatch({ control: form.control, name: 'product_ids' });
  const { InputField, SelectField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(
    form,
    ['name', 'percent', 'category_id', 'product_ids', 'starts_at', 'ends_at'],
    async (values) => {
      const body = toSaleBody(values);
      if (sale) {
        await update.mutateAsync({ id: sale.id, body });
        onDone(`The sale “${values.name}” was saved.`);
      } else {
        const created = await create.mutateAsync(body);
        onDone(`The sale “${created.name}” was scheduled.`);
      }
    },
  );
  const setChosen = (ids: number[]) =>
    form.setValue('product_ids', ids, { shouldDirty: true, shouldValidate: false });
  const id = sale ? `sale-${sale.id}` : 'sale-new';
  const pending = create.isPending || update.isPending;
  return (
    <Form form={form} idPrefix={id} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{sale ? `Edit “${sale.name}”` : 'New sale'}</h2>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <div className="grid-2">
        <InputField name="name" label="Name" type="text" maxLength={100} />
        <InputField
          name="percent"
          label="Percent off"
          hint="A whole number from 1 to 90."
          type="number"
          inputMode="numeric"
          min={1}
          max={90}
          step={1}
        />
      </div>
      <SelectField
        name="category_id"
        label="Category"
        hint="Every product of the category, including those added during the sale."
      >
        <option value="">None: only the products chosen below</option>
        {(categories.data ?? []).map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <ProductChooser
        idPrefix={id}
        chosen={chosen}
        names={names}
        onAdd={(product) => {
          setNames((held) => new Map(held).set(product.id, product.name));
          if (!chosen.includes(product.id)) setChosen([...chosen, product.id]);
        }}
        onRemove={(productId) => setChosen(chosen.filter((p) => p !== productId))}
      />
      <div className="grid-2">
        <InputField
          name="starts_at"
          label="Starts"
          hint={sale ? undefined : 'Empty: now.'}
          type="datetime-local"
        />
        <InputField name="ends_at" label="Ends" type="datetime-local" />
      </div>
      <FormButtons busy={pending} onCancel={onCancel} />
    </Form>
  );
}

/** The chosen products, each removable, and a search of the shop's products to add more. */
function ProductChooser({
  idPrefix,
  chosen,
  names,
  onAdd,
  onRemove,
}: {
  idPrefix: string;
  chosen: readonly number[];
  names: ReadonlyMap<number, string>;
  onAdd: (product: { id: number; name: string }) => void;
  onRemove: (id: number) => void;
}) {
  const [term, setTerm] = useState('');
  const search = term.trim();
  const found = useQuery({ ...productsQuery({ search, page: 1 }), enabled: search.length >= 2 });
  const searchId = `${idPrefix}-product-search`;
  return (
    <fieldset className="field sale-chooser">
      <legend>Chosen products</legend>
      {chosen.length === 0 ? (
        <p className="muted small">None chosen.</p>
      ) : (
        <ul className="sale-products" aria-label="Chosen products">
          {chosen.map((productId) => {
            const name = names.get(productId) ?? `Product ${productId}`;
            return (
              <li key={productId}>
                {name}{' '}
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Remove ${name}`}
                  onClick={() => onRemove(productId)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label htmlFor={searchId}>Find a product to add</label>
      <input
        id={searchId}
        type="search"
        value={term}
        maxLength={100}
        onChange={(event) => setTerm(event.target.value)}
      />
      {search.length >= 2 && found.data ? (
        found.data.results.length === 0 ? (
          <p className="muted small">No product matches “{search}”.</p>
        ) : (
          <ul className="sale-products" aria-label="Products found">
            {found.data.results.slice(0, 8).map((product) => (
              <li key={product.id}>
                {product.name}{' '}
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Add ${product.name}`}
                  disabled={chosen.includes(product.id)}
                  onClick={() => onAdd(product)}
                >
                  {chosen.includes(product.id) ? 'Added' : 'Add'}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  );
}
