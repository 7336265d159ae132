/**
 * The products list's edits in place (issue 40: "stock and price inline"), one row at a time:
 * the stock and the price are inputs, saved when the member leaves the field or presses Enter,
 * Escape puts the saved value back. Each says what happened under it: "Saved" or the refusal
 * in the server's words, after which the field shows the saved value again (nothing half-done,
 * nothing lost: what was typed is quoted in the message).
 *
 * - Stock: `POST /products/{id}/stock/` as a count (`set`, reason `correction`) with the stock
 *   the list showed (`expected_stock`), so a sale made meanwhile is refused, not overwritten.
 *   A made-to-order piece takes no stock: its cell says so.
 * - Price: `PATCH /products/{id}/ {price}`, typed as on the form ("45", "45.5").
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { useFormatPrice } from '../../components/format';
import { MONEY_PATTERN } from '../../components/typed-money';
import { MAX_STOCK, useChangeStock } from '../stock/api';
import { useUpdateProduct, type AdminProductSummary } from './api';
import { MONEY_MESSAGE, toMoney } from './form-schema';
import { STOCK_STATE_LABELS } from './labels';

type Outcome = { tone: 'done' | 'error'; text: string } | null;

/** One inline field: its value, its save on blur or Enter, and the outcome under it. */
function InlineField({
  label,
  saved,
  inputMode,
  check,
  save,
  describe,
}: {
  /** The input's accessible name ("Stock of Cherry spoon"). */
  label: string;
  /** The value the server holds, as the input shows it. */
  saved: string;
  inputMode: 'numeric' | 'decimal';
  /** The message for a value that cannot be sent, or null. */
  check: (text: string) => string | null;
  /** Sends the value; answers the words of success. @throws the server's refusal. */
  save: (text: string) => Promise<string>;
  describe?: string;
}) {
  const id = useId();
  // What is being typed; null when the field shows the saved value.
  const [draft, setDraft] = useState<string | null>(null);
  // The value just saved, shown until the list, read again, holds it (`base` is what it held).
  const [justSaved, setJustSaved] = useState<{ value: string; base: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const shown = justSaved && justSaved.base === saved ? justSaved.value : saved;
  const text = draft ?? shown;

  async function commit() {
    const typed = text.trim();
    if (busy) return;
    setDraft(null);
    if (typed === shown) return;
    const problem = check(typed);
    if (problem) {
      setOutcome({ tone: 'error', text: `${problem} ${shown} kept.` });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const done = await save(typed);
      setJustSaved({ value: typed, base: saved });
      setOutcome({ tone: 'done', text: done });
    } catch (error) {
      setOutcome({ tone: 'error', text: `Not saved (${typed}): ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setOutcome(null);
    }
  }

  const outcomeId = `${id}-outcome`;
  return (
    <span className="inline-edit">
      <input
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        aria-label={label}
        aria-describedby={
          [describe, outcome ? outcomeId : null].filter(Boolean).join(' ') || undefined
        }
        aria-invalid={outcome?.tone === 'error' ? true : undefined}
        value={text}
        // Read-only, not disabled, while saving: a disabled field would drop the focus.
        readOnly={busy}
        aria-busy={busy || undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
      <span
        id={outcomeId}
        role={outcome?.tone === 'error' ? 'alert' : 'status'}
        className={outcome?.tone === 'error' ? 'field-error small' : 'muted small'}
      >
        {busy ? 'Saving…' : (outcome?.text ?? '')}
      </span>
    </span>
  );
}

/** The stock cell: the count as an input, with its Low or Sold out badge. */
export function InlineStock({ product }: { product: AdminProductSummary }) {
  const change = useChangeStock(product.id);
  const state = product.stock_state;
  if (state === 'made_to_order') return <>{STOCK_STATE_LABELS[state]}</>;
  const badgeId = `product-${product.id}-stock-state`;
  return (
    <>
      <InlineField
        label={`Stock of ${product.name}`}
        saved={String(product.stock)}
        inputMode="numeric"
        describe={state === 'in_stock' ? undefined : badgeId}
        check={(text) =>
          /^\d{1,7}$/.test(text) && Number(text) <= MAX_STOCK
            ? null
            : `Enter a whole number from 0 to ${MAX_STOCK}.`
        }
        save={async (text) => {
          const answer = await change.mutateAsync({
            mode: 'set',
            quantity: Number(text),
            expected_stock: product.stock,
            reason: 'correction',
          });
          return `Saved: ${answer.stock} in stock.`;
        }}
      />
      {state === 'in_stock' ? null : (
        <span
          id={badgeId}
          className={`badge badge-${state === 'sold_out' ? 'closed' : 'attention'}`}
        >
          {STOCK_STATE_LABELS[state]}
        </span>
      )}
    </>
  );
}

/** The price cell: the price as an input, in the shop's currency. */
export function InlinePrice({ product }: { product: AdminProductSummary }) {
  const update = useUpdateProduct(product.id);
  const formatPrice = useFormatPrice();
  return (
    <InlineField
      label={`Price of ${product.name}`}
      saved={product.price}
      inputMode="decimal"
      check={(text) => (MONEY_PATTERN.test(text) ? null : MONEY_MESSAGE)}
      save={async (text) => {
        const answer = await update.mutateAsync({ price: toMoney(text) });
        return `Saved: ${formatPrice(answer.price)}.`;
      }}
    />
  );
}
