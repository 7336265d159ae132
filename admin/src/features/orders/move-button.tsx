/**
 * A move made with one click (Reopen, Mark ready to collect, Mark collected): the refusal's
 * words above its button; the button, disabled and saying `busyLabel` ("Saving…" unless given)
 * while the request is on the way, sends `variables` once at a time (components/
 * use-single-flight.ts) and, once the server took it, says `done` at `at` through ./move-done.tsx.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors';
import { Notice } from '../../components/notice';
import { useSingleFlight } from '../../components/use-single-flight';
import type { AdminOrder } from './api';
import { useAnnounceMove } from './move-done';

export function MoveButton<V>({
  move,
  variables,
  label,
  busyLabel = 'Saving…',
  className = 'button button-primary',
  done,
  at,
}: {
  move: UseMutationResult<AdminOrder, Error, V>;
  variables: V;
  label: string;
  busyLabel?: string;
  className?: string;
  done: string;
  /** Where the message shows (./move-done.tsx). */
  at: string;
}) {
  const announce = useAnnounceMove();
  const once = useSingleFlight();
  const send = () =>
    once(() =>
      move.mutateAsync(variables).then(
        () => announce(done, at),
        () => undefined,
      ),
    );
  return (
    <>
      {move.isError ? <Notice tone="error">{errorMessage(move.error)}</Notice> : null}
      <div className="button-row">
        <button
          type="button"
          className={className}
          disabled={move.isPending}
          onClick={() => void send()}
        >
          {move.isPending ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
