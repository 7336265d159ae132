/**
 * Payments (`/settings/payments`): which methods the shop offers (card, bank transfer, the
 * custom method) with the bank details and the custom method's label, instructions and
 * redirect address; and the card provider (Stripe or 2C2P), whose credentials are typed into
 * password fields, sealed by the server and never shown back: the screen says only which
 * provider is set and when its credentials were last replaced. Saved credentials are tested
 * with the provider at once (and again on demand): the launch checklist counts only live keys
 * the provider accepted (issue 38).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { errorMessage, fieldErrors } from '../../api/errors';
import {
  paymentsQuery,
  useCheckCredentials,
  useReplaceCredentials,
  useUpdatePayments,
  type PaymentSetup,
} from './api';
import { useSavedForm } from './saved-form';
import {
  credentialsSchema,
  paymentsSchema,
  toCredentialsBody,
  toPaymentsBody,
  type CredentialsOutput,
  type CredentialsValues,
  type PaymentsOutput,
  type PaymentsValues,
} from './schemas';

export const PROVIDER_LABELS: Record<PaymentSetup['card_provider']['provider'], string> = {
  stripe: 'Stripe',
  '2c2p': '2C2P',
  sandbox: 'Sandbox gateway (testing)',
};

export function PaymentsPage() {
  const payments = useQuery(paymentsQuery());
  return (
    <>
      <title>Payments · Settings · Back office</title>
      <QueryView query={payments}>
        {(data) => (
          <>
            <MethodsForm setup={data} />
            <CardProviderPanel setup={data} />
          </>
        )}
      </QueryView>
    </>
  );
}

function MethodsForm({ setup }: { setup: PaymentSetup }) {
  const update = useUpdatePayments();
  const form = useForm<PaymentsValues, unknown, PaymentsOutput>({
    resolver: zodResolver(paymentsSchema),
    values: {
      enable_card_payment: setup.enable_card_payment,
      enable_bank_transfer: setup.enable_bank_transfer,
      enable_custom_payment: setup.enable_custom_payment,
      bank_account_details: setup.bank_account_details ?? '',
      custom_payment_label: setup.custom_payment_label ?? '',
      custom_payment_instructions: setup.custom_payment_instructions ?? '',
      custom_payment_redirect_url: setup.custom_payment_redirect_url ?? '',
    },
  });
  const { InputField, TextAreaField } = fieldsOf(form);
  const { errors } = form.formState;
  const { submit, message } = useSavedForm(
    form,
    [
      'enable_card_payment',
      'enable_bank_transfer',
      'enable_custom_payment',
      'bank_account_details',
      'custom_payment_label',
      'custom_payment_instructions',
      'custom_payment_redirect_url',
    ],
    async (values) => {
      await update.mutateAsync(toPaymentsBody(values));
      return 'The payment methods were saved. Checkout offers exactly these within a second.';
    },
  );
  const check = (
    name: 'enable_card_payment' | 'enable_bank_transfer' | 'enable_custom_payment',
    label: string,
    hint?: string,
  ) => (
    <div className="check">
      <input
        id={name}
        type="checkbox"
        aria-describedby={hint ? `${name}-hint` : undefined}
        {...form.register(name)}
      />
      <div>
        <label htmlFor={name}>
          <strong>{label}</strong>
        </label>
        {hint ? (
          <p id={`${name}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        {errors[name] ? <p className="field-error">{errors[name]?.message}</p> : null}
      </div>
    </div>
  );
  return (
    <Panel titleId="methods-title" title="Payment methods">
      <Form form={form} idPrefix="payments" onSubmit={submit} aria-labelledby="methods-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        {check(
          'enable_card_payment',
          'Card payment',
          'Offered while the card provider below has credentials.',
        )}
        {check('enable_bank_transfer', 'Bank transfer')}
        <TextAreaField
          name="bank_account_details"
          label="Bank details"
          hint="Shown to buyers who pay by bank transfer."
          rows={4}
          maxLength={2000}
        />
        {check('enable_custom_payment', 'Custom method', 'Another way to pay, such as PayPal.')}
        <InputField
          name="custom_payment_label"
          label="Custom method's name"
          type="text"
          maxLength={100}
        />
        <TextAreaField
          name="custom_payment_instructions"
          label="Custom method's instructions"
          rows={3}
          maxLength={2000}
        />
        <InputField
          name="custom_payment_redirect_url"
          label="Custom method's payment page"
          hint="An https:// address buyers are sent to; leave it empty for none."
          type="url"
          maxLength={500}
        />
        <FormButtons busy={update.isPending} label="Save payment methods" />
      </Form>
    </Panel>
  );
}

/** What a test of the keys found, in the owner's words (null: not tested since they were saved). */
function checkedWords(card: PaymentSetup['card_provider']): string {
  const name = PROVIDER_LABELS[card.provider];
  if (!card.credentials_checked_at) {
    return `These credentials have not been tested with ${name} yet. Test them before you launch: only tested live keys count as a way to pay.`;
  }
  const when = formatDateTime(card.credentials_checked_at);
  return card.credentials_checked_mode === 'live'
    ? `${name} accepted these credentials ${when}: they take real payments.`
    : `${name} accepted these credentials ${when}, but they are test keys: no shopper can pay real money with them. Save live keys before you launch.`;
}

