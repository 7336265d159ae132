/**
 * The data of the back office's e-mails to people rather than about orders: the invitation to
 * join a shop's staff, the shop's answer to a contact message, and what a member is told about
 * their own account (a password-reset link, wrong codes at the second step, an owner resetting
 * their two-step verification), and what owners are told of the shop's e-mails the outbox gave up
 * on (issue 39). Kept apart from the order e-mails' data
 * (server/orders/emails/email-data.ts), whose every kind carries an order: these carry none.
 * Stored as JSON in the same outbox (server/platform/mail/outbox.ts) and rendered by
 * ./render-staff-email.ts; the app's renderer picks the noun by `kind` (server/emails.ts).
 *
 * As with the order e-mails, a field is only ever added as optional, and a change of meaning
 * is a new kind: a row written by one release may be sent by the next.
 */
import type { EmailShop, IsoDateTime } from '../../platform/mail/templates/email-shop.ts';
import {
  type Check,
  EmailDataError,
  dateTime,
  email,
  httpUrl,
  isRecord,
  list,
  literal,
  object,
  optional,
  anyString,
  bool,
  positiveInteger,
  text,
} from '../../platform/mail/templates/json-checks.ts';

/** An invitation to a shop's back office, with its one-time link. */
export interface StaffInvitationEmailData {
  kind: 'staff_invitation';
  shop: EmailShop;
  /** The inviting owner's name: "Maya Hart". */
  inviterName: string;
  role: 'owner' | 'staff';
  /**
   * `<storefront origin>/admin/accept-invitation?token=...`: a credential until it is used or
   * expires, so it lives only in this row until the e-mail is sent (then blanked:
   * server/emails.ts `withoutCredentials`) and in the e-mail, never in a log line or an answer.
   */
  acceptUrl: string;
  /** When the link stops working. */
  expiresAt: IsoDateTime;
}

/**
 * The shop's answer to a message sent through its contact form, written in the back office's
 * inbox (server/content/inbox.ts): sent from the shop's address with the shop as its Reply-To,
 * the original message quoted below the answer.
 */
export interface ContactReplyEmailData {
  kind: 'contact_reply';
  shop: EmailShop;
  /** The sender's name as they typed it. */
  customerName: string;
  /** The original message's subject (the e-mail's is "Re: " and it). */
  subject: string;
  /** What the member wrote (plain text, line breaks kept). */
  reply: string;
  /** The original message (plain text) and when it was sent. */
  original: { message: string; sentAt: IsoDateTime };
}

/**
 * A password-reset link a member asked for on the back office's sign-in screen
 * (server/staff/password-reset.ts).
 */
export interface StaffPasswordResetEmailData {
  kind: 'staff_password_reset';
  shop: EmailShop;
  /** The member's name: "Tom Reed". */
  memberName: string;
  /**
   * `<storefront origin>/admin/reset-password?token=...`: a credential until it is used or
   * expires, so it lives only in this row until the e-mail is sent (then blanked:
   * server/emails.ts `withoutCredentials`) and in the e-mail, never in a log line or an answer.
   */
  resetUrl: string;
  /** When the link stops working. */
  expiresAt: IsoDateTime;
}

/**
 * Someone who knows the member's password typed wrong codes from the authenticator app until
 * the account's cap was reached (server/staff/second-step.ts): codes are refused until `until`.
 */
export interface StaffSecondStepLockedEmailData {
  kind: 'staff_second_step_locked';
  shop: EmailShop;
  memberName: string;
  /** The wrong codes counted in the window: 10. */
  failures: number;
  /** When codes from the app are taken again. */
  until: IsoDateTime;
  /** `<storefront origin>/admin/forgot-password`: where a new password is asked for. */
  resetUrl: string;
}

/** An owner reset the member's two-step verification (their phone was lost). */
export interface StaffTwoStepResetEmailData {
  kind: 'staff_two_step_reset';
  shop: EmailShop;
  memberName: string;
  /** The owner who reset it. */
  ownerName: string;
  /** True when the shop requires two-step verification: they set it up at the next sign-in. */
  required: boolean;
  /** `<storefront origin>/admin/login`. */
  signInUrl: string;
}

/** One e-mail the outbox gave up on, as {@link StaffFailedMailEmailData} lists it. */
export interface FailedMailEntry {
  /** Who it was for. */
  recipient: string;
  /** The outbox's kind of e-mail: `order_placed_shopper`, `staff_invitation`... */
  kind: string;
  /** When it was queued. */
  queuedAt: IsoDateTime;
  /** What the last try ended with (the mail server's answer), at most 200 characters. */
  error: string;
  /** The order it was about, and its page in the back office (which lists its e-mails). */
  order?: { number: string; url: string };
}

