/**
 * The shopper's account and saved addresses (contract: getAccount, listAddresses,
 * createAddress, updateAddress, deleteAddress; spec section 6, customer-only): reading
 * /accounts/me/, the first address becoming the default, moving the default, refusing to unset
 * it, deleting the default (the other takes over), another customer's address answering 404,
 * and an unknown shop's 403.
 */
import { detailIs, fieldError, type Case } from '../case';
import { isObject, str } from '../contract-document';
import { unknownTenant, type AccountSetup } from './account-setup';

const HOME = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 1904 496 0123',
  street: '7 Wren Close',
  city: 'York',
  postalCode: 'YO1 7HH',
  country: 'United Kingdom',
};

/** /accounts/me/ and the saved addresses; each case builds on the ones before. */
export function addressCases(a: AccountSetup): Case[] {
  const address = (id: () => number) => `/accounts/addresses/${id()}/`;
  return [
    {
      name: 'getAccount as a customer',
      operationId: 'getAccount',
      method: 'GET',
      path: '/accounts/me/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.email).startsWith('contract-holder-')
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    unknownTenant(a, 'getAccount', 'GET', '/accounts/me/'),

    // Saved addresses.
    {
      name: 'listAddresses with none saved',
      operationId: 'listAddresses',
      method: 'GET',
      path: '/accounts/addresses/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        Array.isArray(b) && b.length === 0 ? null : `expected [], got ${JSON.stringify(b)}`,
    },
    {
      name: 'createAddress, the first one becomes the default',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: HOME,
      status: 201,
      check: (b) =>
        isObject(b) && b.is_default === true
          ? null
          : `expected the default, got ${JSON.stringify(b)}`,
      remember: (b) => {
        if (isObject(b) && typeof b.id === 'number') a.state.address = b.id;
      },
    },
    {
      name: 'createAddress a second one',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: { ...HOME, street: '12 Forge Lane', city: 'Sheffield' },
      status: 201,
      check: (b) =>
        isObject(b) && b.is_default === false ? null : `unexpected ${JSON.stringify(b)}`,
      remember: (b) => {
        if (isObject(b) && typeof b.id === 'number') a.state.address2 = b.id;
      },
    },
    {
      name: 'createAddress with a blank city',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: { ...HOME, city: '   ' },
      status: 400,
      check: fieldError('city', 'This field may not be blank.'),
    },
    {
      name: 'createAddress without a field (bad body)',
      operationId: 'createAddress',
      method: 'POST',
      path: '/accounts/addresses/',
      headers: a.holder,
      body: { fullname: 'Ada' },
      status: 400,
      via: 'lenient',
    },
    unknownTenant(a, 'createAddress', 'POST', '/accounts/addresses/', HOME),
    {
      name: 'updateAddress makes the second address the default',
      operationId: 'updateAddress',
      method: 'PATCH',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      body: { is_default: true },
      status: 200,
      prepare: () => ({ path: address(() => a.state.address2) }),
      check: (b) =>
        isObject(b) && b.is_default === true ? null : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: 'listAddresses has the new default first',
      operationId: 'listAddresses',
      method: 'GET',
      path: '/accounts/addresses/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        Array.isArray(b) &&
        b.length === 2 &&
        isObject(b[0]) &&
        b[0].id === a.state.address2 &&
        b[0].is_default === true &&
        isObject(b[1]) &&
        b[1].is_default === false
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: 'updateAddress refuses is_default false on the default',
      operationId: 'updateAddress',
      method: 'PATCH',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      body: { is_default: false },
      status: 400,
      prepare: () => ({ path: address(() => a.state.address2) }),
      check: fieldError('is_default', 'Choose another address as the default instead.'),
    },
    {
      name: "updateAddress of another customer's address",
      operationId: 'updateAddress',
      method: 'PATCH',
      path: '/accounts/addresses/0/',
      headers: a.stranger,
      body: { city: 'Mine' },
      status: 404,
      prepare: () => ({ path: address(() => a.state.address) }),
      check: detailIs('Not found.'),
    },
    {
      name: "deleteAddress of another customer's address",
      operationId: 'deleteAddress',
      method: 'DELETE',
      path: '/accounts/addresses/0/',
      headers: a.stranger,
      status: 404,
      prepare: () => ({ path: address(() => a.state.address) }),
      check: detailIs('Not found.'),
    },
    {
      name: 'deleteAddress of the default address',
      operationId: 'deleteAddress',
      method: 'DELETE',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      status: 204,
      prepare: () => ({ path: address(() => a.state.address2) }),
    },
    {
      name: 'listAddresses after the default was deleted: the other one took over',
      operationId: 'listAddresses',
      method: 'GET',
      path: '/accounts/addresses/',
      headers: a.holder,
      status: 200,
      check: (b) =>
        Array.isArray(b) && b.length === 1 && isObject(b[0]) && b[0].is_default === true
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: 'deleteAddress again',
      operationId: 'deleteAddress',
      method: 'DELETE',
      path: '/accounts/addresses/0/',
      headers: a.holder,
      status: 404,
      prepare: () => ({ path: address(() => a.state.address2) }),
    },
    unknownTenant(a, 'listAddresses', 'GET', '/accounts/addresses/'),
  ];
}
