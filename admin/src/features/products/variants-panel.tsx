/**
 * A product's variants (issue 42, decision 091), under its editor: the one or two axes the piece
 * is sold along ("Blade length", "Finish") with their values, "Generate combinations" (a row
 * for each combination, keeping the rows already there), and for each row its SKU, price,
 * stock, weight for shipping and photo. "Save variants" sends them all at once
 * (`PUT /products/{id}/variants/`); a combination whose row is removed is not sold. With
 * variants, the product's price is the lowest variant's and its stock their sum: the form
 * above shows what the save made of them. Each row is a fieldset whose fields wrap, so it reads
 * at 375 px too.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormField } from '../../components/form-field';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import {
  productVariantsQuery,
  useSaveVariants,
  type AdminProduct,
  type ProductVariants,
} from './api';

interface Row {
  id?: number;
  values: string[];
  sku: string;
  price: string;
  stock: string;
  weight: string;
  imageId: string;
}

/** The values typed for an axis, comma-separated: trimmed, blanks and repeats dropped. */
export function splitValues(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '' && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

/**
 * A row for each combination of `valuesByAxis` (in axis order), taking the matching row of
 * `rows` where there is one, else a new one with its SKU made from `skuBase` and the values.
 */
export function combine(valuesByAxis: string[][], rows: Row[], skuBase: string): Row[] {
  const combos = valuesByAxis.reduce<string[][]>(
    (acc, values) => acc.flatMap((combo) => values.map((v) => [...combo, v])),
    [[]],
  );
  const key = (values: string[]) => values.map((v) => v.toLowerCase()).join('\u0000');
  const existing = new Map(rows.map((r) => [key(r.values), r]));
  return combos.map(
    (values) =>
      existing.get(key(values)) ?? {
        values,
        sku: [skuBase, ...values]
          .join('-')
          .toUpperCase()
          .replace(/[^A-Z0-9._-]+/g, '')
          .slice(0, 64),
        price: '',
        stock: '0',
        weight: '',
        imageId: '',
      },
  );
}

function rowsOf(saved: ProductVariants): Row[] {
  return saved.variants.map((v) => ({
    id: v.id,
    values: v.values,
    sku: v.sku,
    price: v.price,
    stock: String(v.stock),
    weight: v.weight_grams === null ? '' : String(v.weight_grams),
    imageId: v.image_id === null ? '' : String(v.image_id),
  }));
}

/** The variants panel of `product` (see the module comment). */
export function VariantsPanel({ product }: { product: AdminProduct }) {
  const saved = useQuery(productVariantsQuery(product.id));
  // Kept here: the editor starts again after a save, the message stays.
  const [message, setMessage] = useState<Message | null>(null);
  if (!saved.data) {
    return (
      <Panel titleId="variants-heading" title="Variants">
        {saved.isError ? (
          <ErrorNotice error={saved.error} />
        ) : (
          <Loading label="Loading the variants…" />
        )}
      </Panel>
    );
  }
  // A save answers the variants with their ids: the editor starts again from them.
  return (
    <VariantsEditor
      key={saved.dataUpdatedAt}
      product={product}
      saved={saved.data}
      message={message}
      setMessage={setMessage}
    />
  );
}

type Message = { tone: 'success' | 'error'; text: string };

function VariantsEditor({
  product,
  saved,
  message,
  setMessage,
}: {
  product: AdminProduct;
  saved: ProductVariants;
  message: Message | null;
  setMessage: (message: Message | null) => void;
}) {
  const save = useSaveVariants(product.id);
  const [axes, setAxes] = useState<string[]>([saved.axes[0] ?? '', saved.axes[1] ?? '']);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [values, setValues] = useState<string[]>(() =>
    [0, 1].map((i) =>
      [...new Set(rowsOf(saved).map((r) => r.values[i] ?? ''))].filter(Boolean).join(', '),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const namedAxes = axes.map((a) => a.trim()).filter((a, i) => a !== '' || i === 0);
  const usedAxes = axes[1]!.trim() ? 2 : axes[0]!.trim() ? 1 : 0;

  function generate() {
    const byAxis = values.slice(0, usedAxes).map(splitValues);
    setRows(
      combine(
        byAxis,
        rows,
        product.slug
          .split('-')
          .map((w) => w[0])
          .join('') || 'SKU',
      ),
    );
    setMessage(null);
  }

  function change(index: number, patch: Partial<Row>) {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  }

  async function submit() {
    setMessage(null);
    setErrors({});
    try {
      await save.mutateAsync({
        axes: usedAxes === 0 ? [] : namedAxes.slice(0, usedAxes),
        variants:
          usedAxes === 0
            ? []
            : rows.map((r) => ({
                ...(r.id ? { id: r.id } : {}),
                values: r.values,
                sku: r.sku.trim(),
                price: r.price.trim(),
                stock: Number.parseInt(r.stock, 10) || 0,
                weight_grams: r.weight.trim() === '' ? null : Number.parseInt(r.weight, 10) || 0,
                image_id: r.imageId === '' ? null : Number(r.imageId),
              })),
      });
      setMessage({
        tone: 'success',
        text: usedAxes === 0 ? 'The product has no variants.' : 'The variants are saved.',
      });
    } catch (error) {
      const fields = Object.fromEntries(
        Object.entries(fieldErrors(error)).map(([key, messages]) => [key, messages.join(' ')]),
      );
      const some = Object.keys(fields).length > 0;
      setErrors(fields);
      setMessage({
        tone: 'error',
        text: some ? 'Some variants need a change.' : errorMessage(error),
      });
    }
  }

  const rowError = (i: number, field: string) => errors[`variants.${i}.${field}`];
  const images = product.images ?? [];
  return (
    <Panel titleId="variants-heading" title="Variants">
      <p className="muted small">
        Sell one piece in several sizes or finishes, each with its own SKU, price and stock. Leave
        the axes empty for a piece without variants.
      </p>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div className="form-inline">
        {[0, 1].map((i) => (
          <div key={i} className="variant-axis">
            <FormField
              id={`variant-axis-${i}`}
              label={i === 0 ? 'First axis' : 'Second axis (optional)'}
              error={errors[`axes.${i}`] ?? (i === 0 ? errors.axes : undefined)}
            >
              <input
                id={`variant-axis-${i}`}
                maxLength={40}
                placeholder={i === 0 ? 'Blade length' : 'Finish'}
                value={axes[i]}
                onChange={(e) => setAxes((a) => a.map((x, j) => (j === i ? e.target.value : x)))}
              />
            </FormField>
            <FormField
              id={`variant-values-${i}`}
              label={`Values of the ${i === 0 ? 'first' : 'second'} axis`}
              hint={`Separated by commas: ${i === 0 ? '210 mm, 240 mm' : 'Kurouchi, Polished'}`}
            >
              <input
                id={`variant-values-${i}`}
                value={values[i]}
                onChange={(e) => setValues((v) => v.map((x, j) => (j === i ? e.target.value : x)))}
              />
            </FormField>
          </div>
        ))}
      </div>
      <div className="button-row">
        <button type="button" className="button" disabled={usedAxes === 0} onClick={generate}>
          Generate combinations
        </button>
      </div>
      {errors.variants ? <p className="field-error">{errors.variants}</p> : null}
      {usedAxes > 0 && rows.length > 0 ? (
        <ol className="plain variant-rows">
          {rows.map((row, i) => {
            const label = row.values.join(' / ');
            const id = (field: string) => `variant-${i}-${field}`;
            return (
              <li key={row.values.join('\u0000')}>
                <fieldset className="option-card">
                  <legend>{label}</legend>
                  {rowError(i, 'values') ? (
                    <p className="field-error">{rowError(i, 'values')}</p>
                  ) : null}
                  <div className="form-inline">
                    <FormField id={id('sku')} label="SKU" error={rowError(i, 'sku')}>
                      <input
                        id={id('sku')}
                        className="mono"
                        maxLength={64}
                        autoCapitalize="off"
                        spellCheck={false}
                        value={row.sku}
                        onChange={(e) => change(i, { sku: e.target.value })}
                      />
                    </FormField>
                    <FormField id={id('price')} label="Price" error={rowError(i, 'price')}>
                      <input
                        id={id('price')}
                        inputMode="decimal"
                        value={row.price}
                        onChange={(e) => change(i, { price: e.target.value })}
                      />
                    </FormField>
                    <FormField id={id('stock')} label="Stock" error={rowError(i, 'stock')}>
                      <input
                        id={id('stock')}
                        type="number"
                        min={0}
                        max={100000}
                        value={row.stock}
                        onChange={(e) => change(i, { stock: e.target.value })}
                      />
                    </FormField>
                    <FormField
                      id={id('weight')}
                      label="Weight (g)"
                      error={rowError(i, 'weight_grams')}
                    >
                      <input
                        id={id('weight')}
                        type="number"
                        min={0}
                        max={100000}
                        value={row.weight}
                        onChange={(e) => change(i, { weight: e.target.value })}
                      />
                    </FormField>
                    <FormField id={id('photo')} label="Photo" error={rowError(i, 'image_id')}>
                      <select
                        id={id('photo')}
                        value={row.imageId}
                        onChange={(e) => change(i, { imageId: e.target.value })}
                      >
                        <option value="">The main photo</option>
                        {images.map((image, n) => (
                          <option key={image.id} value={String(image.id)}>
                            {`Photo ${n + 1}${image.alt_text ? `: ${image.alt_text}` : ''}`}
                          </option>
                        ))}
                      </select>
                    </FormField>
                  </div>
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Remove ${label}`}
                      onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
                    >
                      Remove
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={() => void submit()}
        >
          {save.isPending ? 'Saving…' : 'Save variants'}
        </button>
      </div>
    </Panel>
  );
}
