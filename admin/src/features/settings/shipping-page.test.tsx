import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { ShippingMethod, ShippingZone } from './api';
import { ShippingPage } from './shipping-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const UK: ShippingZone = {
  id: 1,
  name: 'United Kingdom',
  countries: ['GB'],
  age_restricted_allowed: true,
  position: 0,
};
const STANDARD: ShippingMethod = {
  id: 1,
  zone_id: 1,
  code: 'uk-standard',
  name: 'Standard',
  description: 'Royal Mail 2nd class.',
  kind: 'delivery',
  age_verified: false,
  price: '4.00',
  free_over: '100.00',
  position: 0,
};

describe('shipping zones', () => {
  it('lists each zone with its countries and methods, and adds one once its codes are countries', async () => {
    const canada = {
      ...UK,
      id: 2,
      name: 'Canada',
      countries: ['CA'],
      age_restricted_allowed: false,
      position: 1,
    };
    const sent = fakeApi({
      'GET /settings/shipping/zones/': { status: 200, body: { results: [UK] } },
      'GET /settings/shipping/methods/': { status: 200, body: { results: [STANDARD] } },
      'POST /settings/shipping/zones/': { status: 201, body: canada },
    });
    renderWithQuery(<ShippingPage />);
    const zones = await screen.findByRole('region', { name: 'Shipping zones' });
    expect(within(zones).getByText('GB')).toBeInTheDocument();
    expect(within(zones).getByText('Methods: Standard')).toBeInTheDocument();

    await userEvent.click(within(zones).getByRole('button', { name: 'Add a zone' }));
    await userEvent.type(screen.getByLabelText('Zone name'), 'Canada');
    await userEvent.type(screen.getByLabelText('Countries'), 'ca, xx');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Not a country code: XX (use two letters such as GB).'),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Countries'));
    await userEvent.type(screen.getByLabelText('Countries'), 'ca');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The zone was added.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/settings/shipping/zones/',
        body: { name: 'Canada', countries: ['CA'], age_restricted_allowed: false },
      },
    ]);
  });

  it("says why a zone with methods is not deleted, in the server's words", async () => {
    fakeApi({
      'GET /settings/shipping/zones/': { status: 200, body: { results: [UK] } },
      'GET /settings/shipping/methods/': { status: 200, body: { results: [STANDARD] } },
      'DELETE /settings/shipping/zones/1/': {
        status: 409,
        body: { detail: 'This zone still has 1 shipping method: delete or move it first.' },
      },
    });
    renderWithQuery(<ShippingPage />);
    const zones = await screen.findByRole('region', { name: 'Shipping zones' });
    await userEvent.click(within(zones).getByRole('button', { name: 'Delete United Kingdom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This zone still has 1 shipping method: delete or move it first.'),
    ).toBeInTheDocument();
  });
});

describe('shipping methods', () => {
  it('sends a new price with two decimals and an empty free-over as never free', async () => {
    const sent = fakeApi({
      'GET /settings/shipping/zones/': { status: 200, body: { results: [UK] } },
      'GET /settings/shipping/methods/': { status: 200, body: { results: [STANDARD] } },
      'PATCH /settings/shipping/methods/1/': {
        status: 200,
        body: { ...STANDARD, price: '4.50', free_over: null },
      },
    });
    renderWithQuery(<ShippingPage />);
    const methods = await screen.findByRole('region', { name: 'Shipping methods' });
    await userEvent.click(within(methods).getByRole('button', { name: 'Edit Standard' }));
    await userEvent.clear(screen.getByLabelText('Price per shipment'));
    await userEvent.type(screen.getByLabelText('Price per shipment'), '4.5');
    await userEvent.clear(screen.getByLabelText('Free over'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      zone_id: 1,
      code: 'uk-standard',
      price: '4.50',
      free_over: null,
    });
  });
});
