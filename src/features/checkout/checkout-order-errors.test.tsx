import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/errors';
import {
  fillAddress,
  placeOrder,
  renderCheckout,
  server,
  setUpCheckoutServer,
} from '../../test/render-checkout';

/*
 * Placing the order (spec section 4): each refusal or failure of POST /orders/orders/ shown as the
 * spec words it.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

describe('placing the order (spec section 4)', () => {
  it.each([
    [
      new ApiError(409, { detail: 'Gyuto: Only 1 items available.' }),
      'Gyuto: Only 1 items available.',
    ],
    [
      new ApiError(400, { 'delivery_address.city': ['This field may not be blank.'] }),
      'delivery_address.city: This field may not be blank.',
    ],
    [
      new ApiError(400, { 'delivery_address.country': ['We do not ship to Canada.'] }),
      'delivery_address.country: We do not ship to Canada.',
    ],
    [
      new ApiError(400, { shipping: ['Damascus Gyuto 210mm cannot be shipped to United States.'] }),
      'shipping: Damascus Gyuto 210mm cannot be shipped to United States.',
    ],
    [
      new ApiError(400, {
        shipping: [
          'Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
        ],
      }),
      'shipping: Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
    ],
    [
      new ApiError(400, { shipping: ['Choose how Tenmoku Tea Mug is delivered.'] }),
      'shipping: Choose how Tenmoku Tea Mug is delivered.',
    ],
    [
      new ApiError(400, {
        age_attestation: [
          'Please give your date of birth and confirm that the parcel will be handed only to an adult.',
        ],
      }),
      'age_attestation: Please give your date of birth and confirm that the parcel will be handed only to an adult.',
    ],
    [
      new ApiError(400, {
        'age_attestation.date_of_birth': ['You must be 18 or over to buy age-restricted items.'],
      }),
      'age_attestation.date_of_birth: You must be 18 or over to buy age-restricted items.',
    ],
    [new ApiError(500, null), 'Failed to create order. Please check your details and try again.'],
  ])('shows the order failure %#', async (error, message) => {
    server.order.mockRejectedValue(error);
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
