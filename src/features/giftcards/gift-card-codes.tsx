/**
 * The checkout's gift cards (decision 090): a code typed and applied is checked against its
 * balance (`POST /gift-cards/balance/`) and listed by its last four with what it holds; the
 * order sends the codes (`gift_cards`), and the server spends them before the payment method,
 * each what it can. A code may be removed before the order is placed.
 */
import { toDecimal, toMinorUnits } from '../../../common/money';
import { useState } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { useGiftCardBalance } from './api';
import './gift-cards.css';

/** An applied card: its code (sent with the order) and what the balance page said. */
export interface AppliedGiftCard {
  code: string;
  lastFour: string;
  balance: string;
}

/** The gift card field and the cards applied (see the module comment). */
export function GiftCardCodes({
  cards,
  onChange,
  formatPrice,
  total,
}: {
  cards: AppliedGiftCard[];
  onChange: (cards: AppliedGiftCard[]) => void;
  formatPrice: (amount: string) => string;
  /** The order's total as quoted (decimal string), or null before the quote. */
  total: string | null;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = useGiftCardBalance();

  const apply = () => {
    setProblem(null);
    const typed = code.trim();
    if (typed === '') {
      setProblem('Enter the code printed on the gift card.');
      return;
    }
    lookup.mutate(typed, {
      onSuccess: (answer) => {
        if (answer.status !== 'active' || Number(answer.balance) <= 0) {
          setProblem(`The gift card ending ${answer.last_four} has no balance left.`);
          return;
        }
        if (cards.some((card) => card.lastFour === answer.last_four)) {
          setProblem(`The gift card ending ${answer.last_four} is applied already.`);
          return;
        }
        onChange([...cards, { code: typed, lastFour: answer.last_four, balance: answer.balance }]);
        setCode('');
      },
      onError: (error) => setProblem(apiErrorMessage(error, 'Could not check the gift card.')),
    });
  };

  return (
    <fieldset className="checkout-fieldset giftcard-codes">
      <legend className="checkout-legend">Gift cards</legend>
      {cards.length > 0 ? (
        <ul className="giftcard-codes__list">
          {cards.map((card) => (
            <li key={card.lastFour}>
              Gift card ending {card.lastFour}: {formatPrice(card.balance)} available{' '}
              <button
                type="button"
                className="giftcard-codes__remove"
                onClick={() => onChange(cards.filter((c) => c.lastFour !== card.lastFour))}
              >
                Remove<span className="visually-hidden"> gift card ending {card.lastFour}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {cards.length > 0 && total !== null ? (
        <CardsPay cards={cards} total={total} formatPrice={formatPrice} />
      ) : null}
      <div className="giftcard-field">
        <label htmlFor="giftcard-apply-code">Gift card code</label>
        <div className="giftcard-codes__row">
          <input
            id="giftcard-apply-code"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={code}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'giftcard-apply-error' : 'giftcard-apply-note'}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          <button
            type="button"
            className="button-secondary"
            disabled={lookup.isPending}
            onClick={apply}
            // The checkout has the discount code's Apply too: each says what it applies.
            aria-label="Apply gift card"
          >
            Apply
          </button>
        </div>
        {problem ? (
          <p id="giftcard-apply-error" className="giftcard-error" role="alert">
            {problem}
          </p>
        ) : (
          <p id="giftcard-apply-note" className="giftcard-note">
            Gift cards pay first; the payment method below pays the rest.
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** What the applied cards pay of the total, and what is left to the payment method (cents). */
function CardsPay({
  cards,
  total,
  formatPrice,
}: {
  cards: AppliedGiftCard[];
  total: string;
  formatPrice: (amount: string) => string;
}) {
  const totalCents = toMinorUnits(total) ?? 0;
  const held = cards.reduce((sum, card) => sum + (toMinorUnits(card.balance) ?? 0), 0);
  const paid = Math.min(held, totalCents);
  const left = totalCents - paid;
  const money = (cents: number) => formatPrice(toDecimal(cents));
  return (
    <p className="giftcard-note" role="status">
      {left === 0
        ? `Gift cards pay all ${money(totalCents)}: nothing is left to pay.`
        : `Gift cards pay ${money(paid)}; ${money(left)} is left to pay by the payment method.`}
    </p>
  );
}
