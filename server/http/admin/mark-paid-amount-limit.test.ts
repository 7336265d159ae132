/**
 * The back office's one limit on an amount a member types (money received by hand, a refund):
 * common/money.ts's MAX_MOVE_AMOUNT_CENTS. The contract's PositiveMoneyInput states the same
 * maximum in its pattern and its description, so the three cannot drift apart: the contract
 * (what the API validates and documents), the server's own check, and the back office's forms
 * (admin/src/features/orders/action-schemas.test.ts holds those to the same constant).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { MAX_MOVE_AMOUNT_CENTS, toDecimal } from '../../../common/money.ts';
import { ORDER_MOVE_LIMITS, FIELD_MESSAGES } from '../../orders/staff-move-messages.ts';
import { call, setProduct } from '../../test/shop.ts';
import { useOrderMoves } from '../../test/order-moves.ts';
import { asStaff, staffTokenFor } from '../../test/staff.ts';

const ADMIN_CONTRACT = fileURLToPath(new URL('../../../openapi/admin.yaml', import.meta.url));

interface StringSchema {
  type: string;
  description: string;
  pattern: string;
  maxLength: number;
}

function positiveMoneyInput(): StringSchema {
  const contract = parse(readFileSync(ADMIN_CONTRACT, 'utf8')) as {
    components: { schemas: Record<string, StringSchema> };
  };
  return contract.components.schemas.PositiveMoneyInput!;
}

describe('the limit of an amount typed at the back office', () => {
  const max = toDecimal(MAX_MOVE_AMOUNT_CENTS);

  it("is the contract's, in its pattern and its description", () => {
    const schema = positiveMoneyInput();
    const pattern = new RegExp(schema.pattern, 'u');
    for (const fits of ['0.01', '45.00', toDecimal(MAX_MOVE_AMOUNT_CENTS - 1), max]) {
      expect(pattern.test(fits), fits).toBe(true);
    }
    for (const over of [
      toDecimal(MAX_MOVE_AMOUNT_CENTS + 1),
      toDecimal(MAX_MOVE_AMOUNT_CENTS + 100),
      toDecimal(MAX_MOVE_AMOUNT_CENTS * 10),
      '999999999.99',
    ]) {
      expect(pattern.test(over), over).toBe(false);
    }
    expect(schema.maxLength).toBe(max.length);
    expect(schema.description).toContain(`at most ${max}`);
  });

  it("is the server's own check, in the same words", () => {
    expect(ORDER_MOVE_LIMITS.maxAmountCents).toBe(MAX_MOVE_AMOUNT_CENTS);
    expect(FIELD_MESSAGES.tooLarge).toBe(`Ensure this value is less than or equal to ${max}.`);
  });

  describe('through the API', () => {
    const backOffice = useOrderMoves();
    const { t } = backOffice;

    it('takes the limit itself from an owner who confirms it, and refuses a cent more', async () => {
      const piece = await backOffice.freshProduct();
      await setProduct(t.app, piece.id, { price_cents: 36_650 });
      const order = await backOffice.placeOrder([{ productId: piece.id }]);
      const owner = asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));
      const markPaid = (amount: string) =>
        call<{ paid_total: string }>(
          t.app,
          'POST',
          `/admin/orders/${order.order_number}/mark-paid/`,
          owner,
          { amount, payer_reference: 'LOVELACE', confirm_overpayment: true },
        );
      const over = await markPaid(toDecimal(MAX_MOVE_AMOUNT_CENTS + 1));
      expect(over.status).toBe(400);
      expect(over.body).toHaveProperty('amount');
      const at = await markPaid(max);
      expect(at.status, JSON.stringify(at.body)).toBe(200);
      expect(at.body.paid_total).toBe(max);

      const refund = await call(
        t.app,
        'POST',
        `/admin/orders/${order.order_number}/refunds/`,
        owner,
        {
          amount: toDecimal(MAX_MOVE_AMOUNT_CENTS + 1),
          reason: 'Too much.',
        },
      );
      expect(refund.status).toBe(400);
      expect(refund.body).toHaveProperty('amount');
    });
  });
});
