/*
 * /cancellation (issue 29): the 14-day right in plain words, the full information (Consumer
 * Contracts Regulations 2013 Sch. 2, Sch. 3 Part A) and the model cancellation form (Sch. 3
 * Part B) with the seller's name, address and e-mail filled in, from the site settings.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { visitRoute } from '../../test/visit-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SELLER = {
  legal_name: 'Ember & Oak Workshop Ltd',
  address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB',
  email: 'orders@emberoak.example',
  company_number: '09876543',
  vat_number: null,
  vat_registered: false,
  vat_rate: null,
};

function visit(settings: Record<string, unknown>) {
  visitRoute('/cancellation', {
    '/pages/site-settings/': {
      body: {
        site_title: 'Ember & Oak Workshop',
        site_description: '',
        contact_email: 'hello@emberoak.example',
        ...settings,
      },
    },
  });
}

describe('/cancellation', () => {
  it('explains the right in plain words: when, how, what is exempt, returns, refund', async () => {
    visit({ seller: SELLER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancellation rights' }),
    ).toBeInTheDocument();
    const short = screen.getByRole('region', { name: 'In short' });
    expect(short).toHaveTextContent(
      'From the moment you order until 14 days after the day the piece reaches you',
    );
    expect(short).toHaveTextContent(
      'Press “Withdraw from contract here” on the order’s page in your account',
    );
    expect(within(short).getByRole('link', { name: 'orders@emberoak.example' })).toHaveAttribute(
      'href',
      'mailto:orders@emberoak.example',
    );
    expect(short).toHaveTextContent(
      'Pieces made to order and pieces personalised for you, such as a knife engraved with your text, cannot be cancelled once ordered.',
    );
    expect(short).toHaveTextContent('You pay the cost of sending them back.');
    expect(short).toHaveTextContent(/We refund what you paid, .* within 14 days of receiving/);
    const terms = screen.getByRole('article', { name: 'The full terms' });
    expect(
      within(terms).getByRole('heading', { name: 'Your right to cancel' }),
    ).toBeInTheDocument();
    expect(terms).toHaveTextContent('You can also ask from your order page in your account.');
    await waitFor(() => expect(document.title).toBe('Cancellation rights | Ember & Oak Workshop'));
  });

  it("fills the model form with the seller's name, address and e-mail, and prints the page", async () => {
    visit({ seller: SELLER });
    const form = await screen.findByRole('region', { name: 'Model cancellation form' });
    expect(form).toHaveTextContent(
      'To Ember & Oak Workshop Ltd, The Old Boatyard, Quay Lane, Topsham, Exeter EX3 0JB, orders@emberoak.example:',
    );
    expect(form).toHaveTextContent(
      '(Complete and return this form only if you wish to cancel the contract)',
    );
    expect(form).toHaveTextContent(
      'Signature of consumer(s) (only if this form is notified on paper),',
    );
    expect(form).toHaveTextContent('[*] Delete as appropriate.');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.click(within(form).getByRole('button', { name: 'Print this page' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('falls back to the site title and contact e-mail while the seller is not filled in', async () => {
    visit({});
    const form = await screen.findByRole('region', { name: 'Model cancellation form' });
    expect(form).toHaveTextContent('To Ember & Oak Workshop, hello@emberoak.example:');
  });

  it('is linked from the footer and the help column', async () => {
    visit({ seller: SELLER });
    await screen.findByRole('heading', { level: 1, name: 'Cancellation rights' });
    const links = screen.getAllByRole('link', { name: 'Cancellation rights' });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/cancellation');
  });
});
