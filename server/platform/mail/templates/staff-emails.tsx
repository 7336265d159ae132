/**
 * The back office's e-mails to people (./staff-email-data.ts): today the invitation to join a
 * shop's staff, in the order e-mails' frame (the shop's logo or name, one card, the footer).
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
} from './basic-blocks.tsx';
import { formatDateTime, oneLine } from './format.ts';
import { EmailFrame, type EmailProps } from './layout.tsx';
import type {
  ContactReplyEmailData,
  StaffEmailData,
  StaffEmailKind,
  StaffInvitationEmailData,
} from './staff-email-data.ts';

/** What each role may do, in the invitation's words. */
const ROLE_WORDS: Record<StaffInvitationEmailData['role'], { name: string; does: string }> = {
  owner: {
    name: 'Owner',
    does: 'everything: orders, refunds, staff and the shop’s settings',
  },
  staff: {
    name: 'Staff',
    does: 'the order desk: payments received, shipping and collections',
  },
};

/** The subject of each back-office e-mail; values from the data are folded to one line. */
export const STAFF_EMAIL_SUBJECTS: {
  [K in StaffEmailKind]: (data: Extract<StaffEmailData, { kind: K }>) => string;
} = {
  staff_invitation: (d) =>
    `${oneLine(d.inviterName)} invited you to the back office of ${oneLine(d.shop.name)}`,
  contact_reply: (d) => `Re: ${oneLine(d.subject)}`,
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
