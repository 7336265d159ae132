/**
 * The account's notifications panel: turn notifications on or off for this device (phone or
 * computer), and choose, for all the member's devices, what they are told of at once: a new
 * paid order, an order waiting for a bank transfer to confirm, a new message from a shopper.
 * The e-mails of these events keep coming either way.
 *
 * Turning on asks the browser's permission, registers the back office's service worker and
 * sends the browser's subscription to the server (./push-device.ts). A browser that cannot
 * (an iPhone's Safari outside the Home Screen app, an old browser) is told how to get there; a
 * server without push keys says so. Each switch saves as it is changed, and says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useSingleFlight } from '../../components/use-single-flight';
import {
  pushSettingsQuery,
  useAddPushSubscription,
  useRemovePushSubscription,
  useUpdatePushEvents,
  type PushEvents,
} from './push-api';
import { deviceState, subscribeThisDevice, unsubscribeThisDevice } from './push-device';

/** The switches, in the order a maker's day meets them, in the maker's words. */
const EVENTS: { key: keyof PushEvents; label: string; hint: string }[] = [
  {
    key: 'order_paid',
    label: 'New paid orders',
    hint: 'The order number and amount, as soon as it is paid.',
  },
  {
    key: 'transfer_to_confirm',
    label: 'Bank transfers to confirm',
    hint: 'An order waiting for money you check for and mark paid.',
  },
  {
    key: 'new_message',
    label: 'New messages from shoppers',
    hint: 'Only that a message came, never its words.',
  },
];

type DeviceState = 'checking' | 'on' | 'off' | 'unsupported';

/** How many of the member's devices are told, in words. */
function devicesLine(devices: number): string {
  if (devices === 0) return 'None of your devices receive notifications yet.';
  if (devices === 1) return 'One of your devices receives notifications.';
  return `${devices} of your devices receive notifications.`;
}

export function PushPanel() {
  const settings = useQuery(pushSettingsQuery());
  const add = useAddPushSubscription();
  const remove = useRemovePushSubscription();
  const update = useUpdatePushEvents();
  const once = useSingleFlight();
  const [device, setDevice] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void deviceState().then((state) => {
      if (live) setDevice(state);
    });
    return () => {
      live = false;
    };
  }, []);

  const turnOn = (publicKey: string) =>
    once(async () => {
      setBusy(true);
      setMessage(null);
      try {
        const subscription = await subscribeThisDevice(publicKey);
        await add.mutateAsync(subscription);
        setDevice('on');
        setMessage({ tone: 'success', text: 'Notifications are on for this device.' });
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      } finally {
        setBusy(false);
      }
    });

  const turnOff = () =>
    once(async () => {
      setBusy(true);
      setMessage(null);
      try {
        const endpoint = await unsubscribeThisDevice();
        if (endpoint) await remove.mutateAsync(endpoint);
        setDevice('off');
        setMessage({ tone: 'success', text: 'Notifications are off for this device.' });
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      } finally {
        setBusy(false);
      }
    });

  // A switch shows its new position at once, while the change is on its way; the server's
  // answer (or, after a refusal, the position it kept) takes over when it comes.
  const [moving, setMoving] = useState<Partial<PushEvents>>({});
  // Each click is followed to its own answer (mutateAsync: a mutate call's callbacks would
  // fire for the latest call only, leaving an earlier box held), so the boxes stay enabled.
  const toggle = async (key: keyof PushEvents, on: boolean) => {
    setMoving((held) => ({ ...held, [key]: on }));
    try {
      await update.mutateAsync({ [key]: on });
      setMessage({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setMoving((held) => {
        // A later click on the same box holds its own value until its answer.
        if (held[key] !== on) return held;
        const rest = { ...held };
        delete rest[key];
        return rest;
      });
    }
  };

  return (
    <section className="panel" aria-labelledby="push-title">
      <div className="panel-head">
        <h2 id="push-title">Notifications</h2>
        {device === 'on' || device === 'off' ? (
          <span className={device === 'on' ? 'badge badge-done' : 'badge badge-closed'}>
            {device === 'on' ? 'On here' : 'Off here'}
          </span>
        ) : null}
      </div>
      <p>Be told at once on this phone or computer, even when the back office is closed.</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data.public_key === null ? (
        <Notice tone="info">Notifications are not set up on this server.</Notice>
      ) : (
        <>
          {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
          {device === 'unsupported' ? (
            <Notice tone="info">
              This browser cannot show notifications from the back office. On an iPhone or iPad, add
              the back office to your Home Screen (Share, then Add to Home Screen) and open it from
              there.
            </Notice>
          ) : (
            <div className="button-row">
              {device === 'on' ? (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void turnOff()}
                >
                  {busy ? 'Turning off…' : 'Turn off on this device'}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy || device === 'checking'}
                  onClick={() => void turnOn(settings.data.public_key!)}
                >
                  {busy ? 'Turning on…' : 'Turn on for this device'}
                </button>
              )}
            </div>
          )}
          <fieldset className="push-events">
            <legend>Tell me about</legend>
            {EVENTS.map((event) => (
              <div className="check" key={event.key}>
                <input
                  id={`push-${event.key}`}
                  type="checkbox"
                  checked={moving[event.key] ?? settings.data.events[event.key]}
                  aria-describedby={`push-${event.key}-hint`}
                  onChange={(change) => void toggle(event.key, change.target.checked)}
                />
                <div>
                  <label htmlFor={`push-${event.key}`}>{event.label}</label>
                  <p id={`push-${event.key}-hint`} className="field-hint">
                    {event.hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <p className="muted small">
            {devicesLine(settings.data.devices)} The e-mails keep coming either way.
          </p>
        </>
      )}
    </section>
  );
}
