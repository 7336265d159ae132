/**
 * The moderation settings (owners only): two checkboxes, whether new comments and new reviews
 * show on the shop at once, and "Save settings". Either way a comment or review full of links
 * waits for approval.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import { useServerSubmit } from '../../components/use-server-submit';
import { moderationSettingsQuery, type ModerationSettings, useSaveModerationSettings } from './api';

export function ModerationSettingsPanel() {
  const settings = useQuery(moderationSettingsQuery());
  return (
    <section className="panel" aria-labelledby="moderation-settings-title">
      <div className="panel-head">
        <h2 id="moderation-settings-title">Moderation settings</h2>
      </div>
      <QueryView query={settings}>{(data) => <SettingsForm settings={data} />}</QueryView>
    </section>
  );
}

export function SettingsForm({ settings }: { settings: ModerationSettings }) {
  const save = useSaveModerationSettings();
  const form = useForm<ModerationSettings>({ defaultValues: settings });
  const { CheckField } = fieldsOf(form);
  useEffect(() => form.reset(settings), [form, settings]);
  const { submit, message } = useServerSubmit(
    form,
    ['comments_auto_approve', 'reviews_auto_approve'],
    async (values) => {
      await save.mutateAsync(values);
    },
  );
  return (
    <Form form={form} idPrefix="moderation" onSubmit={submit} aria-label="Moderation settings">
      {message ? <Notice tone="error">{message}</Notice> : null}
      {save.isSuccess && !form.formState.isDirty ? (
        <Notice tone="success">The settings were saved.</Notice>
      ) : null}
      <CheckField name="comments_auto_approve">
        Show new comments at once, without waiting for approval
      </CheckField>
      <CheckField name="reviews_auto_approve">
        Show new reviews at once, without waiting for approval
      </CheckField>
      <p className="field-hint">
        Either way, a comment or review full of links (two or more, or one with hardly any words)
        waits for approval.
      </p>
      <FormButtons busy={form.formState.isSubmitting} label="Save settings" />
    </Form>
  );
}
