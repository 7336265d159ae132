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
import { useForm, useWatch, type Path } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { FormField } from '../../components/form-field';
import { useFormatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { RichField } from '../../components/rich-field';
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
  const formatPrice = useFormatPrice();
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
  const { CheckField, InputField, SelectField, TextAreaField } = fieldsOf(form);
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
    <Form
      form={form}
      idPrefix="product"
      className="form product-form"
      onSubmit={submit}
      aria-label="Product"
    >
      {message ? <Notice tone="error">{message}</Notice> : null}

      <Panel titleId="details-heading" title="Details">
        <div className="form">
          <InputField name="name" label="Name" maxLength={200} />
          <InputField
            name="slug"
            label="Slug"
            hint="The page's address: /products/your-slug. Left empty, it is made from the name. A changed slug keeps the old address working."
            className="mono"
            maxLength={120}
            autoCapitalize="none"
            spellCheck={false}
          />
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
            <SelectField
              name="status"
              label="Status"
              hint={status === 'active' ? 'Shown in the shop.' : 'Hidden from the shop.'}
            >
              <option value="active">Active</option>
              <option value="draft">Draft</option>
              {product?.status === 'archived' ? <option value="archived">Archived</option> : null}
            </SelectField>
          </div>
          <CheckField name="age_restricted">
            Sold to adults only (a bladed article: checked at checkout and on delivery)
          </CheckField>
        </div>
      </Panel>

      <Panel titleId="price-heading" title="Pricing">
        <div className="grid-2">
          <InputField name="price" label="Price" inputMode="decimal" />
          <InputField
            name="price_before_discount"
            label="Price before discount"
            hint="Shown struck through; leave empty when not discounted."
            inputMode="decimal"
          />
        </div>
        <p className="muted small">
          A new price never changes an order already placed; a shopper whose cart shows the old
          price is told at checkout.
        </p>
        {product ? <DiscountNote discount={product.discount} /> : null}
      </Panel>

      <Panel titleId="options-heading" title="Options">
        <OptionsEditor form={form} />
      </Panel>

      <Panel titleId="made-heading" title="Made to order">
        <CheckField name="made_to_order">
          Made for each order: can be ordered at stock 0, stock never taken
        </CheckField>
        {madeToOrder ? (
          <div className="grid-2">
            <InputField
              name="lead_time_days_min"
              label="Lead time from (working days)"
              inputMode="numeric"
            />
            <InputField
              name="lead_time_days_max"
              label="Lead time to (working days)"
              inputMode="numeric"
            />
          </div>
        ) : null}
        <CheckField name="cancellation_exempt" aria-describedby="product-exempt-hint">
          Exempt from the 14-day cancellation right (made to the buyer&apos;s specification or
          personalised)
        </CheckField>
        <p id="product-exempt-hint" className="muted small">
          {madeToOrder
            ? 'Made-to-order pieces are exempt anyway: shoppers are told they cannot cancel them.'
            : 'Made-to-order pieces are exempt anyway, and so is any order line with a text option (an engraving) filled in. Leave it unticked for stocked pieces: shoppers may cancel them within 14 days of delivery.'}
        </p>
      </Panel>

      <Panel titleId="description-heading" title="Description">
        <div className="form">
          <TextAreaField
            name="description"
            label="Short description"
            hint="Plain text, shown under the name."
            rows={3}
            maxLength={2000}
          />
          <RichField name="long_html_description" label="Long description" />
        </div>
      </Panel>

      <Panel titleId="attributes-heading" title="Attributes">
        <AttributesEditor form={form} />
      </Panel>

      {product ? null : (
        <Panel titleId="stock-heading" title="Stock">
          <div className="grid-2">
            <InputField name="stock" label="Starting stock" inputMode="numeric" />
            <InputField
              name="low_stock_threshold"
              label="Low stock at"
              hint="Warned at or below this count; empty: never."
              inputMode="numeric"
            />
          </div>
        </Panel>
      )}

      {saved ? <Notice tone="success">{saved}</Notice> : null}
      <FormButtons
        busy={create.isPending || update.isPending}
        label={product ? 'Save product' : 'Create product'}
        busyLabel={product ? 'Save product' : 'Create product'}
      />
    </Form>
  );
}
