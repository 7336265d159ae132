import { screen } from '@testing-library/react';
import { dispatchRange } from '../../components/dispatch';
import { renderWithRouter } from '../../test/render-with-router';
import { makeOrder } from '../../test/order-fixtures';
import { OrderConfirmationPage } from './order-confirmation-page';

const ORDER = makeOrder({ payment_method: 'bank_transfer', actions: ['cancel'] });

describe('/order-confirmation (spec sections 2 and 4)', () => {
  it("shows 'Order Information Unavailable' and a link home without navigation state", async () => {
    await renderWithRouter(<OrderConfirmationPage />, { path: '/order-confirmation' });
    expect(
      screen.getByRole('heading', { name: 'Order Information Unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });

  it('shows the bank details and the Order Number as the payment reference for a bank transfer', async () => {
    const { router } = await renderWithRouter(<OrderConfirmationPage />);
    await router.navigate({
      to: '/order-confirmation',
      state: {
        orderConfirmation: {
          order: ORDER,
          bankDetails: 'Ember & Oak Ltd\nIBAN GB33 BUKB 2020 1555 5555 55',
          customInstructions: null,
        },
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Order Placed Successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/awaiting payment confirmation/)).toBeInTheDocument();
    expect(screen.getByText(/IBAN GB33 BUKB 2020 1555 5555 55/)).toBeInTheDocument();
    expect(screen.getByText(/as the payment reference/)).toHaveTextContent(
      'Please use your Order Number ORD-7K3F-9QXD as the payment reference.',
    );
    expect(screen.getByText('12 Forge Lane')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it("shows the shop's instructions for a custom method", async () => {
    const { router } = await renderWithRouter(<OrderConfirmationPage />);
    await router.navigate({
      to: '/order-confirmation',
      state: {
        orderConfirmation: {
          order: { ...ORDER, payment_method: 'custom' },
          bankDetails: null,
          customInstructions: 'Collect and pay at the workshop.',
        },
      },
    });
    expect(await screen.findByText('Collect and pay at the workshop.')).toBeInTheDocument();
    expect(screen.queryByText(/bank transfer/i)).toBeNull();
  });

  it('treats state that is not an order as no state', async () => {
    const { router } = await renderWithRouter(<OrderConfirmationPage />);
    await router.navigate({
      to: '/order-confirmation',
      state: { orderConfirmation: { order: { id: 'x' } } } as never,
    });
    expect(
      await screen.findByRole('heading', { name: 'Order Information Unavailable' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order Placed Successfully!' })).toBeNull();
  });

  it('shows the options, the made-to-order dispatch, the shipments and totals, the signature note and the country by name', async () => {
    const { router } = await renderWithRouter(<OrderConfirmationPage />);
    const dispatch = { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' };
    await router.navigate({
      to: '/order-confirmation',
      state: {
        orderConfirmation: {
          order: {
            ...ORDER,
            subtotal: '405.00',
            shipping_price: '9.50',
            total_price: '414.50',
            delivery_address: { ...ORDER.delivery_address, country: 'GB' },
            items: [
              {
                id: 3,
                product_id: 6,
                product_name: 'Kurouchi Nakiri 170mm',
                product_slug: 'kurouchi-nakiri-170mm',
                thumb_image: null,
                customization: { handle: 'walnut' },
                options: [
                  {
                    key: 'handle',
                    label: 'Handle wood',
                    value: 'walnut',
                    display_value: 'Walnut',
                    price_delta: '0.00',
                  },
                ],
                quantity: 1,
                unit_price: '405.00',
                line_total: '405.00',
                made_to_order: true,
                age_restricted: true,
                cancellation_exempt: true,
                dispatch,
                vat_amount: null,
              },
            ],
            shipments: [
              {
                method: 'uk-age-verified',
                name: 'Age-verified delivery (DPD)',
                kind: 'delivery',
                age_verified: true,
                price: '9.50',
                item_ids: [3],
                fulfilment: null,
              },
            ],
            needs_adult_signature: true,
          },
          bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55',
          customInstructions: null,
        },
      },
    });
    expect(await screen.findByText('Handle wood: Walnut')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Kurouchi Nakiri 170mm' }).closest('li')!.textContent,
    ).toContain(`Made to order: estimated dispatch ${dispatchRange(dispatch)}`);
    const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(row('Subtotal')).toHaveTextContent('$405.00');
    expect(row('Shipping')).toHaveTextContent('$9.50');
    expect(row('Age-verified delivery (DPD)')).toHaveTextContent('$9.50');
    expect(row('Total')).toHaveTextContent('$414.50');
    expect(
      screen.getByText("This parcel needs an adult's signature on delivery."),
    ).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
  });

  it("says 'Collect from the workshop' instead of an empty street for a collected order", async () => {
    const { router } = await renderWithRouter(<OrderConfirmationPage />);
    await router.navigate({
      to: '/order-confirmation',
      state: {
        orderConfirmation: {
          order: {
            ...ORDER,
            delivery_address: {
              ...ORDER.delivery_address,
              street: '',
              city: '',
              postalCode: '',
              country: 'GB',
            },
            shipments: [
              {
                method: 'collection',
                name: 'Collect from the workshop',
                kind: 'collection',
                age_verified: false,
                price: '0.00',
                item_ids: [3],
                fulfilment: null,
              },
            ],
          },
          bankDetails: null,
          customInstructions: null,
        },
      },
    });
    const address = (await screen.findByText('Ada Lovelace')).closest('address')!;
    expect(address).toHaveTextContent(
      'Ada LovelaceCollect from the workshopUnited Kingdom+44 114 496 0000',
    );
    expect(screen.getByText('Shipping', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Free',
    );
    expect(screen.queryByText("This parcel needs an adult's signature on delivery.")).toBeNull();
  });
});
