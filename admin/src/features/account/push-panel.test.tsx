/**
 * The account's notifications panel: turning notifications on for this device sends the
 * browser's subscription to the server and says so; a browser that refuses says how to allow
 * them; turning off tells the server which device; each switch saves as it is changed; a server
 * without push keys and a browser that cannot receive notifications each say so in plain words.
 * The browser's side (service worker, PushManager) is ./push-device.ts, stubbed here.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { PushSettings } from './push-api';
import * as device from './push-device';
import { PushPanel } from './push-panel';

vi.mock('./push-device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./push-device')>()),
  deviceState: vi.fn(async () => 'off'),
  subscribeThisDevice: vi.fn(),
  unsubscribeThisDevice: vi.fn(),
}));

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/this-phone',
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
const settings = (change: Partial<PushSettings> = {}): PushSettings => ({
  public_key: KEY,
  events: { order_paid: true, transfer_to_confirm: true, new_message: true },
  devices: 0,
  ...change,
});

beforeEach(() => {
  signIn();
  vi.mocked(device.deviceState).mockResolvedValue('off');
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the notifications panel', () => {
  it("turns notifications on for this device with the server's key, and says so", async () => {
    vi.mocked(device.subscribeThisDevice).mockResolvedValue(SUBSCRIPTION);
    const sent = fakeApi({
      'GET /me/push/': { status: 200, body: settings() },
      'POST /me/push/subscriptions/': { status: 200, body: settings({ devices: 1 }) },
    });
    renderWithQuery(<PushPanel />);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Off here')).toBeInTheDocument();
    expect(
      within(panel).getByText('None of your devices receive notifications yet.', { exact: false }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications are on for this device.',
    );
    expect(device.subscribeThisDevice).toHaveBeenCalledWith(KEY);
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/me/push/subscriptions/', body: SUBSCRIPTION },
    ]);
    expect(screen.getByText('On here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off on this device' })).toBeInTheDocument();
    expect(
      screen.getByText('One of your devices receives notifications.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('says how to allow notifications when the browser blocks them, and sends nothing', async () => {
    vi.mocked(device.subscribeThisDevice).mockRejectedValue(new device.PushBlockedError());
    const sent = fakeApi({ 'GET /me/push/': { status: 200, body: settings() } });
    renderWithQuery(<PushPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
    );
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    expect(screen.getByText('Off here')).toBeInTheDocument();
  });

  it('turns this device off and tells the server which one', async () => {
    vi.mocked(device.deviceState).mockResolvedValue('on');
    vi.mocked(device.unsubscribeThisDevice).mockResolvedValue(SUBSCRIPTION.endpoint);
    const sent = fakeApi({
      'GET /me/push/': { status: 200, body: settings({ devices: 1 }) },
      'POST /me/push/subscriptions/remove/': { status: 204 },
    });
    renderWithQuery(<PushPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications are off for this device.',
    );
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/me/push/subscriptions/remove/',
        body: { endpoint: SUBSCRIPTION.endpoint },
      },
    ]);
  });

  it('saves a switch as it is changed, and shows it saved', async () => {
    const sent = fakeApi({
      'GET /me/push/': { status: 200, body: settings() },
      'PATCH /me/push/': {
        status: 200,
        body: settings({
          events: { order_paid: true, transfer_to_confirm: true, new_message: false },
        }),
      },
    });
    renderWithQuery(<PushPanel />);
    const messages = await screen.findByRole('checkbox', { name: 'New messages from shoppers' });
    expect(messages).toBeChecked();
    expect(messages).toHaveAccessibleDescription('Only that a message came, never its words.');
    await userEvent.click(messages);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(screen.getByRole('checkbox', { name: 'New messages from shoppers' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New paid orders' })).toBeChecked();
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/me/push/', body: { new_message: false } },
    ]);
  });

  it('keeps every switch usable, and the focus on it, while a change is on its way', async () => {
    const answers: ((response: Response) => void)[] = [];
    const sent = fakeApi({
      'GET /me/push/': { status: 200, body: settings() },
      'PATCH /me/push/': () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    renderWithQuery(<PushPanel />);
    const messages = await screen.findByRole('checkbox', { name: 'New messages from shoppers' });
    const paid = screen.getByRole('checkbox', { name: 'New paid orders' });
    await userEvent.click(messages);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(messages).toBeEnabled();
    expect(messages).toHaveFocus();
    expect(messages).not.toBeChecked();
    await userEvent.click(paid);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(paid).toHaveFocus();
    expect(paid).not.toBeChecked();
    const answer = (events: PushSettings['events']) =>
      new Response(JSON.stringify(settings({ events })), {
        headers: { 'Content-Type': 'application/json' },
      });
    answers[0]!(answer({ order_paid: true, transfer_to_confirm: true, new_message: false }));
    answers[1]!(answer({ order_paid: false, transfer_to_confirm: true, new_message: false }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(messages).not.toBeChecked();
    expect(paid).not.toBeChecked();
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { new_message: false },
      { order_paid: false },
    ]);
  });

  it('says when the server has no push keys, or the browser cannot show notifications', async () => {
    fakeApi({ 'GET /me/push/': { status: 200, body: settings({ public_key: null }) } });
    const { unmount } = renderWithQuery(<PushPanel />);
    expect(
      await screen.findByText('Notifications are not set up on this server.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    vi.mocked(device.deviceState).mockResolvedValue('unsupported');
    fakeApi({ 'GET /me/push/': { status: 200, body: settings() } });
    renderWithQuery(<PushPanel />);
    expect(await screen.findByText(/add the back office to your Home Screen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Turn on/ })).toBeNull();
    // The switches still choose what the member's other devices are told of.
    expect(screen.getByRole('checkbox', { name: 'New paid orders' })).toBeEnabled();
  });
});
