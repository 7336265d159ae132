import { QueryClient } from '@tanstack/react-query';
import { checkoutDraft, dropCheckoutDraft, keepCheckoutDraft } from './checkout-draft';
import type { CheckoutValues } from './schemas';

/** What the shopper typed into the checkout before going back to the cart (WCAG 2.2 SC 3.3.7). */
const TYPED = {
  fullname: 'Grace Hopper',
  contact_number: '',
  street: '3 Anvil Row',
  city: '',
  postalCode: '',
  country: 'GB',
  payment_method: 'bank_transfer',
  date_of_birth: '',
  age_confirmed: false,
} as CheckoutValues;

describe('the checkout draft (decision 086)', () => {
  it('comes back with the checkout, is gone once the order is placed, and is kept again after', () => {
    const queryClient = new QueryClient();
    expect(checkoutDraft(queryClient)).toBeUndefined();
    keepCheckoutDraft(queryClient, TYPED);
    expect(checkoutDraft(queryClient)).toEqual(TYPED);

    dropCheckoutDraft(queryClient);
    // The checkout closing after its order does not keep the values again.
    keepCheckoutDraft(queryClient, TYPED);
    expect(checkoutDraft(queryClient)).toBeUndefined();
    // The next checkout starts afresh and keeps its own.
    keepCheckoutDraft(queryClient, { ...TYPED, street: '9 Quench Yard' });
    expect(checkoutDraft(queryClient)?.street).toBe('9 Quench Yard');
  });

  it('is dropped with the rest of the cart when the shopper logs out', () => {
    const queryClient = new QueryClient();
    keepCheckoutDraft(queryClient, TYPED);
    // What ../auth/logout.ts does.
    queryClient.removeQueries({ queryKey: ['cart'] });
    expect(checkoutDraft(queryClient)).toBeUndefined();
  });
});
