import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { messageQuery, type ContactMessage } from './api';
import { MessageView } from './message-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

function aMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 12,
    name: 'Sam Kerr',
    email: 'sam@example.com',
    phone_number: null,
    subject: 'Engraving a gyuto',
    message: 'Can you engrave initials?\nIt is a wedding present.',
    created_at: '2026-11-22T10:15:00Z',
    is_read: true,
    is_archived: false,
    read_at: '2026-11-22T11:00:00Z',
    archived_at: null,
    replies: [],
    ...overrides,
  };
}

describe('a contact message', () => {
  it('shows the sender, the message as text and the earlier replies', () => {
    renderWithQuery(
      <MessageView
        message={aMessage({
          replies: [
            {
              id: 3,
              body: 'Yes, we can.',
              created_at: '2026-11-22T11:05:00Z',
              staff_name: 'Maya Hart',
            },
          ],
        })}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Engraving a gyuto' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sam@example.com' })).toHaveAttribute(
      'href',
      'mailto:sam@example.com',
    );
    expect(screen.getByText(/Can you engrave initials\?/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Earlier replies' })).toBeInTheDocument();
    expect(screen.getByText('Yes, we can.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark unread' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it('sends the reply by e-mail and shows it among the replies', async () => {
    const replied = aMessage({
      replies: [
        { id: 4, body: 'Yes!', created_at: '2026-11-22T11:05:00Z', staff_name: 'Priya Shah' },
      ],
    });
    const sent = fakeApi({ 'POST /inbox/messages/12/replies/': { status: 201, body: replied } });
    const { queryClient } = renderWithQuery(<MessageView message={aMessage()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write your reply.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your reply'), ' Yes! ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    // The status region may be there, empty, before the answer: wait for its words.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Your reply was sent to sam@example.com.',
      ),
    );
    expect(sent).toEqual([
      { method: 'POST', path: '/inbox/messages/12/replies/', body: { body: 'Yes!' } },
    ]);
    expect(queryClient.getQueryData(messageQuery(12).queryKey)?.replies).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveValue(''));
  });

  it('archives it, and an archived one offers Move to inbox', async () => {
    const sent = fakeApi({
      'POST /inbox/messages/12/archive/': {
        status: 200,
        body: aMessage({ is_archived: true, archived_at: '2026-11-22T12:00:00Z' }),
      },
    });
    renderWithQuery(<MessageView message={aMessage()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Archived.'));
  });

  it("shows the server's refusal of the reply beside the field", async () => {
    fakeApi({
      'POST /inbox/messages/12/replies/': {
        status: 400,
        body: { body: ['Control characters are not allowed.'] },
      },
    });
    renderWithQuery(<MessageView message={aMessage()} />);
    await userEvent.type(screen.getByLabelText('Your reply'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Control characters are not allowed.')).toBeInTheDocument();
  });
});
