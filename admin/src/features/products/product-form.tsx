/**
 * A product's form, for a new product or a saved one: Details (name, slug, category, status, age
 * restricted), Pricing (price, price before discount, and whether the shop shows the discount),
 * Options (./options-editor.tsx), Made to order (lead times, cancellation exemption),
 * Description (the short text and the long one in the rich text editor), Attributes
 * (./attributes-editor.tsx), and for a new product its starting stock and low-stock threshold.
 * "Save product" sends it; the server's refusals show beside their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { formatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  productCategoriesQuery,
  useCreateProduct,
  useUpdateProduct,
  type AdminProduct,
} from './api';
import { AttributesEditor } from './attributes-editor';
import {
  createBodyOf,
  EMPTY_PRODUCT,
  fieldPathsOf,
  formValuesOf,
  productFormSchema,
  updateBodyOf,
  type ProductFormValues,
} from './form-schema';
import { OptionsEditor } from './options-editor';

/**
 * Whether the shop shows the saved price before discount (Directive 98/6/EC art. 6a: at most
 * the lowest price of the 30 days before the current price), and the server's reason when not.
 */
function DiscountNote({ discount }: { discount: AdminProduct['discount'] }) {
  if (discount.reason) return <Notice tone="info">{discount.reason}</Notice>;
  if (!discount.shown) return null;
  return (
    <p className="small">
      The shop shows this discount: the price before discount is not above the lowest price of the
      30 days before this price ({formatPrice(discount.lowest_price_30_days)}).
    </p>
  );
}

