/**
 * The moves on one shipment of an order, each shown only when the order's `actions` include it:
 * Ship (carrier and tracking number) for a delivery, then Correct tracking once it is shipped
 * (a mistyped number); Mark ready then Mark collected for a collection. Each says what it did
 * in the shipment (./move-done.tsx). Every button is disabled while its request is on the way and a second click in
 * the same instant sends nothing; a refusal shows the server's words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useOpenerFocus } from '../../components/use-opener-focus';
import { useSingleFlight } from '../../components/use-single-flight';
import {
  useCorrectTracking,
  useMarkCollected,
  useMarkReady,
  useShip,
  type AdminOrder,
  type AdminShipment,
} from './api';
import { shipSchema, type ShipInput, type ShipValues } from './action-schemas';
import { CARRIER_LABELS, CARRIERS } from './labels';
import { MoveButton } from './move-button';
import { shipmentPlace, useAnnounceMove } from './move-done';

/**
 * What can be done with one shipment now: a delivery not sent gets the ship form; a collection
 * not ready gets Mark ready; a ready one gets Mark collected. Nothing when the order's
 * `actions` do not include the move.
 */
export function ShipmentActions({
  order,
  shipment,
}: {
  order: AdminOrder;
  shipment: AdminShipment;
}) {
  const can = (action: AdminOrder['actions'][number]) => order.actions.includes(action);
  if (shipment.kind === 'delivery' && !shipment.fulfilment && can('ship'))
    return <ShipForm order={order} shipment={shipment} />;
  if (
    shipment.kind === 'delivery' &&
    shipment.fulfilment?.status === 'shipped' &&
    can('correct_tracking')
  )
    return <CorrectTracking order={order} shipment={shipment} />;
  if (shipment.kind === 'collection' && !shipment.fulfilment && can('mark_ready'))
    return <CollectionMove order={order} shipment={shipment} move="ready" />;
  if (
    shipment.kind === 'collection' &&
    shipment.fulfilment?.status === 'ready' &&
    can('mark_collected')
  )
    return <CollectionMove order={order} shipment={shipment} move="collected" />;
  return null;
}

function ShipForm({ order, shipment }: { order: AdminOrder; shipment: AdminShipment }) {
  const move = useShip(order.order_number);
  const announce = useAnnounceMove();
  const once = useSingleFlight();
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ShipInput, unknown, ShipValues>({
    resolver: zodResolver(shipSchema),
    defaultValues: { carrier: 'royal_mail', tracking_number: '' },
  });
  const { InputField, SelectField } = fieldsOf(form);
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync({ index: shipment.index, ...values });
        announce(
          `${shipment.name}: shipped with ${CARRIER_LABELS[values.carrier]}. The customer is e-mailed.`,
          shipmentPlace(shipment.index),
        );
      } catch (error) {
        setMessage(placeServerErrors(error, form.setError, ['carrier', 'tracking_number']));
      }
    }),
  );
  return (
    <Form
      form={form}
      idPrefix={id}
      className="form-inline"
      onSubmit={submit}
      aria-label={`Ship ${shipment.name}`}
    >
      {message ? (
        <div className="button-block">
          <Notice tone="error">{message}</Notice>
        </div>
      ) : null}
      <SelectField name="carrier" label="Carrier">
        {CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {CARRIER_LABELS[carrier]}
          </option>
        ))}
      </SelectField>
      <InputField
        name="tracking_number"
        label="Tracking number"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <FormButtons busy={move.isPending} label="Mark shipped" />
    </Form>
  );
}

/**
 * Correct tracking: closed behind a button on a shipped delivery; opened, the carrier and the
 * number as recorded, to change. Once saved it closes and says so where it was; the shopper is
 * e-mailed the corrected number when they had the old one.
 */
function CorrectTracking({ order, shipment }: { order: AdminOrder; shipment: AdminShipment }) {
  const move = useCorrectTracking(order.order_number);
  const announce = useAnnounceMove();
  const once = useSingleFlight();
  const id = useId();
  const [open, setOpen] = useState(false);
  const { opener, closing } = useOpenerFocus(open);
  const [message, setMessage] = useState<string | null>(null);
  const recorded = {
    carrier: shipment.fulfilment?.carrier ?? 'royal_mail',
    tracking_number: shipment.fulfilment?.tracking_number ?? '',
  };
  const form = useForm<ShipInput, unknown, ShipValues>({
    resolver: zodResolver(shipSchema),
    defaultValues: recorded,
  });
  const { InputField, SelectField } = fieldsOf(form);
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync({ index: shipment.index, ...values });
        setOpen(false);
        announce(
          `${shipment.name}: tracking corrected to ${CARRIER_LABELS[values.carrier]} ${values.tracking_number}. The customer is e-mailed it if they had the old one.`,
          shipmentPlace(shipment.index),
        );
      } catch (error) {
        setMessage(placeServerErrors(error, form.setError, ['carrier', 'tracking_number']));
      }
    }),
  );
  if (!open) {
    return (
      <div className="button-row">
        <button
          ref={opener}
          type="button"
          className="button button-small"
          aria-expanded={false}
          onClick={() => {
            form.reset(recorded);
            setMessage(null);
            setOpen(true);
          }}
        >
          Correct tracking
          <span className="visually-hidden"> of {shipment.name}</span>
        </button>
      </div>
    );
  }
  return (
    <Form
      form={form}
      idPrefix={id}
      className="form-inline"
      onSubmit={submit}
      aria-label={`Correct the tracking of ${shipment.name}`}
    >
      {message ? (
        <div className="button-block">
          <Notice tone="error">{message}</Notice>
        </div>
      ) : null}
      <SelectField name="carrier" label="Carrier">
        {CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {CARRIER_LABELS[carrier]}
          </option>
        ))}
      </SelectField>
      <InputField
        name="tracking_number"
        label="Tracking number"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={move.isPending}>
          {move.isPending ? 'Saving…' : 'Save tracking'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            closing();
            setOpen(false);
          }}
        >
          Close
        </button>
      </div>
    </Form>
  );
}

function CollectionMove({
  order,
  shipment,
  move: which,
}: {
  order: AdminOrder;
  shipment: AdminShipment;
  move: 'ready' | 'collected';
}) {
  const ready = useMarkReady(order.order_number);
  const collected = useMarkCollected(order.order_number);
  const move = which === 'ready' ? ready : collected;
  const label = which === 'ready' ? 'Mark ready to collect' : 'Mark collected';
  return (
    <div className="form">
      {which === 'collected' && shipment.age_verified ? (
        <p className="alert-strip">Hand over only to an adult who shows proof of age.</p>
      ) : null}
      <MoveButton
        move={move}
        variables={shipment.index}
        label={label}
        done={
          which === 'ready'
            ? `${shipment.name}: ready to collect. The customer is e-mailed.`
            : `${shipment.name}: collected.`
        }
        at={shipmentPlace(shipment.index)}
      />
    </div>
  );
}