function CardProviderPanel({ setup }: { setup: PaymentSetup }) {
  const [replacing, setReplacing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const check = useCheckCredentials();
  const card = setup.card_provider;
  const { provider, credentials_set, credentials_updated_at } = card;
  /** Tests the saved keys; `saved` is said first when they were just saved. */
  const test = (saved: string | null) => {
    setDone(saved);
    check.mutate();
  };
  return (
    <section className="panel" aria-labelledby="card-provider-title">
      <div className="panel-head">
        <h2 id="card-provider-title">Card provider</h2>
        {!replacing ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setDone(null);
              check.reset();
              setReplacing(true);
            }}
          >
            Replace credentials
          </button>
        ) : null}
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {check.isPending ? (
        <Notice tone="info">Testing the credentials with {PROVIDER_LABELS[provider]}…</Notice>
      ) : check.isSuccess ? (
        <Notice
          tone={check.data.card_provider.credentials_checked_mode === 'live' ? 'success' : 'info'}
        >
          {checkedWords(check.data.card_provider)}
        </Notice>
      ) : check.isError ? (
        <Notice tone="error">
          {fieldErrors(check.error).credentials?.join(' ') ?? errorMessage(check.error)}
        </Notice>
      ) : null}
      <p>
        {credentials_set ? (
          <>
            Card payments go through <strong>{PROVIDER_LABELS[provider]}</strong>.{' '}
            {credentials_updated_at
              ? `Its credentials were last replaced ${formatDateTime(credentials_updated_at)}.`
              : 'Its credentials were set up before this screen kept a date.'}
          </>
        ) : (
          'No card provider credentials yet: card payment is not offered.'
        )}
      </p>
      {credentials_set && (check.isIdle || check.isPending) ? <p>{checkedWords(card)}</p> : null}
      <p className="muted small">
        Credentials are stored sealed and never shown again, here or anywhere. A test sends{' '}
        {PROVIDER_LABELS[provider]} one request that charges nothing.
      </p>
      {credentials_set && !replacing ? (
        <button
          type="button"
          className="button"
          disabled={check.isPending}
          onClick={() => test(null)}
        >
          Test the credentials
        </button>
      ) : null}
      {replacing ? (
        <CredentialsForm
          onDone={(text) => {
            setReplacing(false);
            test(text);
          }}
          onCancel={() => setReplacing(false)}
        />
      ) : null}
    </section>
  );
}

function CredentialsForm({
  onDone,
  onCancel,
}: {
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const replace = useReplaceCredentials();
  const form = useForm<CredentialsValues, unknown, CredentialsOutput>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: {
      provider: 'stripe',
      secret_key: '',
      webhook_secret: '',
      merchant_id: '',
      environment: 'production',
    },
  });
  const { InputField, PasswordField, SelectField } = fieldsOf(form);
  const provider = useWatch({ control: form.control, name: 'provider' });
  const { submit, message } = useSavedForm(
    form,
    ['provider', 'secret_key', 'webhook_secret', 'merchant_id', 'environment'],
    async (values) => {
      await replace.mutateAsync(toCredentialsBody(values));
      form.reset();
      onDone(
        `The ${values.provider === 'stripe' ? 'Stripe' : '2C2P'} credentials were replaced and sealed.`,
      );
      return 'Saved.';
    },
  );
  return (
    <Form
      form={form}
      idPrefix="card"
      onSubmit={submit}
      aria-label="Replace credentials"
      autoComplete="off"
    >
      {message && message.tone === 'error' ? <Notice tone="error">{message.text}</Notice> : null}
      <SelectField name="provider" label="Provider">
        <option value="stripe">Stripe</option>
        <option value="2c2p">2C2P</option>
      </SelectField>
      {provider === '2c2p' ? (
        <InputField name="merchant_id" label="Merchant ID" type="text" autoComplete="off" />
      ) : null}
      <PasswordField name="secret_key" label="Secret key" autoComplete="new-password" />
      {provider === 'stripe' ? (
        <PasswordField
          name="webhook_secret"
          label="Webhook signing secret"
          autoComplete="new-password"
        />
      ) : (
        <SelectField name="environment" label="Environment">
          <option value="production">Production</option>
          <option value="sandbox">Sandbox (testing)</option>
        </SelectField>
      )}
      <FormButtons busy={replace.isPending} label="Save credentials" onCancel={onCancel} />
    </Form>
  );
}