/** The form of `product`, or of a new one when null. */
export function ProductForm({ product }: { product: AdminProduct | null }) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  const categories = useQuery(productCategoriesQuery());
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? formValuesOf(product) : EMPTY_PRODUCT,
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as ProductFormValues;
  const { submit, message } = useServerSubmit(
    form,
    fieldPathsOf(values) as Path<ProductFormValues>[],
    async (checked) => {
      setSaved(null);
      if (product) {
        const after = await update.mutateAsync(updateBodyOf(checked as ProductFormValues));
        form.reset(formValuesOf(after));
        setSaved('Saved.');
      } else {
        const created = await create.mutateAsync(createBodyOf(checked as ProductFormValues));
        await navigate({ to: '/products/$productId', params: { productId: String(created.id) } });
      }
    },
  );
  // Archive and Unarchive (above the form) change the status alone: the field follows, and
  // the rest of the form keeps what is being typed.
  const savedStatus = product?.status;
  useEffect(() => {
    if (savedStatus) form.resetField('status', { defaultValue: savedStatus });
  }, [form, savedStatus]);
  const madeToOrder = values.made_to_order;
  const status = values.status;

  return (
    <form className="form product-form" onSubmit={submit} noValidate aria-label="Product">
      {message ? <Notice tone="error">{message}</Notice> : null}

      <section className="panel" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <div className="form">
          <FormField id="product-name" label="Name" error={errors.name?.message}>
            <input id="product-name" maxLength={200} {...form.register('name')} />
          </FormField>
          <FormField
            id="product-slug"
            label="Slug"
            hint="The page's address: /products/your-slug. Left empty, it is made from the name. A changed slug keeps the old address working."
            error={errors.slug?.message}
          >
            <input
              id="product-slug"
              className="mono"
              maxLength={120}
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('slug')}
            />
          </FormField>
          <div className="grid-2">
            <FormField id="product-category" label="Category" error={errors.category_id?.message}>
              {/* Mounted once the categories are here: a select registered before its options
                  exist shows the first option, not the product's category. */}
              {categories.data ? (
                <select id="product-category" {...form.register('category_id')}>
                  <option value="">Choose a category</option>
                  {categories.data.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </select>
              ) : (
                <select id="product-category" disabled>
                  <option>Loading the categories…</option>
                </select>
              )}
            </FormField>
            <FormField
              id="product-status"
              label="Status"
              hint={status === 'active' ? 'Shown in the shop.' : 'Hidden from the shop.'}
              error={errors.status?.message}
            >
              <select id="product-status" {...form.register('status')}>
                <option value="active">Active</option>
                <option value="draft">Draft</option>
                {product?.status === 'archived' ? <option value="archived">Archived</option> : null}
              </select>
            </FormField>
          </div>
          <label className="check">
            <input type="checkbox" {...form.register('age_restricted')} />
            <span>Sold to adults only (a bladed article: checked at checkout and on delivery)</span>
          </label>
        </div>
      </section>

      <section className="panel" aria-labelledby="price-heading">
        <h2 id="price-heading">Pricing</h2>
        <div className="grid-2">
          <FormField id="product-price" label="Price" error={errors.price?.message}>
            <input id="product-price" inputMode="decimal" {...form.register('price')} />
          </FormField>
          <FormField
            id="product-price-before"
            label="Price before discount"
            hint="Shown struck through; leave empty when not discounted."
            error={errors.price_before_discount?.message}
          >
            <input
              id="product-price-before"
              inputMode="decimal"
              {...form.register('price_before_discount')}
            />
          </FormField>
        </div>
        <p className="muted small">
          A new price never changes an order already placed; a shopper whose cart shows the old
          price is told at checkout.
        </p>
        {product ? <DiscountNote discount={product.discount} /> : null}
      </section>

      <section className="panel" aria-labelledby="options-heading">
        <h2 id="options-heading">Options</h2>
        <OptionsEditor form={form} />
      </section>

      <section className="panel" aria-labelledby="made-heading">
        <h2 id="made-heading">Made to order</h2>
        <label className="check">
          <input type="checkbox" {...form.register('made_to_order')} />
          <span>Made for each order: can be ordered at stock 0, stock never taken</span>
        </label>
        {madeToOrder ? (
          <div className="grid-2">
            <FormField
              id="product-lead-min"
              label="Lead time from (working days)"
              error={errors.lead_time_days_min?.message}
            >
              <input
                id="product-lead-min"
                inputMode="numeric"
                {...form.register('lead_time_days_min')}
              />
            </FormField>
            <FormField
              id="product-lead-max"
              label="Lead time to (working days)"
              error={errors.lead_time_days_max?.message}
            >
              <input
                id="product-lead-max"
                inputMode="numeric"
                {...form.register('lead_time_days_max')}
              />
            </FormField>
          </div>
        ) : null}
        <label className="check">
          <input
            type="checkbox"
            aria-describedby="product-exempt-hint"
            {...form.register('cancellation_exempt')}
          />
          <span>
            Exempt from the 14-day cancellation right (made to the buyer&apos;s specification or
            personalised)
          </span>
        </label>
        <p id="product-exempt-hint" className="muted small">
          {madeToOrder
            ? 'Made-to-order pieces are exempt anyway: shoppers are told they cannot cancel them.'
            : 'Made-to-order pieces are exempt anyway, and so is any order line with a text option (an engraving) filled in. Leave it unticked for stocked pieces: shoppers may cancel them within 14 days of delivery.'}
        </p>
      </section>

      <section className="panel" aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <div className="form">
          <FormField
            id="product-description"
            label="Short description"
            hint="Plain text, shown under the name."
            error={errors.description?.message}
          >
            <textarea
              id="product-description"
              rows={3}
              maxLength={2000}
              {...form.register('description')}
            />
          </FormField>
          <div className="field">
            <Controller
              control={form.control}
              name="long_html_description"
              render={({ field }) => (
                <RichTextEditor
                  id="product-long-description"
                  label="Long description"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={Boolean(errors.long_html_description)}
                  describedBy={
                    errors.long_html_description ? 'product-long-description-error' : undefined
                  }
                />
              )}
            />
            {errors.long_html_description?.message ? (
              <p id="product-long-description-error" className="field-error">
                {errors.long_html_description.message}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      <section className="panel" aria-labelledby="attributes-heading">
        <h2 id="attributes-heading">Attributes</h2>
        <AttributesEditor form={form} />
      </section>

      {product ? null : (
        <section className="panel" aria-labelledby="stock-heading">
          <h2 id="stock-heading">Stock</h2>
          <div className="grid-2">
            <FormField id="product-stock" label="Starting stock" error={errors.stock?.message}>
              <input id="product-stock" inputMode="numeric" {...form.register('stock')} />
            </FormField>
            <FormField
              id="product-threshold"
              label="Low stock at"
              hint="Warned at or below this count; empty: never."
              error={errors.low_stock_threshold?.message}
            >
              <input
                id="product-threshold"
                inputMode="numeric"
                {...form.register('low_stock_threshold')}
              />
            </FormField>
          </div>
        </section>
      )}

      {saved ? <Notice tone="success">{saved}</Notice> : null}
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={create.isPending || update.isPending}
        >
          {product ? 'Save product' : 'Create product'}
        </button>
      </div>
    </form>
  );
}
