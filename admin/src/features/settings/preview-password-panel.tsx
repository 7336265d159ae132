/**
 * The preview password (Settings › Site; issue 38): before the shop launches, whoever types it
 * on the "Opening soon" page sees the real shop for a week (until the password changes or is
 * cleared). Set it, or clear it so that only the shop's staff preview it (Today's "Preview
 * shop"). The password is never shown back: the panel says only whether one is set.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  PREVIEW_PASSWORD_MAX_LENGTH,
  PREVIEW_PASSWORD_MIN_LENGTH,
} from '../../../../common/shop-status';
import { errorMessage } from '../../api/errors';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { shopLaunchQuery, useSetPreviewPassword } from '../today/api';
import { useSavedForm } from './saved-form';

const previewSchema = z.object({
  password: z
    .string()
    .min(PREVIEW_PASSWORD_MIN_LENGTH, `Use at least ${PREVIEW_PASSWORD_MIN_LENGTH} characters.`)
    .max(PREVIEW_PASSWORD_MAX_LENGTH, `Use at most ${PREVIEW_PASSWORD_MAX_LENGTH} characters.`),
});
type PreviewValues = z.infer<typeof previewSchema>;

export function PreviewPasswordPanel() {
  const shop = useQuery(shopLaunchQuery());
  const save = useSetPreviewPassword();
  const [cleared, setCleared] = useState<string | null>(null);
  const form = useForm<PreviewValues>({
    resolver: zodResolver(previewSchema),
    defaultValues: { password: '' },
  });
  const { InputField } = fieldsOf(form);
  const { submit, message, setMessage } = useSavedForm(form, ['password'], async (values) => {
    await save.mutateAsync(values.password);
    form.reset({ password: '' });
    setCleared(null);
    return 'The preview password was set. Give it to the people who should see the shop first.';
  });
  const clear = () => {
    setMessage(null);
    save.mutate(null, {
      onSuccess: () => setCleared('The preview password was cleared: only staff preview the shop.'),
      onError: (error) => setCleared(errorMessage(error)),
    });
  };
  const set = shop.data?.preview_password_set ?? false;
  return (
    <Panel titleId="preview-title" title="Preview password">
      <p className="muted">
        Until the shop launches, it shows “Opening soon”. Whoever types this password there sees the
        real shop for a week. {set ? 'A password is set.' : 'No password is set.'}
      </p>
      <Form form={form} idPrefix="preview" onSubmit={submit} aria-labelledby="preview-title">
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
        {cleared ? <Notice tone={save.isError ? 'error' : 'success'}>{cleared}</Notice> : null}
        <InputField
          name="password"
          label={set ? 'New preview password' : 'Preview password'}
          hint={`${PREVIEW_PASSWORD_MIN_LENGTH} to ${PREVIEW_PASSWORD_MAX_LENGTH} characters. It is not shown again.`}
          type="password"
          autoComplete="new-password"
          maxLength={PREVIEW_PASSWORD_MAX_LENGTH}
        />
        <FormButtons busy={save.isPending} label="Set password">
          {set ? (
            <button type="button" className="button" disabled={save.isPending} onClick={clear}>
              Clear password
            </button>
          ) : null}
        </FormButtons>
      </Form>
    </Panel>
  );
}
