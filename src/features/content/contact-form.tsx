/**
 * The contact message form (spec sections 2, 3, 5 and 8): react-hook-form with the
 * zod schema beside it. On success the spec's thanks show and the form empties; on failure
 * the server's detail (a 429 included), else its field errors as 'field: messages; …', else
 * 'Failed to send message. Please try again later.'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { contactSendErrorMessage, useSendContactMessage } from './api';
import {
  CONTACT_FORM_MESSAGES,
  CONTACT_LIMITS,
  contactMessageOf,
  contactSchema,
  EMPTY_CONTACT_VALUES,
  type ContactValues,
} from './schemas';
import { PostForm } from '../../components/post-form';

/** A labelled control with its error, tied together for screen readers. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactElement;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="content-field">
      <label htmlFor={id} className="content-field__label">
        {label}
        {hint ? <span className="content-field__hint"> {hint}</span> : null}
      </label>
      {children(error ? errorId : undefined)}
      {error ? (
        <p id={errorId} className="content-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One of the form's one-line inputs: its id and label, the input's type (text when left out)
 * and its autofill hint.
 */
interface InputSpec {
  id: string;
  label: string;
  type?: 'email' | 'tel';
  autoComplete?: string;
  /** Labelled "(optional)": the schema lets it be blank. */
  optional?: true;
}

/** The one-line inputs, by field (the message is a textarea). */
const INPUTS: Record<Exclude<keyof ContactValues, 'message'>, InputSpec> = {
  name: { id: 'contact-name', label: 'Name', autoComplete: 'name' },
  email: { id: 'contact-email', label: 'Email', type: 'email', autoComplete: 'email' },
  phone_number: {
    id: 'contact-phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    optional: true,
  },
  subject: { id: 'contact-subject', label: 'Subject' },
};

export function ContactForm() {
  const send = useSendContactMessage();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY_CONTACT_VALUES,
  });
  const { errors, isSubmitting } = form.formState;
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  // The outcome shows above the fields, out of sight on a phone once the shopper has scrolled
  // down to Send: take focus to it, which brings it into view (and reads it out).
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await send.mutateAsync(contactMessageOf(values));
      form.reset(EMPTY_CONTACT_VALUES);
      setOutcome({ kind: 'success', text: CONTACT_FORM_MESSAGES.success });
    } catch (error) {
      setOutcome({ kind: 'error', text: contactSendErrorMessage(error) });
    }
  });

  const control = (name: keyof ContactValues, describedBy: string | undefined) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy,
    ...form.register(name),
  });

  /** The labelled one-line input of `name` (INPUTS), with its message. */
  const input = (name: keyof typeof INPUTS) => {
    const { id, label, type = 'text', autoComplete, optional } = INPUTS[name];
    const hint = optional ? '(optional)' : undefined;
    return (
      <Field id={id} label={label} hint={hint} error={errors[name]?.message}>
        {(describedBy) => (
          <input
            id={id}
            type={type}
            autoComplete={autoComplete}
            maxLength={CONTACT_LIMITS[name]}
            {...control(name, describedBy)}
          />
        )}
      </Field>
    );
  };

  return (
    <PostForm
      className="content-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="content-card__title">
        Send us a message
      </h2>
      <p className="content-form__intro">
        Questions about a piece, a commission or an order? We answer every message ourselves,
        usually within two working days.
      </p>
      <div className="content-form__status" aria-live="polite">
        {outcome?.kind === 'success' ? (
          <p className="content-form__success" role="status" tabIndex={-1} ref={outcomeRef}>
            {outcome.text}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'error' ? (
        <p className="content-form__error" role="alert" tabIndex={-1} ref={outcomeRef}>
          {outcome.text}
        </p>
      ) : null}
      <div className="content-form__row">
        {input('name')}
        {input('email')}
      </div>
      <div className="content-form__row">
        {input('phone_number')}
        {input('subject')}
      </div>
      <Field id="contact-message" label="Message" error={errors.message?.message}>
        {(describedBy) => (
          <textarea
            id="contact-message"
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            {...control('message', describedBy)}
          />
        )}
      </Field>
      <button type="submit" className="button-primary content-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </button>
    </PostForm>
  );
}
