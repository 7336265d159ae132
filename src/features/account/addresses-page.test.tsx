import { screen, within } from '@testing-library/react';
import { api } from '../../api/client';
import { renderWithRouter } from '../../test/render-with-router';
import { AddressesPage } from './addresses-page';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ReturnType<typeof vi.fn>;

const SHOP = {
  countries: [{ code: 'GB', name: 'United Kingdom' }],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
};

const ADDRESS = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 1904 496 0123',
  street: '7 Wren Close',
  city: 'York',
  postalCode: 'YO1 7HH',
};

describe('/account/addresses: the country', () => {
  it('shows a country saved as a code by its name, and one saved as free text as it was typed', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockImplementation(async (path: string) =>
      path === '/shipping/options/'
        ? { data: SHOP }
        : {
            data: [
              { id: 1, is_default: true, ...ADDRESS, country: 'GB' },
              { id: 2, is_default: false, ...ADDRESS, street: '1 Mill Lane', country: 'Wales' },
            ],
          },
    );
    await renderWithRouter(<AddressesPage />, { path: '/account/addresses' });
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0]!).getByText(/United Kingdom/)).toBeInTheDocument();
    expect(cards[0]).not.toHaveTextContent(/\bGB\b/);
    expect(within(cards[1]!).getByText(/Wales/)).toBeInTheDocument();
  });
});
