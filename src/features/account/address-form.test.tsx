import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { ADDRESS_FORM_FALLBACK, AddressForm } from './address-form';
import { EMPTY_ADDRESS_FORM, requiredMessage } from './schemas';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ReturnType<typeof vi.fn>;

const SHOP = {
  countries: [
    { code: 'FR', name: 'France' },
    { code: 'GB', name: 'United Kingdom' },
  ],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
};

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue({ data: SHOP });
});

const HOME = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 1904 496 0123',
  street: '7 Wren Close',
  city: 'York',
  postalCode: 'YO1 7HH',
  country: 'GB',
};

async function fillAll(values: Partial<typeof HOME>) {
  const user = userEvent.setup();
  const labels: Record<keyof typeof HOME, string> = {
    fullname: 'Full name',
    contact_number: 'Contact number',
    street: 'Street address',
    city: 'City',
    postalCode: 'Postal code',
    country: 'Country',
  };
  for (const [name, value] of Object.entries(values)) {
    const control = await screen.findByLabelText(labels[name as keyof typeof HOME]);
    if (name === 'country') await user.selectOptions(control, value);
    else await user.type(control, value);
  }
  return user;
}

describe('AddressForm', () => {
  it("names each blank field: 'Full name is required.', … and saves nothing", async () => {
    const onSubmit = vi.fn(async () => undefined);
    await renderWithRouter(
      <AddressForm initial={EMPTY_ADDRESS_FORM} submitLabel="Save address" onSubmit={onSubmit} />,
      { path: '/account/addresses' },
    );
    const user = await fillAll({ fullname: 'Ada', street: '   ' });
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    for (const label of ['Contact number', 'Street address', 'City', 'Postal code', 'Country']) {
      expect(await screen.findByText(requiredMessage(label))).toBeInTheDocument();
    }
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    expect(screen.queryByText('Full name is required.')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed fields and the default choice', async () => {
    const onSubmit = vi.fn(async () => undefined);
    await renderWithRouter(
      <AddressForm initial={EMPTY_ADDRESS_FORM} submitLabel="Save address" onSubmit={onSubmit} />,
      { path: '/account/addresses' },
    );
    const user = await fillAll({ ...HOME, city: '  York  ' });
    await user.click(screen.getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...HOME, is_default: true });
  });

  it("puts the server's field errors beside their fields and its detail above the form", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, { city: ['This field may not be blank.'] }))
      .mockRejectedValueOnce(
        new ApiError(400, {
          detail: 'You can save at most 20 addresses. Delete one to add another.',
        }),
      )
      .mockRejectedValueOnce(new Error('Failed to fetch'));
    await renderWithRouter(
      <AddressForm
        initial={{ ...EMPTY_ADDRESS_FORM, ...HOME }}
        submitLabel="Save address"
        onSubmit={onSubmit}
      />,
      { path: '/account/addresses' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save address' }));
    const message = await screen.findByText('This field may not be blank.');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-describedby', message.id);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can save at most 20 addresses. Delete one to add another.',
    );
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(ADDRESS_FORM_FALLBACK)).toBeInTheDocument();
    expect(ADDRESS_FORM_FALLBACK).toBe('Could not save the address. Please try again.');
  });

  it('keeps the default box ticked and disabled for the default address', async () => {
    await renderWithRouter(
      <AddressForm
        initial={{ ...HOME, is_default: true }}
        lockDefault
        submitLabel="Save changes"
        onSubmit={async () => undefined}
      />,
      { path: '/account/addresses' },
    );
    const box = await screen.findByRole('checkbox', { name: 'This is your default address' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });

  it("chooses the country among the shop's, by name, keeping its code", async () => {
    await renderWithRouter(
      <AddressForm initial={EMPTY_ADDRESS_FORM} submitLabel="Save address" onSubmit={vi.fn()} />,
      { path: '/account/addresses' },
    );
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(get).toHaveBeenCalledWith('/shipping/options/', expect.anything());
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => [option.textContent, (option as HTMLOptionElement).value]),
    ).toEqual([
      ['Choose a country', ''],
      ['France', 'FR'],
      ['United Kingdom', 'GB'],
    ]);
    expect(country).toHaveValue('');
  });

  it('opens an address saved with a country name on its code, and one the shop does not ship to on none', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { unmount } = await renderWithRouter(
      <AddressForm
        initial={{ ...HOME, country: 'united kingdom', is_default: false }}
        submitLabel="Save changes"
        onSubmit={onSubmit}
      />,
      { path: '/account/addresses' },
    );
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('GB');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...HOME, is_default: false });
    unmount();

    await renderWithRouter(
      <AddressForm
        initial={{ ...HOME, country: 'Narnia', is_default: false }}
        submitLabel="Save changes"
        onSubmit={onSubmit}
      />,
      { path: '/account/addresses' },
    );
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Country is required.')).toBeInTheDocument();
  });

  it("says 'Could not load the countries we deliver to. Please try again.' when they do not load", async () => {
    get.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await renderWithRouter(
      <AddressForm initial={EMPTY_ADDRESS_FORM} submitLabel="Save address" onSubmit={vi.fn()} />,
      { path: '/account/addresses' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the countries we deliver to. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Country' })).toBeInTheDocument();
  });

  it('posts natively, so a submit before the scripts run never puts the address in the URL', async () => {
    await renderWithRouter(
      <AddressForm initial={EMPTY_ADDRESS_FORM} submitLabel="Save address" onSubmit={vi.fn()} />,
      { path: '/account/addresses' },
    );
    const field = await screen.findByLabelText('Full name');
    expect(field.closest('form')).toHaveAttribute('method', 'post');
  });
});
