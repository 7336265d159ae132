/**
 * A member of staff's own account's e-mails: the password-reset link, the warning that someone
 * with their password is trying codes, and an owner's reset of their two-step verification.
 * Each says what happened and what to do, carries its link, and escapes the names it shows;
 * data that is not of its kind is refused before anything is sent.
 */
import { EmailDataError } from '../../platform/mail/templates/json-checks.ts';
import { renderStaffEmail } from './render-staff-email.ts';
import type {
  StaffPasswordResetEmailData,
  StaffSecondStepLockedEmailData,
  StaffTwoStepResetEmailData,
} from './staff-email-data.ts';

const shop = {
  name: 'Ember & Oak',
  shopUrl: 'https://shop.example/',
  contactEmail: 'hello@shop.example',
};

describe('a member’s own account e-mails', () => {
  it('sends the reset link, saying how long it works and that two-step verification stays', async () => {
    const data: StaffPasswordResetEmailData = {
      kind: 'staff_password_reset',
      shop,
      memberName: 'Tom <b>Reed</b>',
      resetUrl: 'https://shop.example/admin/reset-password?token=abc_DEF-123',
      expiresAt: '2026-11-23T10:00:00Z',
    };
    const email = await renderStaffEmail(data);
    expect(email.subject).toBe('Reset your back office password at Ember & Oak');
    expect(email.text).toContain('https://shop.example/admin/reset-password?token=abc_DEF-123');
    expect(email.text).toContain('The link works once, until 23 November 2026, 10:00 UTC.');
    expect(email.text).toContain('you still sign in with a code from your app');
    expect(email.html).toContain(
      'href="https://shop.example/admin/reset-password?token=abc_DEF-123"',
    );
    expect(email.html).not.toContain('<b>Reed</b>');
  });

  it('warns that someone has the password and is trying codes, and what to do', async () => {
    const data: StaffSecondStepLockedEmailData = {
      kind: 'staff_second_step_locked',
      shop,
      memberName: 'Tom Reed',
      failures: 10,
      until: '2026-11-23T10:00:00Z',
      resetUrl: 'https://shop.example/admin/forgot-password',
    };
    const email = await renderStaffEmail(data);
    expect(email.subject).toBe(
      'Someone is trying codes on your back office account at Ember & Oak',
    );
    expect(email.text).toContain('with your e-mail and your password, then typed 10 wrong codes');
    expect(email.text).toContain('Choose a new password, one you use nowhere else.');
    expect(email.text).toContain('Tell the shop’s owner');
    expect(email.text).toContain(
      'Until 23 November 2026, 10:00 UTC, or until you choose a new password',
    );
    expect(email.text).toContain('one of your recovery codes');
    expect(email.text).toContain('https://shop.example/admin/forgot-password');
  });

  it('tells a member their two-step verification was reset, by whom, and what comes next', async () => {
    const data: StaffTwoStepResetEmailData = {
      kind: 'staff_two_step_reset',
      shop,
      memberName: 'Tom Reed',
      ownerName: 'Maya <i>Hart</i>',
      required: false,
      signInUrl: 'https://shop.example/admin/login',
    };
    const optional = await renderStaffEmail(data);
    expect(optional.subject).toBe('Your two-step verification at Ember & Oak was reset');
    expect(optional.text).toContain('Maya <i>Hart</i> reset your two-step verification');
    expect(optional.text).toContain('set up two-step verification again under Account');
    expect(optional.html).not.toContain('<i>Hart</i>');
    const required = await renderStaffEmail({ ...data, required: true });
    expect(required.text).toContain('the shop requires two-step verification');
  });

  it('refuses data of the wrong shape (a link that is not http, a count that is not one)', async () => {
    await expect(
      renderStaffEmail({
        kind: 'staff_second_step_locked',
        shop,
        memberName: 'Tom',
        failures: -1,
        until: 'soon',
        resetUrl: 'javascript:alert(1)',
      } as StaffSecondStepLockedEmailData),
    ).rejects.toBeInstanceOf(EmailDataError);
  });
});
