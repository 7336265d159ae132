import { screen } from '@testing-library/react';
import { createTestQueryClient, renderWithRouter } from '../test/render-with-router';
import { SiteFooter } from './site-footer';

const SELLER = {
  legal_name: 'Ember & Oak Workshop Ltd',
  address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
  email: 'hello@emberandoak.example',
  company_number: '09876543',
  vat_number: 'GB284735126',
  vat_registered: true,
  vat_rate: '20.00',
};

/** The footer's `<address>`: the seller's legal block. */
const legalBlock = () => screen.getByRole('contentinfo').querySelector('address');

async function renderFooter(seller: Record<string, unknown> | undefined) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['site-settings'], { site_title: 'Ember & Oak Workshop', seller });
  return renderWithRouter(<SiteFooter now={new Date('2031-06-01T12:00:00Z')} />, { queryClient });
}

describe("the footer's legal block (E-Commerce Regulations 2002 reg. 6)", () => {
  it('names the seller, its address, e-mail, company and VAT numbers, and that prices include VAT', async () => {
    await renderFooter(SELLER);
    const block = legalBlock()!;
    expect(block.textContent).toBe(
      [
        'Ember & Oak Workshop Ltd',
        'The Old Boatyard, Quay Lane, Topsham, Exeter EX3 0JB, United Kingdom',
        'hello@emberandoak.example',
        'Company no. 09876543',
        'VAT no. GB284735126',
        'Prices include VAT at 20%.',
      ].join(''),
    );
  });

  it('leaves out the numbers a sole trader does not have, and says no VAT is charged', async () => {
    await renderFooter({
      ...SELLER,
      legal_name: 'Riverside Pottery Studio (Nell Harper)',
      company_number: null,
      vat_number: null,
      vat_registered: false,
      vat_rate: null,
    });
    const block = legalBlock()!;
    expect(block).toHaveTextContent('Riverside Pottery Studio (Nell Harper)');
    expect(block).toHaveTextContent('No VAT is charged.');
    expect(block).not.toHaveTextContent('Company no.');
    expect(block).not.toHaveTextContent('VAT no.');
  });

  it('shows no block while the seller is unknown', async () => {
    await renderFooter(undefined);
    expect(legalBlock()).toBeNull();
    expect(screen.getByText('© 2031 Ember & Oak Workshop')).toBeInTheDocument();
  });
});
