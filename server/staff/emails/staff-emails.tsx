/**
 * The back office's e-mails to people (./staff-email-data.ts): the invitation to join a shop's
 * staff, the shop's answer to a contact message, and a member's own account's e-mails (a
 * password-reset link; wrong codes at the second step; an owner resetting their two-step
 * verification), and the owners' notice of e-mails the outbox gave up on, in the order e-mails' frame (the shop's logo or name, one card, the footer).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import {
  ActionButton,
  Callout,
  CalloutText,
  DetailList,
  MultilineText,
  Paragraph,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { formatDateTime, oneLine } from '../../platform/mail/templates/format.ts';
import { EmailFrame, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import type {
  ContactReplyEmailData,
  StaffEmailData,
  StaffEmailKind,
  StaffFailedMailEmailData,
  StaffInvitationEmailData,
  StaffPasswordResetEmailData,
  StaffSecondStepLockedEmailData,
  StaffTwoStepResetEmailData,
} from './staff-email-data.ts';

/** What each role may do, in the invitation's words. */
const ROLE_WORDS: Record<StaffInvitationEmailData['role'], { name: string; does: string }> = {
  owner: {
    name: 'Owner',
    does: 'everything: orders, refunds, staff and the shop’s settings',
  },
  staff: {
    name: 'Staff',
    does: 'the back office: payments received, shipping and collections',
  },
};

/** The subject of each back-office e-mail; values from the data are folded to one line. */
export const STAFF_EMAIL_SUBJECTS: {
  [K in StaffEmailKind]: (data: Extract<StaffEmailData, { kind: K }>) => string;
} = {
  staff_invitation: (d) =>
    `${oneLine(d.inviterName)} invited you to the back office of ${oneLine(d.shop.name)}`,
  contact_reply: (d) => `Re: ${oneLine(d.subject)}`,
  staff_password_reset: (d) => `Reset your back office password at ${oneLine(d.shop.name)}`,
  staff_second_step_locked: (d) =>
    `Someone is trying codes on your back office account at ${oneLine(d.shop.name)}`,
  staff_two_step_reset: (d) => `Your two-step verification at ${oneLine(d.shop.name)} was reset`,
  staff_failed_mail: (d) =>
    d.count === 1
      ? `An e-mail from ${oneLine(d.shop.name)} could not be sent`
      : `${d.count} e-mails from ${oneLine(d.shop.name)} could not be sent`,
};

/** An invitation to join a shop's staff, with its one-time link. */
export function StaffInvitationEmail({
  data,
  textMode = false,
}: EmailProps<StaffInvitationEmailData>) {
  const { shop, inviterName } = data;
  const role = ROLE_WORDS[data.role];
  const expires = formatDateTime(data.expiresAt);
  return (
    <EmailFrame
      shop={shop}
      title={STAFF_EMAIL_SUBJECTS.staff_invitation(data)}
      preview={`${inviterName} invited you to help run ${shop.name}. The link works until ${expires}.`}
      heading={`Join ${shop.name}’s back office`}
      currency="USD"
      reason={
        <>
          Sent by {shop.name} because an owner of the shop invited this address to its back office.
          If you did not expect it, ignore this e-mail: no account is made.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {inviterName} invited you to help run {shop.name} in its back office. Accept the invitation
        to choose your name and password; you are signed in straight away.
      </Paragraph>
      <DetailList
        items={[
          { label: 'Shop', value: shop.name },
          { label: 'Your role', value: `${role.name} (${role.does})` },
          { label: 'Link works until', value: expires },
        ]}
      />
      <ActionButton href={data.acceptUrl}>Accept the invitation</ActionButton>
      <Paragraph muted>
        The link works once. If it has expired, ask {inviterName} to send you a new one.
      </Paragraph>
    </EmailFrame>
  );
}

/**
 * The shop's answer to a contact message: the answer, then the original message quoted (with
 * when it was sent). Replying to this e-mail reaches the shop (its Reply-To).
 */
export function ContactReplyEmail({ data, textMode = false }: EmailProps<ContactReplyEmailData>) {
  const { shop } = data;
  return (
    <EmailFrame
      shop={shop}
      title={STAFF_EMAIL_SUBJECTS.contact_reply(data)}
      preview={oneLine(data.reply).slice(0, 140)}
      heading={`A reply from ${shop.name}`}
      currency="USD"
      reason={
        <>
          Sent by {shop.name} in answer to the message you sent through its contact form. Reply to
          this e-mail to write back.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello {data.customerName},</Paragraph>
      <Paragraph>
        <MultilineText value={data.reply} />
      </Paragraph>
      <Callout title={`Your message of ${formatDateTime(data.original.sentAt)}`}>
        <CalloutText>
          {textMode ? '> ' : null}
          <MultilineText
            value={textMode ? data.original.message.replace(/\n/g, '\n> ') : data.original.message}
          />
        </CalloutText>
      </Callout>
    </EmailFrame>
  );
}

/** The link to choose a new password, asked for on the back office's sign-in screen. */
export function StaffPasswordResetEmail({
  data,
  textMode = false,
}: EmailProps<StaffPasswordResetEmailData>) {
  const { shop } = data;
  const expires = formatDateTime(data.expiresAt);
  return (
    <EmailFrame
      shop={shop}
      title={STAFF_EMAIL_SUBJECTS.staff_password_reset(data)}
      preview={`Choose a new password for ${shop.name}’s back office. The link works until ${expires}.`}
      heading="Choose a new password"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} because someone asked to reset the password of this address’s back
          office account. If it was not you, ignore this e-mail: your password stays as it is.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello {data.memberName},</Paragraph>
      <Paragraph>
        Someone, hopefully you, asked to reset the password you use to sign in to {shop.name}’s back
        office. Open the link to choose a new one; every device signed in with the old one is signed
        out.
      </Paragraph>
      <ActionButton href={data.resetUrl}>Choose a new password</ActionButton>
      <Paragraph muted>
        The link works once, until {expires}. Your two-step verification stays as it is: you still
        sign in with a code from your app.
      </Paragraph>
    </EmailFrame>
  );
}

/**
 * Wrong codes at the second step reached the account's cap: someone has the password. Says
 * what is refused until when, and what to do.
 */
export function StaffSecondStepLockedEmail({
  data,
  textMode = false,
}: EmailProps<StaffSecondStepLockedEmailData>) {
  const { shop } = data;
  const until = formatDateTime(data.until);
  return (
    <EmailFrame
      shop={shop}
      title={STAFF_EMAIL_SUBJECTS.staff_second_step_locked(data)}
      preview={`Your password was typed correctly, then ${data.failures} wrong codes. Change your password now.`}
      heading="Someone is trying codes on your account"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} because wrong two-step codes kept being typed for this address’s back
          office account.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello {data.memberName},</Paragraph>
      <Paragraph>
        Someone signed in to {shop.name}’s back office with your e-mail and your password, then
        typed {data.failures} wrong codes from an authenticator app. Your two-step verification
        stopped them, but they know your password.
      </Paragraph>
      <Callout title="What to do now">
        <CalloutText>1. Choose a new password, one you use nowhere else.</CalloutText>
        <CalloutText>2. Tell the shop’s owner, so they can watch the activity log.</CalloutText>
        <CalloutText>
          3. If it was you, check the time on your phone: codes depend on it.
        </CalloutText>
      </Callout>
      <ActionButton href={data.resetUrl}>Choose a new password</ActionButton>
      <Paragraph muted>
        Until {until}, or until you choose a new password, codes from the app are refused for your
        account from everywhere. You can still sign in with one of your recovery codes.
      </Paragraph>
    </EmailFrame>
  );
}

