import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { FaqError, FaqPage } from './faq-page';
import { FaqSkeleton } from './skeletons';
import { stubApi } from '../../test/stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FAQS = [
  {
    id: 1,
    question: 'Do you ship knives abroad?',
    answer: '<p>Yes, in a <strong>locked</strong> box.</p>',
    order: 1,
  },
  {
    id: 2,
    question: 'How do I care for carbon steel?',
    answer: '<p>Dry it after each use.</p>',
    order: 2,
  },
  {
    id: 3,
    question: 'Can I trust links in answers?',
    answer:
      '<p>See <a href="javascript:window.__xss=1">this</a><img src=x onerror="window.__xss=1"><svg onload="window.__xss=1"></svg><iframe srcdoc="<script>parent.__xss=1</script>"></iframe></p>',
    order: 3,
  },
];

async function renderFaq(body: unknown = FAQS) {
  const calls = stubApi({ '/pages/manage/faqs/': { body } });
  await renderWithRouter(
    <Suspense fallback={<p>suspended</p>}>
      <FaqPage />
    </Suspense>,
    { path: '/faq' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
  return { calls, user: userEvent.setup() };
}

describe('FaqPage (spec sections 2 and 8)', () => {
  it('renders every question as a collapsed button that controls its answer region', async () => {
    await renderFaq();
    const buttons = screen.getAllByRole('button', { expanded: false });
    expect(buttons.map((b) => b.textContent)).toEqual(FAQS.map((f) => f.question));
    for (const button of buttons) {
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
      expect(panel).toHaveAttribute('role', 'region');
      expect(panel).toHaveAttribute('aria-labelledby', button.id);
      expect(button.closest('h2')).not.toBeNull();
    }
  });

  it('opens and closes an answer on click, several at once', async () => {
    const { user } = await renderFaq();
    const first = screen.getByRole('button', { name: 'Do you ship knives abroad?' });
    const second = screen.getByRole('button', { name: 'How do I care for carbon steel?' });
    await user.click(first);
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'Do you ship knives abroad?' });
    expect(within(answer).getByText('locked').tagName).toBe('STRONG');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Do you ship knives abroad?' })).toBeNull();
  });

  it('works with the keyboard: Enter and Space toggle, arrows, Home and End move', async () => {
    const { user } = await renderFaq();
    const [first, second, third] = screen.getAllByRole('button', { expanded: false });
    first!.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(third).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(third).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
  });

  it('renders answers through the sanitizer: no script URL, handler or srcdoc frame survives', async () => {
    const { user } = await renderFaq();
    await user.click(screen.getByRole('button', { name: 'Can I trust links in answers?' }));
    const answer = screen.getByRole('region', { name: 'Can I trust links in answers?' });
    expect(answer.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(answer.querySelector('iframe')).toBeNull();
    expect(answer.innerHTML).not.toMatch(/onerror|onload|srcdoc|__xss/);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('links to the contact page', async () => {
    await renderFaq();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it("says 'No FAQs found.' when there are none, also for a {results} page", async () => {
    const { calls } = await renderFaq({ count: 0, results: [] });
    expect(screen.getByText('No FAQs found.')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/pages/manage/faqs/');
  });

  it("says 'Failed to load FAQs.' when loading failed without a detail, else the detail", async () => {
    const { unmount } = await renderWithRouter(<FaqError error={new ApiError(500, null)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load FAQs.');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
    unmount();
    await renderWithRouter(
      <FaqError error={new ApiError(403, { detail: 'Unknown tenant token.' })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown tenant token.');
    await renderWithRouter(<FaqError error={new TypeError('Failed to fetch')} />);
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Failed to load FAQs.');
  });

  it('has a skeleton with the page heading while loading', async () => {
    await renderWithRouter(<FaqSkeleton />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading questions…');
  });
});
