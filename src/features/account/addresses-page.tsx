/**
 * /account/addresses: the saved delivery addresses, the default first, each with
 * Edit, Make default and Delete (after a confirmation); and a form to add one, up to 20.
 * Checkout offers these addresses and pre-fills the default.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { countryName } from '../../components/countries';
import { ErrorBox } from '../../components/error-box';
import {
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  addressesQuery,
  useCreateAddress,
  useDeleteAddress,
  useUpdateAddress,
} from './api';
import { AccountFrame, AccountSkeleton } from './account-frame';
import { deferredForm } from '../../components/deferred-form';
import { EMPTY_ADDRESS_FORM, type AddressFormValues } from './schemas';

const AddressForm = deferredForm(() => import('./address-form').then((m) => m.AddressForm));

export const ADDRESS_PAGE_MESSAGES = {
  loadFailed: 'Failed to load your addresses.',
  none: 'You have no saved addresses yet. Add one below, or tick "Save this address" at checkout.',
  full: `You have saved ${MAX_SAVED_ADDRESSES} addresses, the most an account can keep. Delete one to add another.`,
  actionFailed: 'Could not change the address. Please try again.',
  added: 'Address saved.',
} as const;

function valuesOf(address: SavedAddress): AddressFormValues {
  const { fullname, contact_number, street, city, postalCode, country, is_default } = address;
  return { fullname, contact_number, street, city, postalCode, country, is_default };
}

function AddressCard({
  address,
  onError,
}: {
  address: SavedAddress;
  onError: (message: string | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const titleId = `address-${address.id}-title`;

  if (editing) {
    return (
      <li className="account-card address-card" aria-labelledby={titleId}>
        <h2 id={titleId} className="address-card__title">
          Edit address
        </h2>
        <AddressForm
          initial={valuesOf(address)}
          lockDefault={address.is_default}
          submitLabel="Save changes"
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const { is_default, ...fields } = values;
            await update.mutateAsync({
              id: address.id,
              ...fields,
              ...(is_default ? { is_default } : {}),
            });
            setEditing(false);
          }}
        />
      </li>
    );
  }

  const busy = update.isPending || remove.isPending;
  return (
    <li className="account-card address-card" aria-labelledby={titleId}>
      <div className="address-card__head">
        <h2 id={titleId} className="address-card__title">
          {address.fullname}
        </h2>
        {address.is_default ? <span className="address-card__badge">Default</span> : null}
      </div>
      <address className="address-card__lines">
        {address.street}
        <br />
        {address.city} {address.postalCode}
        <br />
        {/* A code ('GB') by its name; a country saved as free text as it was typed. */}
        {countryName(address.country)}
        <br />
        {address.contact_number}
      </address>
      <div className="address-card__actions">
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          Edit
          <span className="visually-hidden">
            {' '}
            the address of {address.fullname}, {address.street}
          </span>
        </button>
        {!address.is_default ? (
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => {
              onError(null);
              update.mutate(
                { id: address.id, is_default: true },
                {
                  onError: (error) =>
                    onError(apiErrorMessage(error, ADDRESS_PAGE_MESSAGES.actionFailed)),
                },
              );
            }}
          >
            Make default<span className="visually-hidden">: {address.street}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button-danger"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          Delete<span className="visually-hidden"> the address {address.street}</span>
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Delete this address?"
          message={`${address.street}, ${address.city} will no longer be offered at checkout.`}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onError(null);
            remove.mutate(address.id, {
              onError: (error) =>
                onError(apiErrorMessage(error, ADDRESS_PAGE_MESSAGES.actionFailed)),
            });
          }}
        />
      ) : null}
    </li>
  );
}

function Addresses() {
  const query = useQuery(addressesQuery());
  const create = useCreateAddress();
  const [actionError, setActionError] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  if (query.isPending) return <AccountSkeleton label="Loading your addresses…" />;
  if (query.isError) {
    return (
      <ErrorBox
        message={apiErrorMessage(query.error, ADDRESS_PAGE_MESSAGES.loadFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const addresses = query.data;
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <div className="account-stack">
      {actionError ? (
        <p className="address-form__error" role="alert">
          {actionError}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="account-notice">{ADDRESS_PAGE_MESSAGES.none}</p>
      ) : (
        <ul className="address-list">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} onError={setActionError} />
          ))}
        </ul>
      )}
      <section className="account-card" aria-labelledby="add-address-title">
        <h2 id="add-address-title" className="address-card__title">
          Add an address
        </h2>
        {added > 0 ? (
          <p className="address-form__success" role="status">
            {ADDRESS_PAGE_MESSAGES.added}
          </p>
        ) : null}
        {full ? (
          <p className="account-notice">{ADDRESS_PAGE_MESSAGES.full}</p>
        ) : (
          <AddressForm
            key={added}
            initial={{ ...EMPTY_ADDRESS_FORM, is_default: addresses.length === 0 }}
            submitLabel="Save address"
            onSubmit={async (values) => {
              await create.mutateAsync(values);
              setAdded((n) => n + 1);
            }}
          />
        )}
      </section>
    </div>
  );
}

export function AddressesPage() {
  return (
    <AccountFrame title="Saved addresses" path="/account/addresses">
      {() => <Addresses />}
    </AccountFrame>
  );
}
