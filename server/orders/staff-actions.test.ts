/**
 * What a paid order's shipments make of its status, and which back-office moves each role is
 * offered on an order in each state (the buttons the back office shows are the moves it would
 * accept).
 */
import { orderActingOf } from '../http/admin/permissions.ts';
import { orderActions, type ShipmentProgress, statusOfShipments } from './staff-actions.ts';

const someone = { id: 1, tenantId: 1, email: 'maya@example.com', name: 'Maya', sessionId: 's' };

const delivery = (fulfilment: ShipmentProgress['fulfilment'] = null): ShipmentProgress => ({
  kind: 'delivery',
  fulfilment,
});
const collection = (fulfilment: ShipmentProgress['fulfilment'] = null): ShipmentProgress => ({
  kind: 'collection',
  fulfilment,
});

describe("a paid order's status follows its shipments", () => {
  it.each([
    ['nothing done yet', [delivery(), collection()], 'paid'],
    ['no shipments at all (an order from before they existed)', [], 'paid'],
    ['one of two deliveries sent', [delivery('shipped'), delivery()], 'processing'],
    ['every delivery sent', [delivery('shipped'), delivery('shipped')], 'shipped'],
    [
      'a collection ready before the delivery is sent',
      [delivery(), collection('ready')],
      'processing',
    ],
    [
      'the delivery sent and the collection ready',
      [delivery('shipped'), collection('ready')],
      'ready_to_collect',
    ],
    [
      'a collection ready, the other not yet',
      [collection('ready'), collection()],
      'ready_to_collect',
    ],
    [
      'one collected, the other not ready yet',
      [collection('collected'), collection()],
      'processing',
    ],
    [
      'the delivery sent, the collection collected',
      [delivery('shipped'), collection('collected')],
      'completed',
    ],
    ['its only collection collected', [collection('collected')], 'completed'],
  ] as const)('%s: %s', (_, shipments, status) => {
    expect(statusOfShipments(shipments)).toBe(status);
  });
});

describe('the moves offered', () => {
  // What the door grants each role at the back office (server/http/admin/permissions.ts,
  // orderActingOf).
  const STAFF = orderActingOf({ ...someone, role: 'staff' }).may;
  const OWNER = orderActingOf({ ...someone, role: 'owner' }).may;
  const bank = { payment_method: 'bank_transfer' as const };
  const card = { payment_method: 'card_2c2p' as const };

  it('waiting for a transfer: staff mark it paid or cancel it; an owner too', () => {
    const order = { ...bank, status: 'awaiting_payment' as const };
    expect(orderActions(STAFF, order, [delivery()], 0)).toEqual(['mark_paid', 'cancel']);
    expect(orderActions(OWNER, order, [delivery()], 0)).toEqual(['mark_paid', 'cancel']);
    // A card order is paid through its card payment.
    expect(orderActions(STAFF, { ...card, status: 'awaiting_payment' }, [delivery()], 0)).toEqual([
      'cancel',
    ]);
  });

  it('paid: staff fulfil; only an owner cancels or refunds', () => {
    const order = { ...bank, status: 'processing' as const };
    const shipments = [delivery('shipped'), delivery(), collection('ready')];
    // A shipped delivery's tracking may be corrected by either.
    expect(orderActions(STAFF, order, shipments, 47_500)).toEqual([
      'ship',
      'mark_collected',
      'correct_tracking',
    ]);
    expect(orderActions(OWNER, order, shipments, 47_500)).toEqual([
      'ship',
      'mark_collected',
      'cancel',
      'refund',
      'correct_tracking',
    ]);
    expect(orderActions(OWNER, { ...bank, status: 'paid' }, [collection()], 0)).toEqual([
      'mark_ready',
      'cancel',
    ]);
  });

  it('handed over: an owner refunds what is left; expired: an owner reopens', () => {
    expect(orderActions(OWNER, { ...bank, status: 'shipped' }, [delivery('shipped')], 100)).toEqual(
      ['refund', 'correct_tracking'],
    );
    expect(orderActions(STAFF, { ...bank, status: 'shipped' }, [delivery('shipped')], 100)).toEqual(
      ['correct_tracking'],
    );
    expect(orderActions(OWNER, { ...bank, status: 'expired' }, [delivery()], 0)).toEqual([
      'reopen',
    ]);
    expect(orderActions(STAFF, { ...bank, status: 'expired' }, [delivery()], 0)).toEqual([]);
    expect(orderActions(OWNER, { ...bank, status: 'canceled' }, [delivery()], 0)).toEqual([]);
  });

  it('canceled with money still refundable (its refund failed): an owner refunds it again', () => {
    const canceled = { ...card, status: 'canceled' as const };
    expect(orderActions(OWNER, canceled, [delivery()], 47_500)).toEqual(['refund']);
    expect(orderActions(STAFF, canceled, [delivery()], 47_500)).toEqual([]);
  });

  it('money owed by hand: only an owner marks it paid back, whatever the status', () => {
    const canceled = { ...bank, status: 'canceled' as const };
    expect(orderActions(OWNER, canceled, [delivery()], 0, true)).toEqual(['mark_paid_back']);
    expect(orderActions(STAFF, canceled, [delivery()], 0, true)).toEqual([]);
    expect(
      orderActions(OWNER, { ...bank, status: 'shipped' }, [delivery('shipped')], 100, true),
    ).toEqual(['refund', 'mark_paid_back', 'correct_tracking']);
  });
});
