/**
 * A gift card's purchase form on its product page (decision 090): the amount (the owner's
 * amounts, and "Other amount" within the custom range when offered), the recipient's name and
 * e-mail, an optional message and the day it is e-mailed (today or later), checked with zod
 * (./schemas.ts) and again by the server, whose field errors stand under their controls. Loaded
 * only for a gift card, with the purchase panel (../catalog/purchase-panel.tsx), so no other page
 * carries it. Logged out, Add to Cart goes to the login page and back.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isLoggedIn } from '../../api/token-storage';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';
import { loginHref } from '../auth/login-link';
import { useAddGiftCard, type GiftCardOffer } from './api';
import {
  chosenAmount,
  GIFT_CARD_FORM_MESSAGES,
  giftCardSchema,
  type GiftCardValues,
} from './schemas';
import './gift-cards.css';

/** Today in the shopper's time zone, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The gift card form of product `product` (see the module comment). */
export default function GiftCardForm({
  product,
  formatPrice,
}: {
  product: { id: number; slug: string; gift_card: GiftCardOffer };
  formatPrice: (amount: string) => string;
}) {
  const offer = product.gift_card;
  const ranged = offer.min_amount !== null && offer.max_amount !== null;
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<GiftCardValues>({
    resolver: zodResolver(giftCardSchema(offer, today())),
    defaultValues: {
      amount: offer.amounts[0] ?? (ranged ? 'custom' : ''),
      custom: '',
      recipient_name: '',
      recipient_email: '',
      message: '',
      deliver_on: today(),
    },
  });
  const { errors } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const add = useAddGiftCard(() => {
    const name = form.getValues('recipient_name').trim();
    setOutcome({ kind: 'success', text: GIFT_CARD_FORM_MESSAGES.added(name) });
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    if (!isLoggedIn()) {
      void navigate({ href: loginHref(`/products/${product.slug}`) });
      return;
    }
    try {
      await add.mutateAsync({
        productId: product.id,
        giftCard: {
          amount: chosenAmount(values),
          recipient_name: values.recipient_name.trim(),
          recipient_email: values.recipient_email.trim(),
          message: values.message.trim(),
          deliver_on: values.deliver_on,
        },
      });
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      for (const [key, messages] of Object.entries(fields)) {
        const name = key.replace(/^gift_card\./, '');
        if (name === 'amount') {
          form.setError(amount === 'custom' ? 'custom' : 'amount', { message: messages[0] });
          placed = true;
        } else if (name in values) {
          form.setError(name as keyof GiftCardValues, { message: messages[0] });
          placed = true;
        }
      }
      if (!placed) {
        setOutcome({ kind: 'error', text: apiErrorMessage(error, 'Could not add item to cart.') });
      }
    }
  });

  const field = (name: keyof GiftCardValues) => ({
    id: `giftcard-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `giftcard-${name}-error` : undefined,
    ...form.register(name),
  });
  const error = (name: keyof GiftCardValues) =>
    errors[name] ? (
      <p id={`giftcard-${name}-error`} className="giftcard-error">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form className="giftcard-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="giftcard-amounts">
        <legend>Amount</legend>
        {offer.amounts.map((value) => (
          <label key={value} className="giftcard-amount">
            <input type="radio" value={value} {...form.register('amount')} />
            {formatPrice(value)}
          </label>
        ))}
        {ranged ? (
          <label className="giftcard-amount">
            <input type="radio" value="custom" {...form.register('amount')} />
            Other amount
          </label>
        ) : null}
      </fieldset>
      {error('amount')}
      {amount === 'custom' ? (
        <div className="giftcard-field">
          <label htmlFor="giftcard-custom">
            Amount ({formatPrice(offer.min_amount!)} to {formatPrice(offer.max_amount!)})
          </label>
          <input type="text" inputMode="decimal" {...field('custom')} />
          {error('custom')}
        </div>
      ) : null}
      <div className="giftcard-field">
        <label htmlFor="giftcard-recipient_name">Recipient&apos;s name</label>
        <input type="text" autoComplete="off" maxLength={120} {...field('recipient_name')} />
        {error('recipient_name')}
      </div>
      <div className="giftcard-field">
        <label htmlFor="giftcard-recipient_email">Recipient&apos;s email</label>
        <input type="email" autoComplete="off" maxLength={254} {...field('recipient_email')} />
        {error('recipient_email')}
      </div>
      <div className="giftcard-field">
        <label htmlFor="giftcard-message">Message (optional)</label>
        <textarea rows={3} maxLength={500} {...field('message')} />
        {error('message')}
      </div>
      <div className="giftcard-field">
        <label htmlFor="giftcard-deliver_on">Send it on</label>
        <input type="date" min={today()} {...field('deliver_on')} />
        {error('deliver_on')}
      </div>
      <p className="giftcard-note">
        We e-mail the code and a printable card on that day, once the order is paid. Gift cards are
        never discounted.
      </p>
      <button type="submit" className="button-primary catalog-buy__button" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add to Cart'}
      </button>
      <div aria-live="polite">
        {outcome ? (
          <p
            className={`catalog-message catalog-message--${outcome.kind}`}
            role={outcome.kind === 'error' ? 'alert' : 'status'}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
