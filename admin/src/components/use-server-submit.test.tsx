/**
 * A form's submit through useServerSubmit: one send at a time, a refusal's field message beside
 * its field and the rest at the top, the top message cleared by the next submit.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { useServerSubmit } from './use-server-submit';

function NameForm({ send }: { send: (values: { name: string }) => Promise<unknown> }) {
  const form = useForm<{ name: string }>({ defaultValues: { name: 'Maya' } });
  const { submit, message } = useServerSubmit(form, ['name'], send);
  return (
    <form onSubmit={submit} noValidate>
      {message ? <p role="alert">{message}</p> : null}
      <input aria-label="Name" {...form.register('name')} />
      {form.formState.errors.name ? <p>{form.formState.errors.name.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useServerSubmit', () => {
  it('sends the values once while a send is under way', async () => {
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Maya' });
    await act(async () => finish());
  });

  it('puts a field message beside its field, the rest at the top until the next submit', async () => {
    const send = vi
      .fn<(values: { name: string }) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(400, { name: ['Too long.'] }))
      .mockRejectedValueOnce(new ApiError(409, { detail: 'Already taken.' }))
      .mockResolvedValueOnce(undefined);
    render(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already taken.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
