/** An order's history: the e-mails sent about it and its timeline of moves. */
import { formatDateTime, humanize } from '../../components/format';
import { Panel } from '../../components/panel';
import { type AdminOrder } from './api';

export function EmailsPanel({ order }: { order: AdminOrder }) {
  return (
    <Panel titleId="emails-title" title="E-mails">
      {order.emails.length === 0 ? <p className="empty">No e-mails about this order.</p> : null}
      <ul className="plain task-list">
        {order.emails.map((email, index) => (
          <li key={`${email.kind}-${email.created_at}-${index}`}>
            <span className="task-main">
              {humanize(email.kind)} to <span className="break">{email.recipient}</span>
            </span>
            <span className="task-side">
              {email.status === 'sent' && email.sent_at
                ? `sent ${formatDateTime(email.sent_at)}`
                : `${email.status} since ${formatDateTime(email.created_at)}`}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function TimelinePanel({ order }: { order: AdminOrder }) {
  return (
    <Panel titleId="timeline-title" title="Timeline">
      <ol className="plain timeline">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <strong>{entry.action}</strong> <span className="muted">by {entry.actor}</span>
            {entry.detail ? <div className="small break">{entry.detail}</div> : null}
            <div className="small muted">{formatDateTime(entry.at)}</div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
