/**
 * Whether the shop sells, at the top of Today (issue 38, decision 079 "Launch"):
 *
 * - closed (before launch): the set-up checklist, each item done or not with a link to where it
 *   is done, and Launch (owners only), which on a refusal lists what is left; "Preview shop"
 *   shows the shop as it will look (any member), and whoever has the preview password set in
 *   Settings › Site sees it too;
 * - open: one line, "The shop is open", with "Close for a holiday" (owners), which asks for the
 *   words shoppers read meanwhile;
 * - on holiday: those words, and Reopen (owners).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CLOSED_MESSAGE_MAX_LENGTH } from '../../../../common/shop-status';
import { ApiError, errorMessage } from '../../api/errors';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { isOwner, meQuery } from '../auth/api';
import {
  shopLaunchQuery,
  useCloseShop,
  useLaunchShop,
  useReopenShop,
  useStartPreview,
  type ChecklistItem,
  type ShopLaunch,
} from './api';

/** The card for the shop's state; nothing while it loads or when it cannot be read. */
export function LaunchCard() {
  const shop = useQuery(shopLaunchQuery());
  const owner = isOwner(useQuery(meQuery()).data);
  if (!shop.data) return null;
  if (shop.data.status === 'closed') return <ChecklistCard shop={shop.data} owner={owner} />;
  return <OpenLine shop={shop.data} owner={owner} />;
}

/** The items left of a refused launch (`missing`), or none when the answer has none. */
function missingOf(error: unknown): ChecklistItem[] {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return [];
  const missing = (error.body as { missing?: unknown }).missing;
  return Array.isArray(missing) ? (missing as ChecklistItem[]) : [];
}

function ChecklistCard({ shop, owner }: { shop: ShopLaunch; owner: boolean }) {
  const launch = useLaunchShop();
  const done = shop.checklist.filter((item) => item.done).length;
  const missing = missingOf(launch.error);
  return (
    <section className="panel launch-card" aria-labelledby="launch-title">
      <div className="panel-head">
        <h2 id="launch-title">Get ready to open</h2>
        <span className="count">
          {done} of {shop.checklist.length} done
        </span>
      </div>
      <p className="muted launch-intro">
        Until you launch it, the shop shows “Opening soon” with its name. Shoppers cannot see the
        products or order.
      </p>
      <ul className="plain checklist">
        {shop.checklist.map((item) => (
          <li key={item.key} className={item.done ? 'checklist-item is-done' : 'checklist-item'}>
            <span className="checklist-mark" aria-hidden="true">
              {item.done ? '✓' : ''}
            </span>
            <span className="checklist-label">
              {item.label}
              <span className="visually-hidden">{item.done ? ': done' : ': not done yet'}</span>
            </span>
            {!item.done && item.where ? (
              <Link to={item.where as LinkProps['to']} className="checklist-link">
                Set up<span className="visually-hidden">: {item.label}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {launch.isError ? (
        <Notice tone="error">
          {missing.length > 0 ? (
            <>
              <p>The shop cannot launch yet. Still to do:</p>
              <ul>
                {missing.map((item) => (
                  <li key={item.key}>{item.label}</li>
                ))}
              </ul>
            </>
          ) : (
            errorMessage(launch.error)
          )}
        </Notice>
      ) : null}
      <div className="button-row">
        {owner ? (
          <button
            type="button"
            className="button button-primary"
            disabled={launch.isPending}
            onClick={() => launch.mutate()}
          >
            {launch.isPending ? 'Launching…' : 'Launch'}
          </button>
        ) : null}
        <PreviewButton />
      </div>
    </section>
  );
}

/**
 * "Preview shop": sets the storefront's preview cookie for this member, then opens the shop in
 * a new tab (opened at the click, so no pop-up blocker stops it, and sent on once the cookie is
 * set).
 */
export function PreviewButton() {
  const start = useStartPreview();
  const preview = () => {
    const tab = window.open('', '_blank');
    start.mutate(undefined, {
      onSuccess: ({ storefront_url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = storefront_url;
        } else window.location.assign(storefront_url);
      },
      onError: () => tab?.close(),
    });
  };
  return (
    <>
      <button type="button" className="button" disabled={start.isPending} onClick={preview}>
        Preview shop
      </button>
      {start.isError ? <Notice tone="error">{errorMessage(start.error)}</Notice> : null}
    </>
  );
}

const closeSchema = z.object({
  message: z
    .string()
    .max(
      CLOSED_MESSAGE_MAX_LENGTH,
      `Ensure this field has no more than ${CLOSED_MESSAGE_MAX_LENGTH} characters.`,
    ),
});
type CloseValues = z.infer<typeof closeSchema>;

function OpenLine({ shop, owner }: { shop: ShopLaunch; owner: boolean }) {
  const [closing, setClosing] = useState(false);
  const reopen = useReopenShop();
  const holiday = shop.status === 'holiday';
  return (
    <section className="panel launch-line" aria-labelledby="launch-title">
      <div className="launch-line-head">
        <h2 id="launch-title" className="launch-state">
          <span className={holiday ? 'launch-dot is-holiday' : 'launch-dot'} aria-hidden="true" />
          {holiday ? 'The shop is closed for a holiday' : 'The shop is open'}
        </h2>
        {owner && !closing ? (
          holiday ? (
            <button
              type="button"
              className="button button-primary"
              disabled={reopen.isPending}
              onClick={() => reopen.mutate()}
            >
              {reopen.isPending ? 'Reopening…' : 'Reopen'}
            </button>
          ) : (
            <button type="button" className="button" onClick={() => setClosing(true)}>
              Close for a holiday
            </button>
          )
        ) : null}
      </div>
      {holiday ? (
        <p className="launch-message">
          {shop.closed_message ?? 'Shoppers read: “The shop is closed for a holiday.”'}
        </p>
      ) : null}
      {holiday ? (
        <p className="muted small">Shoppers can browse, but cannot add to the cart or order.</p>
      ) : null}
      {reopen.isError ? <Notice tone="error">{errorMessage(reopen.error)}</Notice> : null}
      {closing ? <CloseForm onDone={() => setClosing(false)} /> : null}
    </section>
  );
}

function CloseForm({ onDone }: { onDone: () => void }) {
  const close = useCloseShop();
  const form = useForm<CloseValues>({
    resolver: zodResolver(closeSchema),
    values: { message: '' },
  });
  const { TextAreaField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['message'], async ({ message: text }) => {
    await close.mutateAsync(text.trim() === '' ? null : text);
    onDone();
  });
  return (
    <Form form={form} idPrefix="holiday" onSubmit={submit} aria-label="Close for a holiday">
      {message ? <Notice tone="error">{message}</Notice> : null}
      <TextAreaField
        name="message"
        label="Message for shoppers"
        hint="Shown at the top of every page while the shop is closed, such as when you are back."
        rows={3}
        maxLength={CLOSED_MESSAGE_MAX_LENGTH}
      />
      <FormButtons
        busy={close.isPending}
        label="Close the shop"
        busyLabel="Closing…"
        onCancel={onDone}
      />
    </Form>
  );
}
