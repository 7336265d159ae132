import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import type { AdminCategory } from './api';
import { CategoriesPage } from './categories-page';

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

const knives: AdminCategory = {
  id: 1,
  slug: 'kitchen-knives',
  name: 'Kitchen knives',
  description: '<p>Forged.</p>',
  position: 1,
  product_count: 3,
  adults_only: true,
};
const bowls: AdminCategory = {
  id: 2,
  slug: 'bowls',
  name: 'Bowls',
  description: '',
  position: 2,
  product_count: 0,
  adults_only: false,
};

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the categories screen', () => {
  it('lists the categories with their product counts and moves one up', async () => {
    let categories = [knives, bowls];
    const sent = fakeApi({
      'GET /categories/': () => json(categories),
      'PUT /categories/order/': () => {
        categories = [bowls, knives];
        return json(categories);
      },
    });
    renderWithQuery(<CategoriesPage />);
    expect(await screen.findByRole('heading', { name: 'Kitchen knives' })).toBeInTheDocument();
    expect(screen.getByText('/kitchen-knives · 3 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move up Kitchen knives' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down Bowls' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move up Bowls' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ ids: [2, 1] }),
    );
    await waitFor(() => expect(headings()).toEqual(['Bowls', 'Kitchen knives']));
  });

  it('adds a category with its name and shows the server’s word on a taken address', async () => {
    let categories = [knives];
    const sent = fakeApi({
      'GET /categories/': () => json(categories),
      'POST /categories/': () => {
        const body = sent.at(-1)!.body as { slug?: string };
        if (body.slug === 'kitchen-knives') {
          return json({ slug: ['A category with this slug already exists.'] }, 400);
        }
        const created = { ...bowls, name: 'Serving bowls', slug: 'serving-bowls', id: 3 };
        categories = [...categories, created];
        return json(created, 201);
      },
    });
    renderWithQuery(<CategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a category' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Serving bowls');
    await userEvent.type(screen.getByLabelText('Address'), 'kitchen-knives');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A category with this slug already exists.'),
    ).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Address'));
    await userEvent.click(screen.getByRole('checkbox', { name: /sold to adults only/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The category “Serving bowls” was added.')).toBeInTheDocument();
    // Without an address: the server makes one from the name.
    expect(sent.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      name: 'Serving bowls',
      description: '',
      adults_only: true,
    });
    expect(await screen.findByRole('heading', { name: 'Serving bowls' })).toBeInTheDocument();
  });

  it('edits a category’s name', async () => {
    let categories = [knives, bowls];
    const sent = fakeApi({
      'GET /categories/': () => json(categories),
      'PATCH /categories/2/': () => {
        categories = [knives, { ...bowls, name: 'Bowls and plates' }];
        return json(categories[1]);
      },
    });
    renderWithQuery(<CategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bowls' }));
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Bowls and plates');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The category “Bowls and plates” was saved.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      name: 'Bowls and plates',
      slug: 'bowls',
      description: '',
      adults_only: false,
    });
  });

  it('deletes an empty category after a confirm step, and shows why a full one cannot go', async () => {
    let categories = [knives, bowls];
    fakeApi({
      'GET /categories/': () => json(categories),
      'DELETE /categories/1/': () =>
        json(
          { detail: 'This category holds 3 products; move them to another category first.' },
          409,
        ),
      'DELETE /categories/2/': () => {
        categories = [knives];
        return json(undefined, 204);
      },
    });
    renderWithQuery(<CategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kitchen knives' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This category holds 3 products; move them to another category first.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Bowls' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The category “Bowls” was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bowls' })).toBeNull());
  });
});
