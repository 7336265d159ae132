/**
 * "Set up your shop" (`/admin/setup`): the first-run set-up of a deployment without any shop
 * (issue 38). It asks what `npm run shop:create` asks: the set-up code the server printed in
 * its log when it started, the shop's name, domain, currency and country, and the owner's
 * e-mail, name (optional) and password (twice). The server's refusals show beside their fields
 * (a wrong code beside the code). Once the shop is made, the screen says what was made and where
 * it answers, and "Go to sign in" loads the sign-in page afresh, so the server serves it for the
 * new shop.
 *
 * A deployment that already has a shop says so, with the way to sign in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { shopCurrencyChoices } from '../../../../common/currencies';
import { ISO_COUNTRY_CODES } from '../../../../common/iso-countries';
import { fieldErrors, hasStatus } from '../../api/errors';
import { fieldsOf } from '../../components/fields';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { AuthForm, AuthFrame } from '../auth/auth-frame';
import { SETUP_QUERY_KEY, setupQuery, useSetUpShop, type ShopSetupResult } from './api';
import { setupSchema, type SetupInput, type SetupValues } from './schemas';

const TITLE = 'Set up your shop';

/**
 * The sign-in page, loaded afresh: the page the server sends names the shop it is for, and the
 * one this screen came in did not (there was no shop). Under the router's base path, `/admin`.
 */
const SIGN_IN_HREF = '/admin/login';

/** The currencies most shops choose, offered first. */
const FIRST_CURRENCIES = ['GBP', 'EUR', 'USD'];

/** The fields the server may name in a refusal. */
const SERVER_FIELDS = [
  'code',
  'shop_name',
  'domain',
  'currency',
  'country',
  'owner_email',
  'owner_name',
  'password',
] as const;

/** "GBP · British pound" (the code alone where the browser has no name for it). */
function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

