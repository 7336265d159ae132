/**
 * A product's form, for a new product or a saved one, with ONE save (issue 40): Details (name,
 * category, status, sold to adults only, and behind "Advanced" the web address), Pricing,
 * Gift card (decision 090: sold as one, its amounts and custom range; a gift card's Stock panel
 * says it takes none), Stock (the count and the low-stock level), Options (./options-editor.tsx), Made to order,
 * Product safety (../../components/safety-fields.tsx: GPSR art. 19, each field empty for the
 * shop's default), Description, Attributes (./attributes-editor.tsx), then Photos (../photos/product-photos.tsx,
 * outside the form element: a saved photo's card is a form of its own) and the save bar, whose
 * button submits the form by its id.
 *
 * The save:
 * - a new product: `POST /products/` with its stock, low-stock level and the photos chosen
 *   (uploaded while the owner typed: ../photos/api.ts `useDraftPhotos`), all in one transaction; then
 *   its page opens;
 * - a saved product: `PATCH /products/{id}/` with the fields and the low-stock level; then,
 *   when the count changed, `POST /products/{id}/stock/` (a count with the stock the member
 *   saw, so a sale made meanwhile is refused rather than overwritten); then each new photo
 *   (`POST /products/{id}/photos/`). The result shows beside the button; a refusal shows
 *   beside its field (a photo's beside its alt text), and what was saved before it is said.
 *
 * "Sold to adults only" follows the category's default (`adults_only`): choosing a category
 * ticks or unticks it, unless the owner set the box themselves on this form.
 *
 * Leaving with unsaved changes (another screen, back, reload, closing the tab) asks first:
 * TanStack Router's blocker for the app's own links, `beforeunload` for the browser's.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { FormField } from '../../components/form-field';
import { useFormatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { RichField } from '../../components/rich-field';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import { altOf, draftPositions, useAddPhoto, useDraftPhotos, type DraftPhoto } from '../photos/api';
import { ProductPhotos } from '../photos/product-photos';
import { STOCK_REASONS, useChangeStock } from '../stock/api';
import {
  productCategoriesQuery,
  useCreateProduct,
  useUpdateProduct,
  type AdminCategory,
  type AdminProduct,
} from './api';
import { AdvancedDetails } from './advanced-details';
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
import { SafetyFieldsEditor } from '../../components/safety-fields';

/** The id of the product's form element, which the save bar's button submits. */
export const PRODUCT_FORM_ID = 'product-form';

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

/** What the last save did, beside the save button. */
type SaveResult = { tone: 'success' | 'error'; text: string } | null;

