import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { ModerationComment, ModerationReview } from './api';
import { ModerationItem } from './moderation-item';
import { SettingsForm } from './settings-panel';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

function aReview(overrides: Partial<ModerationReview> = {}): ModerationReview {
  return {
    id: 41,
    status: 'pending',
    rating: 4,
    comment: 'Sharp. See www.cheap-blades.example/deal',
    author: 'sam.k',
    created_at: '2026-11-20T09:30:00Z',
    is_verified_purchase: true,
    incentivised: false,
    held_for_links: true,
    product: { id: 1, name: 'Damascus Gyuto 210mm', slug: 'damascus-gyuto-210mm' },
    shop_reply: null,
    ...overrides,
  };
}

function aComment(overrides: Partial<ModerationComment> = {}): ModerationComment {
  return {
    id: 64,
    status: 'approved',
    content: 'Will there be more from the spring firing?',
    author: null,
    created_at: '2026-11-20T09:30:00Z',
    held_for_links: false,
    parent: null,
    post: { id: 4, title: 'Notes from the spring firing', slug: 'notes-from-the-spring-firing' },
    shop_reply: null,
    ...overrides,
  };
}

describe('a review in the queue', () => {
  it('says whether it is a verified purchase and incentivised (decision 085)', () => {
    const { unmount } = renderWithQuery(<ModerationItem kind="reviews" item={aReview()} />);
    expect(screen.getByText('Verified purchase')).toBeInTheDocument();
    expect(screen.queryByText('Incentivised')).toBeNull();
    expect(
      screen.getByRole('checkbox', { name: /^Incentivised: the reviewer received/ }),
    ).not.toBeChecked();
    unmount();
    renderWithQuery(
      <ModerationItem
        kind="reviews"
        item={aReview({ is_verified_purchase: false, incentivised: true })}
      />,
    );
    expect(screen.getByText('Not a verified purchase')).toBeInTheDocument();
    expect(screen.getByText('Incentivised')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /^Incentivised: the reviewer received/ }),
    ).toBeChecked();
  });

  it('marks it incentivised with the tick, and puts the tick back when the shop refuses', async () => {
    const sent = fakeApi({
      'PUT /moderation/reviews/41/incentivised/': {
        status: 200,
        body: aReview({ incentivised: true }),
      },
    });
    renderWithQuery(<ModerationItem kind="reviews" item={aReview()} />);
    const tick = screen.getByRole('checkbox', { name: /^Incentivised: the reviewer received/ });
    await userEvent.click(tick);
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: '/moderation/reviews/41/incentivised/',
        body: { incentivised: true },
      }),
    );
    expect(tick).toBeChecked();
    expect(screen.getByText('Incentivised')).toBeInTheDocument();

    fakeApi({
      'PUT /moderation/reviews/41/incentivised/': {
        status: 403,
        body: { detail: 'You do not have permission to perform this action.' },
      },
    });
    await userEvent.click(tick);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );
    expect(tick).not.toBeChecked();
  });

  it('shows its text, author, product link and why it waits, with Reject first for one held for its links', () => {
    renderWithQuery(<ModerationItem kind="reviews" item={aReview()} />);
    expect(screen.getByRole('heading', { name: '4/5 from sam.k' })).toBeInTheDocument();
    expect(screen.getByText('Sharp. See www.cheap-blades.example/deal')).toBeInTheDocument();
    expect(screen.getByText('Held: full of links')).toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Damascus Gyuto 210mm' })).toHaveAttribute(
      'href',
      '/products/damascus-gyuto-210mm',
    );
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    // Held for its links, it is most likely spam: Reject is the main button, and comes first.
    expect(buttons).toEqual(['Reject', 'Approve', 'Reply']);
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveClass('button-primary');
    expect(screen.getByRole('button', { name: 'Approve' })).not.toHaveClass('button-primary');
  });

  it('offers Approve first, as the main button, for one not held for links', () => {
    renderWithQuery(<ModerationItem kind="reviews" item={aReview({ held_for_links: false })} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Approve',
      'Reject',
      'Reply',
    ]);
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveClass('button-primary');
  });

  it('approves it and says so', async () => {
    const sent = fakeApi({
      'POST /moderation/reviews/41/approve/': {
        status: 200,
        body: aReview({ status: 'approved' }),
      },
    });
    renderWithQuery(<ModerationItem kind="reviews" item={aReview()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Approved: it shows on the shop now.',
    );
    expect(sent).toEqual([{ method: 'POST', path: '/moderation/reviews/41/approve/', body: null }]);
  });

  it('says in plain words why a move was refused', async () => {
    fakeApi({
      'POST /moderation/reviews/41/reject/': {
        status: 409,
        body: { detail: 'Only a waiting review can be rejected.' },
      },
    });
    renderWithQuery(<ModerationItem kind="reviews" item={aReview()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a waiting review can be rejected.',
    );
  });

  it('offers Restore for a hidden one, and Edit reply and Delete reply once answered', () => {
    renderWithQuery(
      <ModerationItem
        kind="reviews"
        item={aReview({
          status: 'hidden',
          held_for_links: false,
          shop_reply: {
            content: 'Thank you!',
            created_at: '2026-11-21T08:00:00Z',
            staff_name: 'Maya Hart',
          },
        })}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Restore',
      'Edit reply',
      'Delete reply',
    ]);
    expect(screen.getByText('Thank you!')).toBeInTheDocument();
  });
});

describe("the shop's reply", () => {
  it('refuses a blank reply without a call, then sends the trimmed text', async () => {
    const sent = fakeApi({
      'PUT /moderation/comments/64/reply/': {
        status: 200,
        body: aComment({
          shop_reply: { content: 'Yes!', created_at: '2026-11-21T08:00:00Z', staff_name: 'Maya' },
        }),
      },
    });
    renderWithQuery(<ModerationItem kind="comments" item={aComment()} />);
    expect(screen.getByRole('heading', { name: 'Anonymous' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Hide', 'Reply']);
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Write the reply.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Your reply'), '  Yes!  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The reply was posted: it shows on the shop.',
    );
    expect(sent).toEqual([
      { method: 'PUT', path: '/moderation/comments/64/reply/', body: { content: 'Yes!' } },
    ]);
  });

  it("shows the server's refusal beside the field", async () => {
    fakeApi({
      'PUT /moderation/comments/64/reply/': {
        status: 400,
        body: { content: ['Control characters are not allowed.'] },
      },
    });
    renderWithQuery(<ModerationItem kind="comments" item={aComment()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await userEvent.type(screen.getByLabelText('Your reply'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the moderation settings', () => {
  it('sends both checkboxes and says the settings were saved', async () => {
    const sent = fakeApi({
      'PATCH /moderation/settings/': {
        status: 200,
        body: { comments_auto_approve: true, reviews_auto_approve: false },
      },
    });
    renderWithQuery(
      <SettingsForm settings={{ comments_auto_approve: false, reviews_auto_approve: false }} />,
    );
    const comments = screen.getByLabelText(
      'Show new comments at once, without waiting for approval',
    );
    expect(comments).not.toBeChecked();
    expect(
      screen.getByLabelText('Show new reviews at once, without waiting for approval'),
    ).not.toBeChecked();
    await userEvent.click(comments);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PATCH',
          path: '/moderation/settings/',
          body: { comments_auto_approve: true, reviews_auto_approve: false },
        },
      ]),
    );
  });
});
