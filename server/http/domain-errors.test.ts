/**
 * A domain error becomes the contract's answer in one place (./domain-errors.ts, ./errors.ts):
 * its code picks the status, its message and fields the DRF-style body, and a code the table
 * does not know is a bug answered 500 without leaking the message.
 */
import Fastify from 'fastify';
import { DomainError } from '../platform/domain-error.ts';
import { errors } from './errors.ts';

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errors);
  app.get('/refuse', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/refuse' });
  await app.close();
  return { status: response.statusCode, body: response.json() as unknown };
}

describe('a domain error as an answer', () => {
  it('takes its status from its code and says its message as the detail', async () => {
    expect(
      await answerTo(new DomainError('not_cancelable', 'This order cannot be canceled.')),
    ).toEqual({
      status: 409,
      body: { detail: 'This order cannot be canceled.' },
    });
    expect(await answerTo(new DomainError('idempotency_mismatch', 'Another request.'))).toEqual({
      status: 422,
      body: { detail: 'Another request.' },
    });
  });

  it('names its field, or every field at once', async () => {
    expect(
      await answerTo(new DomainError('too_many_units', 'At most 100.', { field: 'quantity' })),
    ).toEqual({ status: 400, body: { quantity: ['At most 100.'] } });
    expect(
      await answerTo(
        new DomainError('invalid_order_fields', 'Invalid order.', {
          fields: { city: ['This field may not be blank.'], country: ['We do not ship there.'] },
        }),
      ),
    ).toEqual({
      status: 400,
      body: { city: ['This field may not be blank.'], country: ['We do not ship there.'] },
    });
  });

  it('carries the data that goes with it beside the detail', async () => {
    expect(
      await answerTo(
        new DomainError('price_changed', 'Prices changed.', {
          extra: { cart: { total_items: 1 } },
        }),
      ),
    ).toEqual({ status: 409, body: { detail: 'Prices changed.', cart: { total_items: 1 } } });
  });

  it('answers 500 for a code without a status, without its message', async () => {
    expect(await answerTo(new DomainError('no_such_rule', 'An internal note.'))).toEqual({
      status: 500,
      body: { detail: 'Internal server error.' },
    });
  });
});
