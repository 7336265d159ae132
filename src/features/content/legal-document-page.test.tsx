import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import type { DocumentType } from './api';
import { LegalDocumentError, LegalDocumentPage, lastUpdatedLine } from './legal-document-page';
import { LegalDocumentSkeleton } from './skeletons';
import { stubApi } from '../../test/stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderDocument(type: DocumentType, body: unknown) {
  const calls = stubApi({ '/pages/manage/documents/': { body } });
  await renderWithRouter(
    <Suspense fallback={<p>suspended</p>}>
      <LegalDocumentPage type={type} />
    </Suspense>,
  );
  return calls;
}

describe('LegalDocumentPage (spec sections 2, 7 and 8)', () => {
  it("asks for the document type and shows the first document's HTML", async () => {
    const calls = await renderDocument('refund_policy', [
      {
        id: 1,
        document_type: 'refund_policy',
        title: 'Refund policy',
        content: '<h2>Refunds</h2><p>Unused items can be returned within <em>30 days</em>.</p>',
        updated_at: '2026-10-01T08:00:00Z',
      },
      { id: 2, document_type: 'refund_policy', content: '<p>An older version.</p>' },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refund Policy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toBeInTheDocument();
    expect(screen.getByText('30 days').tagName).toBe('EM');
    expect(screen.queryByText('An older version.')).toBeNull();
    expect(screen.getByText(/^Last updated /)).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/pages/manage/documents/');
    expect(calls[0]?.query.get('document_type')).toBe('refund_policy');
  });

  it('sanitizes the document: no script runs and no javascript: link or srcdoc frame survives', async () => {
    await renderDocument('privacy_policy', [
      {
        id: 3,
        document_type: 'privacy_policy',
        content:
          '<p>We keep little.</p><a href="javascript:window.__xss=1">opt out</a><img src=x onerror="window.__xss=1"><svg><g onload="window.__xss=1"></g></svg><iframe srcdoc="<script>parent.__xss=1</script>"></iframe><script>window.__xss=1</script>',
      },
    ]);
    expect(await screen.findByText('We keep little.')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(document.body.innerHTML).not.toMatch(/onerror|onload|srcdoc/);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it.each([
    ['refund_policy', 'Refund Policy', 'No refund policy found.'],
    ['privacy_policy', 'Privacy Policy', 'No privacy policy found.'],
  ] as const)(
    '%s: says the spec message when there is no document',
    async (type, title, message) => {
      await renderDocument(type, []);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
    },
  );

  it('treats a blank document as none', async () => {
    await renderDocument('privacy_policy', [
      { id: 1, document_type: 'privacy_policy', content: '  ' },
    ]);
    expect(await screen.findByText('No privacy policy found.')).toBeInTheDocument();
  });

  it.each([
    ['refund_policy', 'Failed to load refund policy.'],
    ['privacy_policy', 'Failed to load privacy policy.'],
  ] as const)("%s: says '%s' when loading failed without a detail", async (type, message) => {
    await renderWithRouter(<LegalDocumentError type={type} error={new ApiError(502, null)} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("shows the server's detail when there is one", async () => {
    await renderWithRouter(
      <LegalDocumentError
        type="refund_policy"
        error={new ApiError(400, { detail: 'Unknown document type.' })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown document type.');
  });

  it('has a skeleton with the page heading while loading', async () => {
    await renderWithRouter(<LegalDocumentSkeleton type="privacy_policy" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading privacy policy…');
  });

  it('formats the update time, and skips a missing or invalid one', () => {
    expect(lastUpdatedLine('2026-10-01T08:00:00Z')).toMatch(/^Last updated .*2026/);
    expect(lastUpdatedLine(null)).toBeNull();
    expect(lastUpdatedLine('yesterday')).toBeNull();
  });
});