/** An owner reset the member's two-step verification: what it means for the next sign-in. */
export function StaffTwoStepResetEmail({
  data,
  textMode = false,
}: EmailProps<StaffTwoStepResetEmailData>) {
  const { shop } = data;
  return (
    <EmailFrame
      shop={shop}
      title={STAFF_EMAIL_SUBJECTS.staff_two_step_reset(data)}
      preview={`${data.ownerName} reset your two-step verification. Sign in with your password.`}
      heading="Your two-step verification was reset"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} because an owner of the shop reset the two-step verification of this
          address’s back office account.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello {data.memberName},</Paragraph>
      <Paragraph>
        {data.ownerName} reset your two-step verification at {shop.name}, as is done when a phone is
        lost. The old codes and recovery codes no longer work, and every device you were signed in
        on is signed out.
      </Paragraph>
      <Paragraph>
        {data.required
          ? 'Sign in with your password: the shop requires two-step verification, so you set it up again straight away, with your new phone.'
          : 'Sign in with your password alone, then set up two-step verification again under Account.'}
      </Paragraph>
      <ActionButton href={data.signInUrl}>Sign in</ActionButton>
      <Paragraph muted>
        If you did not ask for this, tell {data.ownerName} or another owner of the shop at once.
      </Paragraph>
    </EmailFrame>
  );
}

/**
 * E-mails of the shop the outbox gave up on (issue 39): how many, the latest with whom they were
 * for, what the mail server answered and the order they were about, and what usually causes it.
 */
export function StaffFailedMailEmail({
  data,
  textMode = false,
}: EmailProps<StaffFailedMailEmailData>) {
  const { shop } = data;
  const more = data.count - data.emails.length;
  return (
    <EmailFrame
      shop={shop}
      title={STAFF_EMAIL_SUBJECTS.staff_failed_mail(data)}
      preview={`${data.count === 1 ? 'One e-mail' : `${data.count} e-mails`} to your customers or staff could not be delivered, even after retrying for hours.`}
      heading="E-mails that could not be sent"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} to its owners because its e-mails stopped being delivered. You get
          this at most every few hours, and only when more e-mails fail.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello {data.memberName},</Paragraph>
      <Paragraph>
        {data.count === 1 ? 'One e-mail' : `${data.count} e-mails`} from {shop.name} could not be
        delivered, even after retrying for hours, and will not be tried again. The people they were
        for may be waiting for an order confirmation or a link.
      </Paragraph>
      {data.emails.map((entry, index) => (
        <DetailList
          key={index}
          items={[
            { label: 'To', value: entry.recipient },
            { label: 'Kind', value: entry.kind },
            { label: 'Queued', value: formatDateTime(entry.queuedAt) },
            ...(entry.order ? [{ label: 'Order', value: entry.order.number }] : []),
            { label: 'Mail server said', value: entry.error },
          ]}
        />
      ))}
      {more > 0 ? (
        <Paragraph muted>
          And {more} more: each order’s page in the back office lists its e-mails.
        </Paragraph>
      ) : null}
      <Callout title="What usually causes it">
        <CalloutText>
          When every e-mail fails: the shop’s mail server settings (SMTP_URL) are wrong, or the
          server refuses them. Ask whoever hosts the shop.
        </CalloutText>
        <CalloutText>
          When one customer’s fails: their address has a typo or no longer exists. Contact them
          another way.
        </CalloutText>
      </Callout>
      <ActionButton href={data.ordersUrl}>Open the orders</ActionButton>
    </EmailFrame>
  );
}
