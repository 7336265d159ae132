import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { CompanyPage } from './company-page';
import { ContactPage } from './contact-page';
import { PoliciesPage } from './policies-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const CONTACT = {
  locations: [
    {
      id: 1,
      name: 'The forge',
      is_hq: true,
      address: 'Unit 3, Kelham Island\nSheffield',
      phone_number: '+44 114 496 0123',
      map_embed_link: null,
      map_location_url: null,
      image: null,
      position: 0,
    },
  ],
  emails: [{ id: 1, purpose: 'General', email_address: 'hello@example.com', position: 0 }],
  social_profiles: [
    {
      id: 1,
      platform: 'instagram',
      platform_display: 'Instagram',
      link: 'https://www.instagram.com/shop',
      position: 0,
    },
  ],
};

describe('the content screens', { timeout: 20_000 }, () => {
  it('lists the contact information and refuses a social link that is not https before sending', async () => {
    const sent = fakeApi({ 'GET /contact-info/': { status: 200, body: CONTACT } });
    renderWithQuery(<ContactPage />);
    expect(await screen.findByRole('heading', { name: 'Locations' })).toBeInTheDocument();
    expect(screen.getByText(/Headquarters · Unit 3, Kelham Island, Sheffield/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'E-mail addresses' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a social profile' }));
    const form = screen.getByRole('form', { name: 'New social profile' });
    await userEvent.selectOptions(within(form).getByLabelText('Platform'), 'twitter');
    await userEvent.type(within(form).getByLabelText('Link'), 'http://x.com/shop');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Enter an address starting with https://.'),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add an e-mail address' })).toBeInTheDocument();
  });

  it('saves the company tagline and shows the core values in order', async () => {
    const page = {
      tagline: 'Made by hand',
      history_summary: 'Since 2014.',
      mission_statement: 'Tools that last.',
      vision_statement: 'Fewer, better things.',
      core_values: [
        { id: 1, name: 'Craft', description: 'By hand.', position: 0 },
        { id: 2, name: 'Patience', description: 'Slowly.', position: 1 },
      ],
    };
    const sent = fakeApi({
      'GET /company/': { status: 200, body: page },
      'PATCH /company/': { status: 200, body: { ...page, tagline: 'Forged slowly' } },
    });
    renderWithQuery(<CompanyPage />);
    const tagline = await screen.findByLabelText('Tagline');
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Craft', 'Patience']);
    await userEvent.clear(tagline);
    await userEvent.type(tagline, 'Forged slowly');
    await userEvent.click(screen.getByRole('button', { name: 'Save the company page' }));
    expect(await screen.findByText('The company page was saved.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      tagline: 'Forged slowly',
    });
  });

  it('shows both policies, one not written yet, each with its own Save', async () => {
    fakeApi({
      'GET /policies/refund_policy/': {
        status: 200,
        body: {
          document_type: 'refund_policy',
          title: 'Refund policy',
          content: '<p>30 days.</p>',
          updated_at: '2026-11-27T09:00:00Z',
        },
      },
      'GET /policies/privacy_policy/': {
        status: 200,
        body: {
          document_type: 'privacy_policy',
          title: 'Privacy policy',
          content: '',
          updated_at: null,
        },
      },
    });
    renderWithQuery(<PoliciesPage />);
    const refund = await screen.findByRole('form', { name: 'Refund policy' });
    expect(within(refund).getByRole('textbox', { name: 'Text' })).toHaveTextContent('30 days.');
    await waitFor(() => expect(screen.getByText('Not written yet.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save the privacy policy' })).toBeInTheDocument();
  });
});
