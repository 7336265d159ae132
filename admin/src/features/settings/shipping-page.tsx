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
import { FormField } from '../../components/form-field';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { FormButtons, OrderedList, type ItemFormProps } from '../content/ordered-list';
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
        onReorder={(ids) => zoneMoves.reorder.mutateAsync(ids)}
        onDelete={(id) => zoneMoves.remove.mutateAsync(id)}
        reordering={zoneMoves.reorder.isPending}
        deleting={zoneMoves.remove.isPending}
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
            <span className="mono">{method.code}</span> · {method.price}
            {method.free_over ? `, free over ${method.free_over}` : ''}
            {method.age_verified ? ' · Age verified' : ''}
          </p>
        )}
        Form={MethodForm}
        onReorder={(ids) => methodMoves.reorder.mutateAsync(ids)}
        onDelete={(id) => methodMoves.remove.mutateAsync(id)}
        reordering={methodMoves.reorder.isPending}
        deleting={methodMoves.remove.isPending}
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
export function ZoneForm({ item, onDone, onCancel }: ItemFormProps<ShippingZone>) {
  const moves = useZoneMoves();
  const form = useForm<ZoneValues, unknown, ZoneOutput>({
    resolver: zodResolver(zoneSchema),
    defaultValues: {
      name: item?.name ?? '',
      countries: item?.countries.join(', ') ?? '',
      age_restricted_allowed: item?.age_restricted_allowed ?? false,
    },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(
    form,
    ['name', 'countries', 'age_restricted_allowed'],
    async (values) => {
      const body = toZoneBody(values);
      if (item) await moves.update.mutateAsync({ id: item.id, body });
      else await moves.create.mutateAsync(body);
      onDone(item ? 'The zone was saved.' : 'The zone was added.');
    },
  );
  const id = item ? `zone-${item.id}` : 'zone-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit zone' : 'New zone'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-name`} label="Zone name" error={errors.name?.message}>
        <input id={`${id}-name`} type="text" maxLength={100} {...form.register('name')} />
      </FormField>
      <FormField
        id={`${id}-countries`}
        label="Countries"
        hint="Two-letter country codes separated by commas, such as GB, IE, FR."
        error={errors.countries?.message}
      >
        <input
          id={`${id}-countries`}
          type="text"
          autoCapitalize="characters"
          {...form.register('countries')}
        />
      </FormField>
      <div className="check">
        <input id={`${id}-age`} type="checkbox" {...form.register('age_restricted_allowed')} />
        <label htmlFor={`${id}-age`}>
          Age-restricted pieces may be sent here (by an age-verified method)
        </label>
      </div>
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/** Adds a method (item null) or edits one. */
export function MethodForm({ item, onDone, onCancel }: ItemFormProps<ShippingMethod>) {
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
  const { errors } = form.formState;
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
  const { submit, message } = useServerSubmit(form, fields, async (values) => {
    const body = toMethodBody(values);
    if (item) await moves.update.mutateAsync({ id: item.id, body });
    else await moves.create.mutateAsync(body);
    onDone(item ? 'The method was saved.' : 'The method was added.');
  });
  const id = item ? `method-${item.id}` : 'method-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit method' : 'New method'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-name`} label="Method name" error={errors.name?.message}>
        <input id={`${id}-name`} type="text" maxLength={100} {...form.register('name')} />
      </FormField>
      <FormField
        id={`${id}-code`}
        label="Code"
        hint="How orders name it, such as uk-standard. It cannot change while an open order uses it."
        error={errors.code?.message}
      >
        <input
          id={`${id}-code`}
          type="text"
          maxLength={50}
          autoCapitalize="none"
          {...form.register('code')}
        />
      </FormField>
      <FormField id={`${id}-kind`} label="Kind" error={errors.kind?.message}>
        <select id={`${id}-kind`} {...form.register('kind')}>
          <option value="delivery">Delivery</option>
          <option value="collection">Collection at the workshop</option>
        </select>
      </FormField>
      <FormField
        id={`${id}-zone`}
        label="Zone"
        hint="A delivery belongs to a zone; a collection may serve every country."
        error={errors.zone_id?.message}
      >
        <select id={`${id}-zone`} {...form.register('zone_id')}>
          <option value="">Every country</option>
          {(zones.data ?? []).map((zone) => (
            <option key={zone.id} value={String(zone.id)}>
              {zone.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={1000}
          {...form.register('description')}
        />
      </FormField>
      <FormField id={`${id}-price`} label="Price per shipment" error={errors.price?.message}>
        <input id={`${id}-price`} type="text" inputMode="decimal" {...form.register('price')} />
      </FormField>
      <FormField
        id={`${id}-free-over`}
        label="Free over"
        hint="Free when the shipment's pieces come to this; leave it empty for never free."
        error={errors.free_over?.message}
      >
        <input
          id={`${id}-free-over`}
          type="text"
          inputMode="decimal"
          {...form.register('free_over')}
        />
      </FormField>
      <div className="check">
        <input id={`${id}-age`} type="checkbox" {...form.register('age_verified')} />
        <label htmlFor={`${id}-age`}>
          Age verified (handed only to an adult with proof of age)
        </label>
      </div>
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
