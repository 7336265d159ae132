/**
 * The shop-wide activity log (owners only): who did what and when, newest first, 50 a page,
 * filterable by member of staff. The filter and the page live in the URL (`?staff_id=&page=`).
 * Each entry names its object as the shop knows it (the server's `object_label`: a product's
 * name, "Shipping method: Royal Mail Tracked", "Sign-in from Chrome on Android"), linked to its
 * screen where the back office has one and the object still exists (./object-link.tsx), and
 * what changed, as "field: before → after".
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { listColumns } from '../../components/data-table';
import { fieldsOf, FormFields } from '../../components/fields';
import { FilterForm, ListCount } from '../../components/filter-form';
import { formatDateTime, humanize } from '../../components/format';
import { NEWER_OLDER, PagedTable } from '../../components/paged-list';
import { staffQuery } from '../staff/api';
import { ACTIVITY_PAGE_SIZE, activityQuery, type ActivityEntry } from './api';
import { changeText, describeChanges } from './changes';
import { ObjectLink } from './object-link';

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
  column.accessor('object_label', {
    header: 'Object',
    cell: (info) => <ObjectLink entry={info.row.original} />,
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
  const form = useForm<FilterValues>({
    resolver: zodResolver(filterSchema),
    defaultValues: { staff_id: search.staff_id ? String(search.staff_id) : '' },
  });
  const { SelectField } = fieldsOf(form);
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
        <ListCount count={activity.data?.count} one="entry" many="entries" />
      </div>
      <FilterForm label="Filter activity" onSubmit={submit} submitLabel="Show">
        <FormFields form={form} idPrefix="activity">
          <SelectField name="staff_id" fieldClass="field-narrow" label="Member of staff">
            <option value="">Everyone</option>
            {(staff.data ?? []).map((member) => (
              <option key={member.id} value={String(member.id)}>
                {member.name || member.email}
              </option>
            ))}
            {search.staff_id && !staff.data?.some((m) => m.id === search.staff_id) ? (
              <option value={String(search.staff_id)}>Member #{search.staff_id}</option>
            ) : null}
          </SelectField>
        </FormFields>
      </FilterForm>
      <PagedTable
        query={activity}
        loading="Loading the activity log…"
        pager={{
          link: { to: '/activity', search },
          pageSize: ACTIVITY_PAGE_SIZE,
          labels: NEWER_OLDER,
        }}
        table={{
          caption: 'Activity, newest first',
          columns: COLUMNS,
          rowId: (entry) => String(entry.id),
          empty: 'Nothing recorded yet.',
        }}
      />
    </>
  );
}
