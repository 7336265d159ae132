/**
 * How an order's move that worked says so, where the member is looking: each form or button
 * names its place (`at`), and the order page shows the message there, in a `MoveStatus` that
 * stays when the form goes (a form that made its move usually disappears, as the order's
 * `actions` change, or closes). The message is a status (role="status", read out politely),
 * scrolled into view and focused, so a hurried maker on a phone sees and hears what happened
 * instead of the next form. One message at a time: a new move's replaces the last.
 *
 * The places: `actions` (Mark paid, Reopen, Refund, Cancel: the Actions panel),
 * `shipment-<index>` (Ship, Mark ready, Mark collected, Correct tracking: the shipment),
 * `owed-<refund|payment>-<id>` (Mark paid back: the refund or payment it settles).
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { Notice } from '../../components/notice';

/** The last move's message and where it shows; `seq` tells two equal messages apart. */
export interface MoveDoneState {
  message: string;
  at: string;
  seq: number;
}

/** Says a move worked, in words, at the place `at` (see the module comment). */
export type AnnounceMove = (message: string, at: string) => void;

/** What the order page provides: the announcer, and the message now shown. */
export const MoveDone = createContext<{ announce: AnnounceMove; done: MoveDoneState | null }>({
  announce: () => {},
  done: null,
});

/** The place of shipment `index`'s moves. */
export const shipmentPlace = (index: number) => `shipment-${index}`;

/** The place of a refund or payment owed by hand (Mark paid back's message shows there). */
export const owedPlace = (
  owed: { kind: 'refund'; id: number } | { kind: 'payment'; uuid: string },
) => (owed.kind === 'refund' ? `owed-refund-${owed.id}` : `owed-payment-${owed.uuid}`);

/** The announcer of the order page (a no-op outside one). */
export function useAnnounceMove(): AnnounceMove {
  return useContext(MoveDone).announce;
}

/**
 * The last move's message when it belongs at `at`: a success status, brought into view and
 * focused once each time a move announces it.
 */
export function MoveStatus({ at }: { at: string }) {
  const { done } = useContext(MoveDone);
  const ref = useRef<HTMLDivElement>(null);
  const shown = done && done.at === at ? done : null;
  useEffect(() => {
    const box = ref.current;
    if (!shown || !box) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    box.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    box.focus({ preventScroll: true });
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} className="move-status" data-testid="move-status">
      <Notice tone="success">{shown.message}</Notice>
    </div>
  );
}