/** The form of `product`, or of a new one when null, with its photos and its one save. */
export function ProductForm({ product }: { product: AdminProduct | null }) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  const changeStock = useChangeStock(product?.id ?? 0);
  const addPhoto = useAddPhoto(product?.id ?? 0);
  const categories = useQuery(productCategoriesQuery());
  const drafts = useDraftPhotos();
  const once = useSingleFlight();
  const [result, setResult] = useState<SaveResult>(null);
  const [saving, setSaving] = useState(false);
  const leaving = useRef(false);
  const ownerChoseAge = useRef(false);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? formValuesOf(product) : EMPTY_PRODUCT,
  });
  const { CheckField, InputField, SelectField, TextAreaField } = fieldsOf(form);
  const { errors, isDirty } = form.formState;
  const values = useWatch({ control: form.control }) as ProductFormValues;

  // Archive and Unarchive (above the form) change the status alone: the field follows, and
  // the rest of the form keeps what is being typed.
  const savedStatus = product?.status;
  useEffect(() => {
    if (savedStatus) form.resetField('status', { defaultValue: savedStatus });
  }, [form, savedStatus]);

  const unsaved = isDirty || drafts.unsaved;
  const blocker = useBlocker({
    shouldBlockFn: () => unsaved && !leaving.current,
    enableBeforeUnload: () => unsaved && !leaving.current,
    withResolver: true,
  });

  const categoryOf = (id: string): AdminCategory | undefined =>
    categories.data?.find((c) => String(c.id) === id);
  const category = categoryOf(values.category_id);
  const categoryField = form.register('category_id');

  /** Places a refusal's field errors; answers what no field shows. */
  const place = (error: unknown) =>
    placeServerErrors(error, form.setError, fieldPathsOf(values) as Path<ProductFormValues>[]);

  /** The photos to attach, in order, with their alt texts (the uploads refused are left out). */
  const photosOf = (all: DraftPhoto[], before: number) => {
    const positions = draftPositions(all, before);
    return all
      .filter((d) => d.upload !== null)
      .map((d) => ({
        draft: d,
        upload_id: d.upload!.id,
        alt_text: altOf(d, values.name, positions.get(d.key)!),
      }));
  };

  async function saveNew(checked: ProductFormValues) {
    const photos = photosOf(await drafts.settled(), 0);
    try {
      const created = await create.mutateAsync({
        ...createBodyOf(checked),
        ...(photos.length
          ? { photos: photos.map(({ upload_id, alt_text }) => ({ upload_id, alt_text })) }
          : {}),
      });
      leaving.current = true;
      await navigate({ to: '/products/$productId', params: { productId: String(created.id) } });
    } catch (error) {
      let left = false;
      for (const [field, messages] of Object.entries(fieldErrors(error))) {
        const match = /^photos\.(\d+)\./.exec(field);
        const photo = match ? photos[Number(match[1])] : undefined;
        if (photo) drafts.setSaveError(photo.draft.key, messages.join(' '));
        else if (field.startsWith('photos')) left = true;
      }
      const message = place(error);
      setResult({
        tone: 'error',
        text:
          left || message
            ? (message ?? errorMessage(error))
            : 'Nothing was saved: check the fields marked.',
      });
    }
  }

  async function saveExisting(saved: AdminProduct, checked: ProductFormValues) {
    const done: string[] = [];
    let after: AdminProduct;
    try {
      after = await update.mutateAsync(updateBodyOf(checked));
    } catch (error) {
      const message = place(error);
      setResult({ tone: 'error', text: message ?? 'Nothing was saved: check the fields marked.' });
      return;
    }
    done.push('Product saved');
    const count = Number(checked.stock.trim() || '0');
    let stockError: string | null = null;
    if (
      !after.made_to_order &&
      !checked.gift_card &&
      checked.stock.trim() !== '' &&
      count !== saved.stock
    ) {
      try {
        const stock = await changeStock.mutateAsync({
          mode: 'set',
          quantity: count,
          expected_stock: saved.stock,
          reason: checked.stock_reason,
        });
        after = { ...after, stock: stock.stock };
        done.push(`${stock.stock} in stock`);
      } catch (error) {
        stockError = errorMessage(error);
      }
    }
    const photos = photosOf(await drafts.settled(), after.images.length);
    let photoError: string | null = null;
    let added = 0;
    for (const photo of photos) {
      try {
        await addPhoto.mutateAsync({ upload_id: photo.upload_id, alt_text: photo.alt_text });
        drafts.remove(photo.draft.key);
        added += 1;
      } catch (error) {
        const message = fieldErrors(error).alt_text?.join(' ') ?? errorMessage(error);
        drafts.setSaveError(photo.draft.key, message);
        photoError = message;
        break;
      }
    }
    if (added) done.push(`${added} ${added === 1 ? 'photo' : 'photos'} added`);
    // The form now holds what was saved; a refused count stays typed, marked and unsaved (a
    // change against the saved count, so the bar says so and leaving asks).
    form.reset(formValuesOf(after));
    if (stockError) {
      form.setValue('stock', checked.stock, { shouldDirty: true });
      form.setValue('stock_reason', checked.stock_reason);
      form.setError('stock', { type: 'server', message: stockError });
    }
    if (stockError || photoError) {
      setResult({
        tone: 'error',
        text: `${done.join(', ')}; ${stockError ? `the stock was not changed: ${stockError}` : `a photo was not added: ${photoError}`}`,
      });
    } else {
      setResult({ tone: 'success', text: `${done.join(', ')}.` });
    }
  }

  const submit = form.handleSubmit(
    (checked) =>
      once(async () => {
        setResult(null);
        setSaving(true);
        try {
          if (product) await saveExisting(product, checked);
          else await saveNew(checked);
        } finally {
          setSaving(false);
        }
      }),
    () => setResult({ tone: 'error', text: 'Nothing was saved: check the fields marked.' }),
  );

  const madeToOrder = values.made_to_order;
  const giftCard = values.gift_card;
  const status = values.status;
  const stockChanged =
    product !== null &&
    !product.made_to_order &&
    !giftCard &&
    values.stock.trim() !== String(product.stock);

  return (
    <>
      <Form
        form={form}
        idPrefix="product"
        className="form product-form"
        id={PRODUCT_FORM_ID}
        onSubmit={submit}
        aria-label="Product"
      >
        <Panel titleId="details-heading" title="Details">
          <div className="form">
            <InputField name="name" label="Name" maxLength={200} />
            <div className="grid-2">
              <FormField id="product-category" label="Category" error={errors.category_id?.message}>
                {/* Mounted once the categories are here: a select registered before its options
                    exist shows the first option, not the product's category. */}
                {categories.data ? (
                  <select
                    id="product-category"
                    {...categoryField}
                    onChange={(event) => {
                      void categoryField.onChange(event);
                      const chosen = categoryOf(event.target.value);
                      if (chosen && !ownerChoseAge.current) {
                        form.setValue('age_restricted', chosen.adults_only, { shouldDirty: true });
                      }
                    }}
                  >
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
            <CheckField
              name="age_restricted"
              aria-describedby="product-age-hint"
              onClick={() => {
                ownerChoseAge.current = true;
              }}
            >
              Sold to adults only (a bladed article: checked at checkout and on delivery)
            </CheckField>
            <p id="product-age-hint" className="muted small">
              {category
                ? category.adults_only
                  ? `${category.name} are sold to adults only unless you untick this.`
                  : `${category.name} are not sold to adults only unless you tick this.`
                : 'Follows the category you choose; you can change it.'}
            </p>
            <AdvancedDetails open={Boolean(errors.slug)}>
              <InputField
                name="slug"
                label="Web address"
                hint="The end of the page's address: /products/walnut-chef-knife. Left empty, it is made from the name. A changed address keeps the old one working."
                className="mono"
                maxLength={120}
                autoCapitalize="none"
                spellCheck={false}
              />
            </AdvancedDetails>
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

        <Panel titleId="gift-card-heading" title="Gift card">
          <CheckField name="gift_card" aria-describedby="product-gift-card-hint">
            Sold as a gift card
          </CheckField>
          <p id="product-gift-card-hint" className="muted small">
            A gift card takes no stock and is never discounted. It is e-mailed to its recipient,
            never shipped; the shopper picks one of its amounts.
          </p>
          {giftCard ? (
            <div className="form">
              <InputField
                name="gift_card_amounts"
                label="Amounts"
                hint="The amounts a shopper can choose, separated by commas: 25.00, 50.00, 100.00 (at most 10)."
                inputMode="decimal"
                autoComplete="off"
              />
              <div className="grid-2">
                <InputField
                  name="gift_card_min_amount"
                  label="Custom amount from"
                  hint="Optional: lets the shopper type an amount in this range."
                  inputMode="decimal"
                  autoComplete="off"
                />
                <InputField
                  name="gift_card_max_amount"
                  label="Custom amount to"
                  inputMode="decimal"
                  autoComplete="off"
                />
              </div>
            </div>
          ) : null}
        </Panel>

        <Panel titleId="stock-heading" title="Stock">
          {giftCard ? (
            <p className="muted">A gift card takes no stock.</p>
          ) : madeToOrder ? (
            <p className="muted">
              Made to order: each piece is made for its order, so it takes no stock.
            </p>
          ) : (
            <div className="grid-2">
              <InputField
                name="stock"
                label={product ? 'In stock' : 'Starting stock'}
                hint={
                  product
                    ? `How many you have now (${product.stock} recorded).`
                    : 'How many you have ready to sell.'
                }
                inputMode="numeric"
                autoComplete="off"
              />
              <InputField
                name="low_stock_threshold"
                label="Low stock at"
                hint="Warned at or below this count; empty: never."
                inputMode="numeric"
                autoComplete="off"
              />
              {stockChanged ? (
                <SelectField name="stock_reason" label="Why it changed">
                  {STOCK_REASONS.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </SelectField>
              ) : null}
            </div>
          )}
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

        <Panel titleId="safety-heading" title="Product safety">
          <p className="muted small">
            What the product page shows above the Add to Cart button, as EU law asks of a shop
            selling to EU buyers (General Product Safety Regulation art. 19). A field left empty
            shows the shop&apos;s default.
          </p>
          <SafetyFieldsEditor
            prefix="safety."
            idPrefix="product-safety"
            shopDefault={product?.safety_default ?? 'unknown'}
            identifiers
          />
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
      </Form>

      <ProductPhotos productId={product?.id ?? null} drafts={drafts} productName={values.name} />

      <SaveBar
        label={product ? 'Save product' : 'Create product'}
        busy={saving}
        unsaved={unsaved}
        isNew={product === null}
        uploading={drafts.uploading}
        result={result}
      />

      {blocker.status === 'blocked' ? (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave without saving"
          cancelLabel="Keep editing"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        >
          <p>Your changes to this product are not saved yet. Leave, and they are lost.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** The one save button (it submits the form by its id), with what the last save did. */
function SaveBar({
  label,
  busy,
  unsaved,
  isNew,
  uploading,
  result,
}: {
  label: string;
  busy: boolean;
  unsaved: boolean;
  isNew: boolean;
  uploading: boolean;
  result: SaveResult;
}) {
  const id = useId();
  return (
    <div className="save-bar">
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <div className="button-row">
        <button
          type="submit"
          form={PRODUCT_FORM_ID}
          className="button button-primary"
          disabled={busy}
          aria-describedby={`${id}-state`}
        >
          {busy ? (uploading ? 'Waiting for the photos…' : 'Saving…') : label}
        </button>
        <span id={`${id}-state`} className="small muted">
          {uploading
            ? 'Photos uploading…'
            : isNew
              ? 'Not created yet'
              : unsaved
                ? 'Unsaved changes'
                : 'Everything is saved'}
        </span>
      </div>
    </div>
  );
}
