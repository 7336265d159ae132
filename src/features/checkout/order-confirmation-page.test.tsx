import { screen } from '@testing-library/react';
import type { components } from '../../api/schema';
import { renderWithRouter } from '../../components/testing/render-with-router';
import { OrderConfirmationPage } from './order-confirmation-page';

type Order = components['schemas']['Order'];

const ORDER: Order = {
  id: 42,
  order_number: 'ORD-7K3F-9QXD',
  status: 'awaiting_payment',
  payment_method: 'bank_transfer',
  total_price: '490.00',
  total_items: 2,
  delivery_address: {
    fullname: 'Ada Lovelace',
    contact_number: '+44 114 496 0000',
    street: '12 Forge Lane',
    city: 'Sheffield',
    postalCode: 'S1 2AB',
    country: 'United Kingdom',
  },
  items: [],
  created_at: '2026-11-22T10:00:00Z',
  paid_at: null,
  payment_instructions: null,
  payment_redirect_url: null,
  latest_payment: null,
};

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
});
