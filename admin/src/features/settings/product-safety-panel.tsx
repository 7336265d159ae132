/**
 * Settings → Workshop, "Product safety": the shop's default product safety information (EU
 * General Product Safety Regulation (EU) 2023/988 arts 16 and 19; decision 083), which every
 * product page shows where the product has no value of its own: the manufacturer, the EU
 * responsible person, the warnings and their pictogram (../../components/safety-fields.tsx).
 * Saved as a whole (`PUT /settings/product-safety/`); a refusal shows beside its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  isSafetyPictogram,
  SAFETY_TEXT_LIMITS,
  type SafetyTextField,
} from '../../../../common/product-safety';
import { Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { SafetyFieldsEditor } from '../../components/safety-fields';
import { safetyDefaultQuery, useUpdateSafetyDefault, type SafetyInfo } from './api';
import { useSavedForm } from './saved-form';

const TEXT_FIELDS = Object.keys(SAFETY_TEXT_LIMITS) as SafetyTextField[];

const safetySchema = z.object({
  ...(Object.fromEntries(
    TEXT_FIELDS.map((field) => [
      field,
      z.string().max(SAFETY_TEXT_LIMITS[field], `At most ${SAFETY_TEXT_LIMITS[field]} characters.`),
    ]),
  ) as Record<SafetyTextField, z.ZodString>),
  pictogram: z.string(),
});

type SafetyValues = z.infer<typeof safetySchema>;

export function ProductSafetyPanel() {
  const query = useQuery(safetyDefaultQuery());
  return <QueryView query={query}>{(data) => <ProductSafetyForm settings={data} />}</QueryView>;
}

function ProductSafetyForm({ settings }: { settings: SafetyInfo }) {
  const update = useUpdateSafetyDefault();
  const form = useForm<SafetyValues>({
    resolver: zodResolver(safetySchema),
    values: { ...settings, pictogram: settings.pictogram ?? '' },
  });
  const { submit, message } = useSavedForm(form, [...TEXT_FIELDS, 'pictogram'], async (values) => {
    await update.mutateAsync({
      ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field].trim()])),
      pictogram: isSafetyPictogram(values.pictogram) ? values.pictogram : null,
    });
    return 'The product safety information was saved.';
  });
  return (
    <Panel titleId="product-safety-title" title="Product safety">
      <Form
        form={form}
        idPrefix="shop-safety"
        onSubmit={submit}
        aria-labelledby="product-safety-title"
      >
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <p className="muted small">
          What every product page shows above the Add to Cart button where the product has no value
          of its own, as EU law asks of a shop selling to EU buyers (General Product Safety
          Regulation art. 19). A product’s own fields are in its editor, under Product safety.
        </p>
        <SafetyFieldsEditor prefix="" idPrefix="shop-safety" />
        <FormButtons busy={update.isPending} label="Save product safety" />
      </Form>
    </Panel>
  );
}
