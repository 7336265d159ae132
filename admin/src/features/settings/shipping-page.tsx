/**
 * Shipping (`/settings/shipping`): the zones (countries shipped to together) each with its
 * methods, then the methods of every country (collection at the workshop). Zones and methods are
 * added, edited, moved up and down and deleted in place; checkout offers the change within a
 * second. A zone with methods, or a method an open order uses, is not deleted (the server says
 * why).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../components/fields';
import { useFormatPrice } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { ItemForm, OrderedList, useItemForm, type ItemFormProps } from '../content/ordered-list';
import {
  methodsQuery,
  useMethodMoves,
  useZoneMoves,
  zonesQuery,
  type ShippingMethod,
  type ShippingZone,
} from './api';
import {
  methodSchema,
  toMethodBody,
  toZoneBody,
  zoneSchema,
  type MethodOutput,
  type MethodValues,
  type ZoneOutput,
  type ZoneValues,
} from './schemas';

export function ShippingPage() {
  const zones = useQuery(zonesQuery());
  const methods = useQuery(methodsQuery());
  const zoneMoves = useZoneMoves();
  const methodMoves = useMethodMoves();
  const formatPrice = useFormatPrice();
  if (zones.isPending || methods.isPending) return <Loading />;
  if (zones.isError)
    return <ErrorNotice error={zones.error} onRetry={() => void zones.refetch()} />;
  if (methods.isError)
    return <ErrorNotice error={methods.error} onRetry={() => void methods.refetch()} />;
  const zoneName = (id: number | null) =>
    id === null ? 'Every country' : (zones.data.find((z) => z.id === id)?.name ?? `Zone ${id}`);
  return (
    <>
      <title>Shipping · Settings · Back office</title>
      <OrderedList
        title="Shipping zones"
        noun="zone"
        items={zones.data}
        name={(zone) => zone.name}
        details={(zone) => <ZoneDetails zone={zone} methods={methods.data} />}
        Form={ZoneForm}
        moves={zoneMoves}
        empty="No zones yet: checkout offers no country until there is one with a delivery method."
      />
      <OrderedList
        title="Shipping methods"
        noun="method"
        items={methods.data}
        name={(method) => method.name}
        details={(method) => (
          <p className="muted small">
            {zoneName(method.zone_id)} · {method.kind === 'delivery' ? 'Delivery' : 'Collection'} ·{' '}
            {formatPrice(method.price)}
            {method.free_over ? `, free over ${formatPrice(method.free_over)}` : ''}
            {method.age_verified ? ' · Age verified' : ''}
          </p>
        )}
        Form={MethodForm}
        moves={methodMoves}
        empty="No methods yet."
      />
    </>
  );
}

/** A zone's countries and how it is delivered. */
function ZoneDetails({ zone, methods }: { zone: ShippingZone; methods: ShippingMethod[] }) {
  const own = methods.filter((m) => m.zone_id === zone.id);
  return (
    <>
      <p className="small">
        <span className="mono">{zone.countries.join(', ')}</span>
        {zone.age_restricted_allowed ? ' · Age-restricted pieces allowed' : ''}
      </p>
      <p className="muted small">
        {own.length === 0
          ? 'No methods: shoppers there cannot check out yet.'
          : `Methods: ${own.map((m) => m.name).join(', ')}`}
      </p>
    </>
  );
}

/** Adds a zone (item null) or edits one. */
export function ZoneForm(props: ItemFormProps<ShippingZone>) {
  const { item } = props;
  const moves = useZoneMoves();
  const form = useForm<ZoneValues, unknown, ZoneOutput>({
    resolver: zodResolver(zoneSchema),
    defaultValues: {
      name: item?.name ?? '',
      countries: item?.countries.join(', ') ?? '',
      age_restricted_allowed: item?.age_restricted_allowed ?? false,
    },
  });
  const { CheckField, InputField } = fieldsOf(form);
  const frame = useItemForm(form, props, {
    noun: 'zone',
    idPrefix: 'zone',
    fields: ['name', 'countries', 'age_restricted_allowed'],
    moves,
    toBody: toZoneBody,
  });
  return (
    <ItemForm {...frame}>
      <InputField name="name" label="Zone name" type="text" maxLength={100} />
      <InputField
        name="countries"
        label="Countries"
        hint="Two-letter country codes separated by commas, such as GB, IE, FR."
        type="text"
        autoCapitalize="characters"
      />
      <CheckField name="age_restricted_allowed" labelFor>
        Age-restricted pieces may be sent here (by an age-verified method)
      </CheckField>
    </ItemForm>
  );
}

/** Adds a method (item null) or edits one. */
export function MethodForm(props: ItemFormProps<ShippingMethod>) {
  const { item } = props;
  const moves = useMethodMoves();
  const zones = useQuery(zonesQuery());
  const form = useForm<MethodValues, unknown, MethodOutput>({
    resolver: zodResolver(methodSchema),
    defaultValues: {
      zone_id:
        item?.zone_id == null
          ? item
            ? ''
            : String(zones.data?.[0]?.id ?? '')
          : String(item.zone_id),
      code: item?.code ?? '',
      name: item?.name ?? '',
      description: item?.description ?? '',
      kind: item?.kind ?? 'delivery',
      age_verified: item?.age_verified ?? false,
      price: item?.price ?? '',
      free_over: item?.free_over ?? '',
    },
  });
  const { CheckField, InputField, SelectField, TextAreaField } = fieldsOf(form);
  const fields = [
    'zone_id',
    'code',
    'name',
    'description',
    'kind',
    'age_verified',
    'price',
    'free_over',
  ] as const;
  const frame = useItemForm(form, props, {
    noun: 'method',
    idPrefix: 'method',
    fields,
    moves,
    toBody: toMethodBody,
  });
  return (
    <ItemForm {...frame}>
      <InputField name="name" label="Method name" type="text" maxLength={100} />
      {/* Issue 40: a developer's word, folded away; made from the name when left empty. */}
      <details className="advanced" open={Boolean(form.formState.errors.code) || undefined}>
        <summary>Advanced</summary>
        <InputField
          name="code"
          label="Code"
          hint="How orders name it, such as uk-standard; made from the name when left empty. It cannot change while an open order uses it."
          type="text"
          maxLength={50}
          autoCapitalize="none"
        />
      </details>
      <SelectField name="kind" label="Kind">
        <option value="delivery">Delivery</option>
        <option value="collection">Collection at the workshop</option>
      </SelectField>
      <SelectField
        name="zone_id"
        label="Zone"
        hint="A delivery belongs to a zone; a collection may serve every country."
      >
        <option value="">Every country</option>
        {(zones.data ?? []).map((zone) => (
          <option key={zone.id} value={String(zone.id)}>
            {zone.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField name="description" label="Description" rows={2} maxLength={1000} />
      <InputField name="price" label="Price per shipment" type="text" inputMode="decimal" />
      <InputField
        name="free_over"
        label="Free over"
        hint="Free when the shipment's pieces come to this; leave it empty for never free."
        type="text"
        inputMode="decimal"
      />
      <CheckField name="age_verified" labelFor>
        Age verified (handed only to an adult with proof of age)
      </CheckField>
    </ItemForm>
  );
}
