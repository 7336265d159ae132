/**
 * Passwords of the shopper's account (contract: changePassword, requestPasswordReset,
 * confirmPasswordReset; spec section 5, password rules): a change (wrong current password, a
 * short new one, and the session from before it refused afterwards), and a reset by e-mail:
 * the same answer for an unknown e-mail and past the hourly e-mails of one address (never a
 * 429 for it), another shop's tenant refused, the first link still good after a second was
 * sent, using one voiding the other, a link used once only, and logging in with the new
 * password.
 */
import {
  TOKEN_INVALID,
  demoTenant,
  detailIs,
  fieldError,
  potteryTenant,
  tenantErrors,
  tokenPairFor,
  type Case,
} from '../case';
import { isObject, str, type Json } from '../contract-document';
import { newestResetToken, type AccountSetup } from './account-setup';

const RESET_SENT =
  'If an account exists for this e-mail, we have sent a link to reset its password.';
const RESET_INVALID = 'This password reset link is invalid or has expired.';

/** Password change, then reset; each case builds on the ones before. */
export function passwordCases(a: AccountSetup): Case[] {
  const demo = demoTenant;
  const pottery = potteryTenant;
  const newPassword = 'tempered-steel-77';
  const throttledEmail = `contract-throttled-${Date.now()}@example.com`;
  const reset = (name: string, email: string, status: number, check?: Case['check']): Case => ({
    name: `requestPasswordReset ${name}`,
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: '/accounts/password/reset/',
    headers: demo,
    body: { email },
    status,
    check,
  });
  const confirm = (
    name: string,
    body: () => Json,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `confirmPasswordReset ${name}`,
    operationId: 'confirmPasswordReset',
    method: 'POST',
    path: '/accounts/password/reset/confirm/',
    headers,
    status,
    check,
    prepare: () => ({ body: body() }),
  });
  return [
    // Password change.
    {
      name: 'changePassword with a wrong current password',
      operationId: 'changePassword',
      method: 'POST',
      path: '/accounts/password/change/',
      headers: a.changer,
      body: {
        current_password: 'not-it-at-all',
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
      status: 400,
      check: fieldError('current_password', 'Your current password is incorrect.'),
    },
    {
      name: 'changePassword with a short new password',
      operationId: 'changePassword',
      method: 'POST',
      path: '/accounts/password/change/',
      headers: a.changer,
      body: {
        current_password: a.changerPassword,
        new_password: 'short',
        new_password_confirm: 'short',
      },
      status: 400,
      check: fieldError('new_password', 'Password must be at least 8 characters long.'),
    },
    {
      name: 'changePassword',
      operationId: 'changePassword',
      method: 'POST',
      path: '/accounts/password/change/',
      headers: a.changer,
      body: {
        current_password: a.changerPassword,
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
      status: 200,
      check: (b) =>
        isObject(b) && str(b.access) && str(b.refresh) && isObject(b.user)
          ? null
          : `unexpected ${JSON.stringify(b)}`,
    },
    {
      name: "refreshToken with the session's refresh token from before the password change",
      operationId: 'refreshToken',
      method: 'POST',
      path: '/accounts/token/refresh/',
      headers: demo,
      body: { refresh: a.changerRefresh },
      status: 401,
      check: detailIs(TOKEN_INVALID),
    },

    // Password reset.
    reset('for an e-mail with an account', a.forgetfulEmail, 202, detailIs(RESET_SENT)),
    {
      ...reset(
        'again: a second link, the first one still good',
        a.forgetfulEmail,
        202,
        detailIs(RESET_SENT),
      ),
      prepare: async () => {
        a.state.olderToken = await newestResetToken(a.outboxDir, a.forgetfulEmail, 0);
        return {};
      },
    },
    reset(
      'for an e-mail without an account: the same answer',
      `nobody-${Date.now()}@example.com`,
      202,
      detailIs(RESET_SENT),
    ),
    {
      ...reset(
        'with an invalid e-mail (bad body)',
        'not-an-email',
        400,
        fieldError('email', 'Enter a valid email address.'),
      ),
      via: 'lenient',
    },
    // Past the hourly e-mails of one address, the same answer: a 429 there would let anyone
    // keep the owner of an address from resetting their password.
    ...[1, 2, 3, 4].map((n) =>
      reset(
        `for one e-mail, request ${n} of 4 (3 e-mails an hour): the same answer`,
        throttledEmail,
        202,
        detailIs(RESET_SENT),
      ),
    ),
    ...tenantErrors('requestPasswordReset', 'POST', '/accounts/password/reset/', undefined, {
      email: a.forgetfulEmail,
    }),
    {
      ...confirm(
        "with the other shop's tenant token",
        () => ({
          token: a.state.resetToken,
          new_password: newPassword,
          new_password_confirm: newPassword,
        }),
        400,
        fieldError('token', RESET_INVALID),
        pottery,
      ),
      prepare: async () => {
        a.state.resetToken = await newestResetToken(a.outboxDir, a.forgetfulEmail, 1);
        return {
          body: {
            token: a.state.resetToken,
            new_password: newPassword,
            new_password_confirm: newPassword,
          },
        };
      },
    },
    confirm(
      'with mismatched passwords',
      () => ({
        token: a.state.resetToken,
        new_password: newPassword,
        new_password_confirm: `${newPassword}!`,
      }),
      400,
      fieldError('new_password_confirm', 'Passwords do not match.'),
    ),
    confirm(
      'with the first e-mailed link, still good after a second was sent',
      () => ({
        token: a.state.olderToken,
        new_password: newPassword,
        new_password_confirm: newPassword,
      }),
      200,
      detailIs('Your password has been reset. You can now log in.'),
    ),
    confirm(
      'with the second link, void once the first was used',
      () => ({
        token: a.state.resetToken,
        new_password: 'another-one-99',
        new_password_confirm: 'another-one-99',
      }),
      400,
      fieldError('token', RESET_INVALID),
    ),
    confirm(
      'with the same link again',
      () => ({
        token: a.state.olderToken,
        new_password: 'another-one-99',
        new_password_confirm: 'another-one-99',
      }),
      400,
      fieldError('token', RESET_INVALID),
    ),
    {
      name: 'login with the reset password',
      operationId: 'login',
      method: 'POST',
      path: '/accounts/login/',
      headers: demo,
      body: { login_id: a.forgetfulEmail, password: newPassword },
      status: 200,
      check: tokenPairFor(a.forgetfulEmail),
    },
    {
      ...confirm(
        'without a token (bad body)',
        () => ({ new_password: newPassword, new_password_confirm: newPassword }),
        400,
      ),
      via: 'lenient',
    },
    ...tenantErrors(
      'confirmPasswordReset',
      'POST',
      '/accounts/password/reset/confirm/',
      undefined,
      {
        token: 'x',
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
    ),
  ];
}