/** Every country by its English name, "United Kingdom (GB)", in the order of the names. */
function countryChoices(): { code: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = null;
  }
  return [...ISO_COUNTRY_CODES]
    .map((code) => {
      const name = names?.of(code);
      return { code, name: name && name !== code ? name : code };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map(({ code, name }) => ({ code, label: name === code ? code : `${name} (${code})` }));
}

/** The set-up screen: the form while the set-up is due, what was made once done (module comment). */
export function SetupPage() {
  const due = useQuery(setupQuery());
  const [made, setMade] = useState<ShopSetupResult | null>(null);

  if (made) return <SetupDone result={made} />;
  if (due.isPending) {
    return (
      <AuthFrame title={TITLE}>
        <Loading />
      </AuthFrame>
    );
  }
  if (due.isError) {
    return (
      <AuthFrame title={TITLE}>
        <ErrorNotice error={due.error} onRetry={() => void due.refetch()} />
      </AuthFrame>
    );
  }
  if (!due.data) {
    return (
      <AuthFrame title={TITLE}>
        <Notice tone="info">This deployment already has a shop.</Notice>
        <p>Its owner and staff sign in to the back office.</p>
        <a className="button button-primary button-block" href={SIGN_IN_HREF}>
          Go to sign in
        </a>
      </AuthFrame>
    );
  }
  return <SetupForm onDone={setMade} />;
}

function SetupForm({ onDone }: { onDone: (result: ShopSetupResult) => void }) {
  const queryClient = useQueryClient();
  const setUp = useSetUpShop();
  const [countries] = useState(countryChoices);
  const [currencies] = useState(() =>
    shopCurrencyChoices().filter((code) => !FIRST_CURRENCIES.includes(code)),
  );
  const form = useForm<SetupInput, unknown, SetupValues>({
    resolver: zodResolver(setupSchema),
    defaultValues: {
      code: '',
      shop_name: '',
      domain: '',
      currency: '',
      country: '',
      owner_email: '',
      owner_name: '',
      password: '',
      password_confirm: '',
    },
  });
  const { InputField, SelectField, EmailField, PasswordField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, SERVER_FIELDS, async (values) => {
    try {
      onDone(await setUp.mutateAsync(values));
    } catch (error) {
      // Someone opened the deployment's shop meanwhile: the screen says so, with the way in.
      if (hasStatus(error, 409)) queryClient.setQueryData(SETUP_QUERY_KEY, false);
      // The first field refused may be far above the button (the code, at the top): once its
      // words are placed beside it, it is brought into view.
      const refused = fieldErrors(error);
      const first = SERVER_FIELDS.find((field) => field in refused);
      if (first) setTimeout(() => form.setFocus(first));
      throw error;
    }
  });
  const busy = setUp.isPending || form.formState.isSubmitting;

  return (
    <AuthFrame title={TITLE}>
      <p>This server has no shop yet. Open the first one, and its back office account for you.</p>
      <AuthForm
        form={form}
        onSubmit={submit}
        message={message}
        busy={busy}
        label="Set up the shop"
        busyLabel="Setting up…"
      >
        <InputField
          name="code"
          label="Set-up code"
          hint={
            <>
              The server printed it in its log when it started, after &ldquo;No shop yet: open
              /admin/ and enter this set-up code&rdquo;.
            </>
          }
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
        />
        <fieldset className="setup-group">
          <legend>Your shop</legend>
          <InputField name="shop_name" label="Shop name" type="text" autoComplete="organization" />
          <InputField
            name="domain"
            label="Domain"
            hint="Where shoppers will find it, such as shop.example.com: no https://, port or path."
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <SelectField
            name="currency"
            label="Currency"
            hint="Every price is in it. It can change until the shop takes its first order."
          >
            <option value="">Choose…</option>
            <optgroup label="Most used">
              {FIRST_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code)}
                </option>
              ))}
            </optgroup>
            <optgroup label="Every currency">
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code)}
                </option>
              ))}
            </optgroup>
          </SelectField>
          <SelectField
            name="country"
            label="Country"
            hint="Where the shop is: the storefront quotes delivery to it first."
          >
            <option value="">Choose…</option>
            {countries.map(({ code, label }) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <fieldset className="setup-group">
          <legend>You, its owner</legend>
          <EmailField
            name="owner_email"
            label="Your e-mail"
            hint="You sign in to the back office with it."
            autoComplete="email"
          />
          <InputField
            name="owner_name"
            label="Your name (optional)"
            hint="The name your colleagues will see."
            type="text"
            autoComplete="name"
          />
          <PasswordField
            name="password"
            label="Password"
            hint="At least 8 characters."
            autoComplete="new-password"
          />
          <PasswordField
            name="password_confirm"
            label="Password again"
            autoComplete="new-password"
          />
        </fieldset>
      </AuthForm>
    </AuthFrame>
  );
}

function SetupDone({ result }: { result: ShopSetupResult }) {
  const { shop } = result;
  return (
    <AuthFrame title="Your shop is ready">
      <Notice tone="success">
        {shop.name} is made, with your account as its owner. Shoppers see it once you launch it from
        the back office.
      </Notice>
      <dl className="facts setup-facts">
        <dt>Shop</dt>
        <dd>{shop.name}</dd>
        <dt>Storefront</dt>
        <dd>
          <a href={result.storefront_url}>{result.storefront_url}</a>
        </dd>
        <dt>Back office</dt>
        <dd>
          <a href={result.admin_url}>{result.admin_url}</a>
        </dd>
        <dt>Sign in as</dt>
        <dd>{result.owner_email}</dd>
        <dt>Currency</dt>
        <dd>{currencyLabel(shop.currency)}</dd>
        <dt>Tenant token</dt>
        <dd>
          <code>{shop.tenant_token}</code>
        </dd>
      </dl>
      <p className="setup-note">
        Until {shop.domain} points at this server, sign in at this address.
      </p>
      <a className="button button-primary button-block" href={SIGN_IN_HREF}>
        Go to sign in
      </a>
    </AuthFrame>
  );
}
