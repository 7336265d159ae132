/**
 * The page an e-mail verification link opens: the link's token is sent once (a link works
 * once, so a re-render must not spend it again) and the page shows the server's words; an
 * invalid or used link shows the server's refusal; opened without a link, it says where links
 * come from.
 */
import { screen } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { VERIFY_EMAIL_MESSAGES, VerifyEmail } from './verify-email';

function stubConfirm(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push(await request.clone().json());
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('/verify-email', () => {
  it("sends the link's token once and says the address is verified", async () => {
    const sent = stubConfirm(200, { detail: 'Your e-mail address is verified.' });
    await renderWithRouter(<VerifyEmail token="abc_DEF-123" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is verified.');
    expect(sent).toEqual([{ token: 'abc_DEF-123' }]);
  });

  it("shows the server's refusal of a used or expired link", async () => {
    stubConfirm(400, { token: ['This verification link is invalid or has expired.'] });
    await renderWithRouter(<VerifyEmail token="spent" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
  });

  it('says where the link comes from when opened without one, and sends nothing', async () => {
    const sent = stubConfirm(200, {});
    await renderWithRouter(<VerifyEmail token={undefined} />);
    expect(screen.getByText(VERIFY_EMAIL_MESSAGES.noLink)).toBeVisible();
    expect(sent).toEqual([]);
  });
});
