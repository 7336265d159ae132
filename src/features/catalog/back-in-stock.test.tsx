/**
 * "E-mail me when it is back" in the storefront (issue 42): the form refuses an empty or
 * malformed address next to the field without asking the server, sends a good one with the
 * product's id and shows the server's words; the confirmation page sends the link's token once
 * and shows the server's answer with a link to the piece, or its refusal.
 */
import { fireEvent, screen } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { BackInStockConfirm } from './back-in-stock-confirm';
import { BACK_IN_STOCK_FORM_MESSAGES, BackInStockForm } from './back-in-stock-form';

function stubApi(status: number, body: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({ url: request.url, body: await request.clone().json() });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const SENT =
  'Check your inbox: we have sent a link to ada@example.com. Follow it within 7 days and we will e-mail you once when this piece is back.';

describe('the form on a sold-out piece', () => {
  it('refuses an empty or malformed address without asking the server', async () => {
    const sent = stubApi(202, { detail: SENT });
    await renderWithRouter(<BackInStockForm productId={12} />);
    const button = screen.getByRole('button', { name: 'E-mail me when it is back' });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      BACK_IN_STOCK_FORM_MESSAGES.required,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'not-an-address' },
    });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the address with the piece and shows the server’s words', async () => {
    const sent = stubApi(202, { detail: SENT });
    await renderWithRouter(<BackInStockForm productId={12} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: ' ada@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me when it is back' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/products\/back-in-stock\/$/) as string,
        body: { product: 12, email: 'ada@example.com' },
      },
    ]);
  });
});

describe('/back-in-stock/confirm', () => {
  it('sends the token once and says it is confirmed, with a link to the piece', async () => {
    const detail =
      'Confirmed: we will e-mail you once when Ash bowl is back in stock, then forget your address.';
    const sent = stubApi(200, { detail, product: { name: 'Ash bowl', slug: 'ash-bowl' } });
    await renderWithRouter(<BackInStockConfirm token="abc_DEF-123" />);
    expect(await screen.findByText(detail)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'See Ash bowl' })).toHaveAttribute(
      'href',
      '/products/ash-bowl',
    );
    expect(sent.map((s) => s.body)).toEqual([{ token: 'abc_DEF-123' }]);
  });

  it('says the link is no longer valid', async () => {
    const refusal =
      'This link is no longer valid. It may have expired: ask again on the piece’s page.';
    stubApi(400, { token: [refusal] });
    await renderWithRouter(<BackInStockConfirm token="spent" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});
