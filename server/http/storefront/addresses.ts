/**
 * The address book's operations (contract: SavedAddress): the signed-in customer's saved
 * delivery addresses. The rules (one default, the limit, ownership, validation) are
 * server/accounts/address-book.ts; a refusal there is a DomainError the error handler answers.
 */
import type { FastifyRequest } from 'fastify';
import {
  type AddressBookOwner,
  addSavedAddress,
  deleteSavedAddress,
  editSavedAddress,
  listSavedAddresses,
} from '../../accounts/address-book.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

/** The signed-in customer's address book in the request's shop (401 without a customer). */
function ownerOf(request: FastifyRequest): AddressBookOwner {
  return { db: request.server.db, tenantId: request.tenant.id, userId: requireUser(request).id };
}

/** GET /accounts/addresses/ -> 200 SavedAddress[], the default first, then the newest. */
export const listAddresses: OperationHandler<'listAddresses'> = async (request) =>
  listSavedAddresses(ownerOf(request));

/** POST /accounts/addresses/ -> 201 SavedAddress; 400 for a bad field or the 21st address. */
export const createAddress: OperationHandler<'createAddress'> = async (request, reply) => {
  const saved = await addSavedAddress(ownerOf(request), request.body);
  reply.code(201);
  return saved;
};

/** PATCH /accounts/addresses/{id}/ -> 200 SavedAddress; 404 when it is not the caller's. */
export const updateAddress: OperationHandler<'updateAddress'> = async (request) =>
  editSavedAddress(ownerOf(request), request.params.id, request.body);

/** DELETE /accounts/addresses/{id}/ -> 204; the newest remaining address inherits the default. */
export const deleteAddress: OperationHandler<'deleteAddress'> = async (request, reply) => {
  await deleteSavedAddress(ownerOf(request), request.params.id);
  return reply.code(204).send();
};
