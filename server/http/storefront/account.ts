/**
 * The shopper's account operations: who is logged in, changing the password, resetting a
 * forgotten one by e-mail, and verifying the account's address. The rules are
 * server/accounts/account.ts, forgotten-password.ts and email-verification.ts there
 * (decisions 009, 028 and 029); their refusals are DomainErrors the error handler answers, and a
 * throttle's is a 429 `{detail}` with Retry-After here.
 *
 * - getAccount: 200 Account `{id, email, username, email_verified}`.
 * - changePassword: 200 TokenPair; 400 field errors; 429 past the account's failed logins.
 * - requestPasswordReset: 202 with the same detail whether or not the e-mail has an account;
 *   429 past the requests of the client address.
 * - confirmPasswordReset: 200 `{detail}`; 400 `{token: [...]}` or field errors; 429 past the
 *   confirmations of the client address.
 * - requestEmailVerification, confirmEmailVerification: see each.
 */
import { changePassword as changeAccountPassword } from '../../accounts/account.ts';
import {
  confirmPasswordReset as confirmReset,
  requestPasswordReset as requestReset,
} from '../../accounts/forgotten-password.ts';
import {
  confirmEmailVerification as confirmVerification,
  EMAIL_VERIFICATION_MESSAGES,
  requestEmailVerification as requestVerification,
} from '../../accounts/email-verification.ts';
import { ACCOUNT_MESSAGES } from '../../accounts/messages.ts';
import { accountScope } from '../account-scope.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';
import { throttled } from '../throttled.ts';

/** GET /accounts/me/ -> 200 Account of the bearer token (whether its address is verified). */
export const getAccount: OperationHandler<'getAccount'> = async (request) => {
  const { id, email, username, emailVerified } = requireUser(request);
  return { id, email, username, email_verified: emailVerified };
};

/**
 * POST /accounts/me/email/verify/ -> 202 `{detail}` naming the address a link went to; 400
 * `{detail}` when it is already verified; 429 past the requests of the address or the account.
 */
export const requestEmailVerification: OperationHandler<'requestEmailVerification'> = async (
  request,
  reply,
) => {
  const user = requireUser(request);
  try {
    const sentTo = await requestVerification(
      accountScope(request),
      request.server.account,
      request.log,
      request.tenant.name,
      user.id,
    );
    return reply.code(202).send({ detail: EMAIL_VERIFICATION_MESSAGES.sent(sentTo) });
  } catch (error) {
    return throttled(reply, error);
  }
};

/**
 * POST /accounts/email/verify/confirm/ `{token}` -> 200 `{detail}`; 400 `{token: [...]}` for a
 * link that is not (or no longer) good; 429 past the confirmations of the client address.
 */
export const confirmEmailVerification: OperationHandler<'confirmEmailVerification'> = async (
  request,
  reply,
) => {
  try {
    await confirmVerification(
      accountScope(request),
      request.server.account,
      request.log,
      request.body.token,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  return { detail: EMAIL_VERIFICATION_MESSAGES.verified };
};

/** POST /accounts/password/change/ -> 200 TokenPair (a new session for this client). */
export const changePassword: OperationHandler<'changePassword'> = async (request, reply) => {
  const user = requireUser(request);
  try {
    return await changeAccountPassword(
      accountScope(request),
      request.server.auth,
      request.log,
      user,
      request.body,
    );
  } catch (error) {
    return throttled(reply, error);
  }
};

/** POST /accounts/password/reset/ -> 202 `{detail}`, the same for every e-mail. */
export const requestPasswordReset: OperationHandler<'requestPasswordReset'> = async (
  request,
  reply,
) => {
  try {
    await requestReset(
      accountScope(request),
      request.server.account,
      request.log,
      request.tenant.name,
      request.body,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  return reply.code(202).send({ detail: ACCOUNT_MESSAGES.resetRequested });
};

/**
 * POST /accounts/password/reset/confirm/ -> 200 `{detail}` once the password is replaced;
 * 400 `{token: [...]}` for a token that is not (or no longer) good, 400 per field for the new
 * password; 429 `{detail}` with Retry-After past the confirmations per client address.
 */
export const confirmPasswordReset: OperationHandler<'confirmPasswordReset'> = async (
  request,
  reply,
) => {
  try {
    await confirmReset(
      accountScope(request),
      request.server.account,
      request.server.auth,
      request.log,
      request.body,
    );
  } catch (error) {
    return throttled(reply, error);
  }
  return { detail: ACCOUNT_MESSAGES.resetDone };
};
