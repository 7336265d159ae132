/**
 * The owners' e-mail that the server's scheduled backup failed (./backup-email-data.ts), in the
 * frame of the shop's other e-mails, and its renderer. Loaded lazily, with the first such e-mail,
 * by the renderer of every noun's e-mails (server/emails.ts).
 *
 * @jsxRuntime automatic (`npm run dev` runs tsx with the root tsconfig, whose JSX setting does
 * not reach server/; without this pragma the file would compile to classic `React.createElement`)
 */
import {
  Callout,
  CalloutText,
  DetailList,
  Paragraph,
} from '../../platform/mail/templates/basic-blocks.tsx';
import { formatDateTime, oneLine } from '../../platform/mail/templates/format.ts';
import { EmailFrame, type EmailProps } from '../../platform/mail/templates/layout.tsx';
import {
  renderComponent,
  type RenderedEmail,
} from '../../platform/mail/templates/render-component.ts';
import { type BackupFailedEmailData, parseBackupFailedEmailData } from './backup-email-data.ts';

/** The subject; the shop's name is folded to one line. */
export function backupFailedSubject(data: BackupFailedEmailData): string {
  return `The backup of ${oneLine(data.shop.name)} failed`;
}

/**
 * The failed backup: when it started, why in the server's words, what to do, and when the server
 * tries again.
 */
export function BackupFailedEmail({ data, textMode = false }: EmailProps<BackupFailedEmailData>) {
  const { shop } = data;
  const at = formatDateTime(data.at);
  const retry = formatDateTime(data.retryAt);
  return (
    <EmailFrame
      shop={shop}
      title={backupFailedSubject(data)}
      preview={`The backup started ${at} did not complete. The server tries again by ${retry}.`}
      heading="A backup of the shop failed"
      currency="USD"
      reason={
        <>
          Sent by {shop.name} to its owners because the server that runs the shop could not make its
          scheduled backup. You get this at most once a day.
        </>
      }
      textMode={textMode}
    >
      <Paragraph>Hello {data.memberName},</Paragraph>
      <Paragraph>
        The server’s scheduled backup of the shop (its orders, customers, products and photos),
        started {at}, failed. The shop itself keeps working; only the copy was not made.
      </Paragraph>
      <DetailList items={[{ label: 'What the server said', value: oneLine(data.reason) }]} />
      <Callout title="What to do now">
        <CalloutText>
          1. Tell whoever runs the server for you, and forward them this e-mail.
        </CalloutText>
        <CalloutText>
          2. They look at the backup folder’s free space and at the server’s log (the guide:
          docs/backups.md).
        </CalloutText>
      </Callout>
      <Paragraph muted>
        The server tries again by {retry}. Until a backup succeeds, the newest copy of the shop is
        older than it should be.
      </Paragraph>
    </EmailFrame>
  );
}

/**
 * Renders the failed backup's e-mail.
 * @param data the e-mail's data as stored in the outbox (checked again here).
 * @returns `{ subject, html, text }`
 * @throws EmailDataError when the data is not a valid `BackupFailedEmailData` (permanent).
 */
export async function renderBackupEmail(data: BackupFailedEmailData): Promise<RenderedEmail> {
  const checked = parseBackupFailedEmailData(data);
  return renderComponent(BackupFailedEmail, checked, backupFailedSubject(checked));
}
