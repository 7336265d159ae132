/**
 * Workshop (`/settings/workshop`): the days the workshop works (checkboxes, Monday to Sunday),
 * how many working days a piece in stock takes to leave (fewest and most: the product pages'
 * dispatch dates), the minimum age a buyer of an age-restricted piece confirms at checkout, and
 * the country the storefront quotes "+ delivery from" to (UK DMCC Act 2024), among the shipping
 * zones' countries; and below, the shop's default product safety information
 * (./product-safety-panel.tsx, GPSR art. 19).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { useUpdateWorkshop, workshopQuery, zonesQuery, type WorkshopSettings } from './api';
import { useSavedForm } from './saved-form';
import { ProductSafetyPanel } from './product-safety-panel';
import {
  toWorkshopBody,
  workshopSchema,
  type WorkshopOutput,
  type WorkshopValues,
} from './schemas';

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export function WorkshopPage() {
  const workshop = useQuery(workshopQuery());
  return (
    <>
      <title>Workshop · Settings · Back office</title>
      <QueryView query={workshop}>{(data) => <WorkshopForm settings={data} />}</QueryView>
      <ProductSafetyPanel />
    </>
  );
}

/** "United Kingdom (GB)" for "GB" (the code alone where the browser has no name for it). */
function countryLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

function WorkshopForm({ settings }: { settings: WorkshopSettings }) {
  const update = useUpdateWorkshop();
  const zones = useQuery(zonesQuery());
  const countries = [...new Set((zones.data ?? []).flatMap((zone) => zone.countries))];
  const saved = settings.default_country ?? '';
  if (saved !== '' && !countries.includes(saved)) countries.unshift(saved);
  const form = useForm<WorkshopValues, unknown, WorkshopOutput>({
    resolver: zodResolver(workshopSchema),
    values: {
      working_days: settings.working_days.map(String),
      ready_dispatch_days_min: settings.ready_dispatch_days_min,
      ready_dispatch_days_max: settings.ready_dispatch_days_max,
      minimum_age: settings.minimum_age,
      default_country: saved,
    },
  });
  const { InputField, SelectField } = fieldsOf(form);
  const { errors } = form.formState;
  const { submit, message } = useSavedForm(
    form,
    [
      'working_days',
      'ready_dispatch_days_min',
      'ready_dispatch_days_max',
      'minimum_age',
      'default_country',
    ],
    async (values) => {
      await update.mutateAsync(toWorkshopBody(values));
      return 'The workshop settings were saved.';
    },
  );
  return (
    <Panel titleId="workshop-title" title="Workshop">
      <Form form={form} idPrefix="workshop" onSubmit={submit} aria-labelledby="workshop-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        <fieldset
          className="settings-fieldset"
          aria-describedby={errors.working_days ? 'working-days-error' : undefined}
        >
          <legend>Working days</legend>
          <div className="weekday-checks">
            {WEEKDAYS.map((day, index) => (
              <div className="check" key={day}>
                <input
                  id={`working-day-${index + 1}`}
                  type="checkbox"
                  value={String(index + 1)}
                  {...form.register('working_days')}
                />
                <label htmlFor={`working-day-${index + 1}`}>{day}</label>
              </div>
            ))}
          </div>
          {errors.working_days ? (
            <p id="working-days-error" className="field-error">
              {errors.working_days.message}
            </p>
          ) : null}
        </fieldset>
        <InputField
          name="ready_dispatch_days_min"
          label="Fewest dispatch days"
          hint="Working days before a piece in stock leaves the workshop, at least."
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
        />
        <InputField
          name="ready_dispatch_days_max"
          label="Most dispatch days"
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
        />
        <InputField
          name="minimum_age"
          label="Minimum age"
          hint="The age a buyer of an age-restricted piece confirms at checkout (16 to 25)."
          type="number"
          min={16}
          max={25}
          inputMode="numeric"
        />
        <SelectField
          name="default_country"
          label="Delivery price shown for"
          hint='Product cards and pages show "+ delivery from" the cheapest delivery to this country.'
        >
          <option value="">The first country of the first shipping zone</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryLabel(code)}
            </option>
          ))}
        </SelectField>
        <FormButtons busy={update.isPending} label="Save workshop settings" />
      </Form>
    </Panel>
  );
}
