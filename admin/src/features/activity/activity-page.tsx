/**
 * The shop-wide activity log (owners only): who did what and when, newest first, 50 a page,
 * filterable by member of staff. The filter and the page live in the URL (`?staff_id=&page=`).
 * Each entry names its object (an order links to its page) and what changed, as
 * "field: before → after".
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable, listColumns } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { formatDateTime, humanize } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { Pager } from '../../components/pager';
import { staffQuery } from '../staff/api';
import { ACTIVITY_PAGE_SIZE, activityQuery, type ActivityEntry } from './api';
import { changeText, describeChanges } from './changes';

const column = listColumns<ActivityEntry>();
const COLUMNS = column.columns([
  column.accessor('at', {
    header: 'When',
    meta: { cell: 'cell-title' },
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('staff_name', { header: 'Who' }),
  column.accessor('action', {
    header: 'What',
    cell: (info) => humanize(info.getValue().replace(/\./g, ' ')),
  }),
  column.accessor('object_id', {
    header: 'Object',
    cell: (info) => {
      const entry = info.row.original;
      if (entry.object_type === 'order')
        return (
          <Link to="/orders/$number" params={{ number: entry.object_id }} className="mono">
            {entry.object_id}
          </Link>
        );
      return `${humanize(entry.object_type)} ${entry.object_id}`;
    },
  }),
  column.display({
    id: 'changes',
    header: 'Changes',
    cell: (info) => {
      const changes = describeChanges(info.row.original.before, info.row.original.after);
      if (!changes.length) return <span className="muted">—</span>;
      return (
        <ul className="plain small break">
          {changes.map((change) => (
            <li key={change.field}>{changeText(change)}</li>
          ))}
        </ul>
      );
    },
  }),
]);

const filterSchema = z.object({ staff_id: z.string() });
type FilterValues = z.infer<typeof filterSchema>;

export function ActivityPage() {
  const search = useSearch({ from: '/_auth/_shell/activity' });
  const navigate = useNavigate();
  const activity = useQuery(activityQuery(search));
  const staff = useQuery(staffQuery());
  const page = search.page ?? 1;
  const pages = activity.data
    ? Math.max(1, Math.ceil(activity.data.count / ACTIVITY_PAGE_SIZE))
    : 1;

  const form = useForm<FilterValues>({
    resolver: zodResolver(filterSchema),
    defaultValues: { staff_id: search.staff_id ? String(search.staff_id) : '' },
  });
  useEffect(() => {
    form.reset({ staff_id: search.staff_id ? String(search.staff_id) : '' });
  }, [form, search.staff_id]);
  const submit = form.handleSubmit(({ staff_id }) =>
    navigate({
      to: '/activity',
      search: { staff_id: staff_id ? Number(staff_id) : undefined, page: undefined },
    }),
  );

  return (
    <>
      <title>Activity · Back office</title>
      <div className="page-head">
        <h1>Activity</h1>
        {activity.data ? (
          <p className="muted" role="status">
            {activity.data.count} {activity.data.count === 1 ? 'entry' : 'entries'}
          </p>
        ) : null}
      </div>
      <form className="panel filters" role="search" aria-label="Filter activity" onSubmit={submit}>
        <div className="form-inline">
          <FormField id="activity-staff" className="field-narrow" label="Member of staff">
            <select id="activity-staff" {...form.register('staff_id')}>
              <option value="">Everyone</option>
              {(staff.data ?? []).map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.name || member.email}
                </option>
              ))}
              {search.staff_id && !staff.data?.some((m) => m.id === search.staff_id) ? (
                <option value={String(search.staff_id)}>Member #{search.staff_id}</option>
              ) : null}
            </select>
          </FormField>
          <div className="button-row">
            <button type="submit" className="button button-primary">
              Show
            </button>
          </div>
        </div>
      </form>
      {activity.isPending ? (
        <Loading label="Loading the activity log…" />
      ) : activity.isError ? (
        <ErrorNotice error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <div className={activity.isPlaceholderData ? 'is-refreshing' : undefined}>
          <DataTable
            caption="Activity, newest first"
            columns={COLUMNS}
            data={activity.data.results}
            rowId={(entry) => String(entry.id)}
            empty="Nothing recorded yet."
          />
          <Pager
            link={{ to: '/activity', search }}
            page={page}
            pages={pages}
            labels={{ previous: 'Newer', next: 'Older' }}
          />
        </div>
      )}
    </>
  );
}
