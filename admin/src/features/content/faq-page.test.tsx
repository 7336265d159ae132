import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { AdminFaq } from './api';
import { FaqPage } from './faq-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

describe('the FAQ screen', { timeout: 20_000 }, () => {
  it('edits a question, moves it up and deletes it, each time showing the list the server answers', async () => {
    let faqs: AdminFaq[] = [
      { id: 1, question: 'How long does an order take?', answer: '<p>Two days.</p>', position: 0 },
      { id: 2, question: 'Do you engrave?', answer: '<p>Yes.</p>', position: 1 },
    ];
    const sent = fakeApi({
      'GET /faqs/': () => json(faqs),
      'PATCH /faqs/2/': () => {
        faqs = faqs.map((f) => (f.id === 2 ? { ...f, question: 'Do you engrave names?' } : f));
        return json(faqs[1]);
      },
      'PUT /faqs/order/': () => {
        faqs = [faqs[1]!, faqs[0]!].map((f, position) => ({ ...f, position }));
        return json(faqs);
      },
      'DELETE /faqs/2/': () => {
        faqs = faqs.filter((f) => f.id !== 2);
        return json(undefined, 204);
      },
    });
    renderWithQuery(<FaqPage />);
    expect(await screen.findByRole('heading', { name: 'Do you engrave?' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Move up How long does an order take?' }),
    ).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Do you engrave?' }));
    const question = screen.getByLabelText('Question');
    await userEvent.clear(question);
    await userEvent.type(question, 'Do you engrave names?');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The question was saved.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      question: 'Do you engrave names?',
      answer: '<p>Yes.</p>',
    });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Move up Do you engrave names?' }),
    );
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ ids: [2, 1] }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Do you engrave names?',
        'How long does an order take?',
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete Do you engrave names?' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The question was deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Do you engrave names?' })).toBeNull(),
    );
  });

  it('shows the server refusing a question beside its field', async () => {
    fakeApi({
      'GET /faqs/': () =>
        json([{ id: 4, question: 'Why?', answer: '<p>Because.</p>', position: 0 }]),
      'PATCH /faqs/4/': () =>
        json({ question: ['Ensure this field has no more than 500 characters.'] }, 400),
    });
    renderWithQuery(<FaqPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Why?' }));
    await userEvent.type(screen.getByLabelText('Question'), ' Really?');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Ensure this field has no more than 500 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
  });
});