/**
 * E-mails of the shop the outbox gave up on after every retry, told to each owner once
 * (server/orders/failed-mail-notices.ts): customers may be missing their order confirmations.
 */
export interface StaffFailedMailEmailData {
  kind: 'staff_failed_mail';
  shop: EmailShop;
  /** The owner's name: "Maya Hart". */
  memberName: string;
  /** How many were given up since the last such e-mail. */
  count: number;
  /** The latest of them, newest first (at most FAILED_MAIL_LISTED). */
  emails: FailedMailEntry[];
  /** `<storefront origin>/admin/orders`: where each order's e-mails show. */
  ordersUrl: string;
}

/** The data of any back-office e-mail; `kind` tells which. */
export type StaffEmailData =
  | StaffInvitationEmailData
  | ContactReplyEmailData
  | StaffPasswordResetEmailData
  | StaffSecondStepLockedEmailData
  | StaffTwoStepResetEmailData
  | StaffFailedMailEmailData;

export type StaffEmailKind = StaffEmailData['kind'];

export const STAFF_EMAIL_KINDS = [
  'staff_invitation',
  'contact_reply',
  'staff_password_reset',
  'staff_second_step_locked',
  'staff_two_step_reset',
  'staff_failed_mail',
] as const satisfies readonly StaffEmailKind[];

/** True when an outbox row's `kind` is one of the back office's e-mails. */
export function isStaffEmailKind(kind: unknown): kind is StaffEmailKind {
  return typeof kind === 'string' && (STAFF_EMAIL_KINDS as readonly string[]).includes(kind);
}

const shopCheck = object<EmailShop>({
  name: text,
  shopUrl: httpUrl,
  contactEmail: email,
  logoUrl: optional(anyString),
  legalLine: optional(text),
  theme: optional((value, path, issues) => {
    if (!isRecord(value)) issues.push(`${path}: an object`);
  }),
});

const checks: { [K in StaffEmailKind]: Check } = {
  staff_invitation: object<StaffInvitationEmailData>({
    kind: text,
    shop: shopCheck,
    inviterName: text,
    role: literal('owner', 'staff'),
    acceptUrl: httpUrl,
    expiresAt: dateTime,
  }),
  contact_reply: object<ContactReplyEmailData>({
    kind: text,
    shop: shopCheck,
    customerName: text,
    subject: text,
    reply: text,
    original: object<ContactReplyEmailData['original']>({ message: text, sentAt: dateTime }),
  }),
  staff_password_reset: object<StaffPasswordResetEmailData>({
    kind: text,
    shop: shopCheck,
    memberName: text,
    resetUrl: httpUrl,
    expiresAt: dateTime,
  }),
  staff_second_step_locked: object<StaffSecondStepLockedEmailData>({
    kind: text,
    shop: shopCheck,
    memberName: text,
    failures: positiveInteger,
    until: dateTime,
    resetUrl: httpUrl,
  }),
  staff_two_step_reset: object<StaffTwoStepResetEmailData>({
    kind: text,
    shop: shopCheck,
    memberName: text,
    ownerName: text,
    required: bool,
    signInUrl: httpUrl,
  }),
  staff_failed_mail: object<StaffFailedMailEmailData>({
    kind: text,
    shop: shopCheck,
    memberName: text,
    count: positiveInteger,
    emails: list(
      object<FailedMailEntry>({
        recipient: text,
        kind: text,
        queuedAt: dateTime,
        error: text,
        order: optional(
          object<NonNullable<FailedMailEntry['order']>>({ number: text, url: httpUrl }),
        ),
      }),
      { nonEmpty: true },
    ),
    ordersUrl: httpUrl,
  }),
};

/**
 * Checks that `value` (an outbox row's JSON) is a `StaffEmailData` and returns it typed.
 * @throws EmailDataError naming every field that is missing or malformed (permanent).
 */
export function parseStaffEmailData(value: unknown): StaffEmailData {
  if (!isRecord(value) || !isStaffEmailKind(value.kind)) {
    throw new EmailDataError([`kind: one of ${STAFF_EMAIL_KINDS.map((k) => `'${k}'`).join(', ')}`]);
  }
  const issues: string[] = [];
  checks[value.kind](value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as StaffEmailData;
}
