/**
 * `/gift-cards/balance` (decision 090): a code typed in, its balance and expiry answered, the
 * card named by its last four only. The server throttles the look-ups (10 codes in 15 minutes
 * from one address: "Request was throttled. Expected available in N seconds.").
 */
import { type FormEvent, useState } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { formatPrice } from '../../../common/money';
import { useGiftCardBalance } from './api';
import './gift-cards.css';

/** The balance page (see the module comment). */
export function GiftCardBalancePage() {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = useGiftCardBalance();
  const answer = lookup.data;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (code.trim() === '') {
      setProblem('Enter the code printed on the gift card.');
      return;
    }
    lookup.mutate(code.trim(), {
      onError: (error) => setProblem(apiErrorMessage(error, 'Could not check the balance.')),
    });
  };

  return (
    <div className="page-container giftcard-balance">
      <h1>Gift card balance</h1>
      <p className="giftcard-note">
        Enter the code from the gift card e-mail to see what is left on it.
      </p>
      <form className="giftcard-form" noValidate onSubmit={onSubmit}>
        <div className="giftcard-field">
          <label htmlFor="giftcard-code">Gift card code</label>
          <input
            id="giftcard-code"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={code}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'giftcard-code-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          {problem ? (
            <p id="giftcard-code-error" className="giftcard-error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button-primary" disabled={lookup.isPending}>
          {lookup.isPending ? 'Checking…' : 'Check balance'}
        </button>
      </form>
      <div aria-live="polite">
        {answer && !problem ? (
          <p className="giftcard-balance__answer" role="status">
            {answer.status === 'cancelled'
              ? `The gift card ending ${answer.last_four} is cancelled.`
              : `The gift card ending ${answer.last_four} has ${formatPrice(answer.balance, answer.currency)} left.`}
            {answer.expires_at
              ? ` It expires on ${new Date(answer.expires_at).toLocaleDateString('en-GB', { dateStyle: 'long' })}.`
              : ' It does not expire.'}
          </p>
        ) : null}
      </div>
    </div>
  );
}
