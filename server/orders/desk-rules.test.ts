/**
 * What a paid order's shipments make of its status, and which desk moves each role is offered
 * on an order in each state (the buttons the desk shows are the moves it would accept).
 */
import { deskActions, type ShipmentProgress, statusOfShipments } from './desk-rules.ts';

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
  const bank = { payment_method: 'bank_transfer' as const };
  const card = { payment_method: 'card_2c2p' as const };

  it('waiting for a transfer: staff mark it paid or cancel it; an owner too', () => {
    const order = { ...bank, status: 'awaiting_payment' as const };
    expect(deskActions('staff', order, [delivery()], 0)).toEqual(['mark_paid', 'cancel']);
    expect(deskActions('owner', order, [delivery()], 0)).toEqual(['mark_paid', 'cancel']);
    // A card order is paid through its card payment.
    expect(deskActions('staff', { ...card, status: 'awaiting_payment' }, [delivery()], 0)).toEqual([
      'cancel',
    ]);
  });

  it('paid: staff fulfil; only an owner cancels or refunds', () => {
    const order = { ...bank, status: 'processing' as const };
    const shipments = [delivery('shipped'), delivery(), collection('ready')];
    expect(deskActions('staff', order, shipments, 47_500)).toEqual(['ship', 'mark_collected']);
    expect(deskActions('owner', order, shipments, 47_500)).toEqual([
      'ship',
      'mark_collected',
      'cancel',
      'refund',
    ]);
    expect(deskActions('owner', { ...bank, status: 'paid' }, [collection()], 0)).toEqual([
      'mark_ready',
      'cancel',
    ]);
  });

  it('handed over: an owner refunds what is left; expired: an owner reopens', () => {
    expect(
      deskActions('owner', { ...bank, status: 'shipped' }, [delivery('shipped')], 100),
    ).toEqual(['refund']);
    expect(
      deskActions('staff', { ...bank, status: 'shipped' }, [delivery('shipped')], 100),
    ).toEqual([]);
    expect(deskActions('owner', { ...bank, status: 'expired' }, [delivery()], 0)).toEqual([
      'reopen',
    ]);
    expect(deskActions('staff', { ...bank, status: 'expired' }, [delivery()], 0)).toEqual([]);
    expect(deskActions('owner', { ...bank, status: 'canceled' }, [delivery()], 0)).toEqual([]);
  });

  it('canceled with money still refundable (its refund failed): an owner refunds it again', () => {
    const canceled = { ...card, status: 'canceled' as const };
    expect(deskActions('owner', canceled, [delivery()], 47_500)).toEqual(['refund']);
    expect(deskActions('staff', canceled, [delivery()], 47_500)).toEqual([]);
  });

  it('money owed by hand: only an owner marks it paid back, whatever the status', () => {
    const canceled = { ...bank, status: 'canceled' as const };
    expect(deskActions('owner', canceled, [delivery()], 0, true)).toEqual(['mark_paid_back']);
    expect(deskActions('staff', canceled, [delivery()], 0, true)).toEqual([]);
    expect(
      deskActions('owner', { ...bank, status: 'shipped' }, [delivery('shipped')], 100, true),
    ).toEqual(['refund', 'mark_paid_back']);
  });
});
