/**
 * The moderation settings (owners only): two checkboxes, whether new comments and new reviews
 * show on the shop at once, and "Save settings". Either way a comment or review full of links
 * waits for approval.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { moderationSettingsQuery, type ModerationSettings, useSaveModerationSettings } from './api';

export function ModerationSettingsPanel() {
  const settings = useQuery(moderationSettingsQuery());
  return (
    <section className="panel" aria-labelledby="moderation-settings-title">
      <div className="panel-head">
        <h2 id="moderation-settings-title">Moderation settings</h2>
      </div>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}

export function SettingsForm({ settings }: { settings: ModerationSettings }) {
  const save = useSaveModerationSettings();
  const form = useForm<ModerationSettings>({ defaultValues: settings });
  useEffect(() => form.reset(settings), [form, settings]);
  const { submit, message } = useServerSubmit(
    form,
    ['comments_auto_approve', 'reviews_auto_approve'],
    async (values) => {
      await save.mutateAsync(values);
    },
  );
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Moderation settings">
      {message ? <Notice tone="error">{message}</Notice> : null}
      {save.isSuccess && !form.formState.isDirty ? (
        <Notice tone="success">The settings were saved.</Notice>
      ) : null}
      <label className="check">
        <input type="checkbox" {...form.register('comments_auto_approve')} />
        <span>Show new comments at once, without waiting for approval</span>
      </label>
      <label className="check">
        <input type="checkbox" {...form.register('reviews_auto_approve')} />
        <span>Show new reviews at once, without waiting for approval</span>
      </label>
      <p className="field-hint">
        Either way, a comment or review full of links (two or more, or one with hardly any words)
        waits for approval.
      </p>
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
