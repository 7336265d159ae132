import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { renderWithQuery, signIn } from '../../test/render';
import { useDraftPhotos, type ProductPhoto } from './api';
import { ImageUpload } from './image-upload';
import { ProductPhotos as Photos } from './product-photos';

/** The photos panel as the product form holds it: with its chosen photos, named `name`. */
function ProductPhotos({
  productId,
  name = 'Kiritsuke 240 mm',
}: {
  productId: number | null;
  name?: string;
}) {
  const drafts = useDraftPhotos();
  return <Photos productId={productId} drafts={drafts} productName={name} />;
}

interface Sent {
  method: string;
  path: string;
  contentType: string | null;
  body: unknown;
}

/**
 * Replaces `fetch` as test/render's fakeApi does, but keeps a body that is not JSON (an image
 * file's bytes) as text, with its Content-Type.
 */
function fakeServer(answers: Record<string, { status: number; body?: unknown }>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(input, init) : input;
      const path = new URL(request.url).pathname.replace(/^\/api\/admin/, '');
      const text = await request.clone().text();
      let body: unknown = text || null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // the bytes of a file
      }
      sent.push({
        method: request.method,
        path,
        contentType: request.headers.get('content-type'),
        body,
      });
      const answer = answers[`${request.method} ${path}`];
      if (!answer) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

const photo = (id: number, position: number, alt: string): ProductPhoto => ({
  id,
  image: `/api/media/demo/uploads/${id}.webp`,
  thumbnail: `/api/media/demo/uploads/${id}-thumb.webp`,
  alt_text: alt,
  position,
});

const BLADE = photo(41, 1, 'The blade in raking light');
const HANDLE = photo(42, 2, 'The walnut handle');
const UPLOAD = {
  id: 7,
  url: '/api/media/demo/uploads/new.webp',
  thumb_url: '/api/media/demo/uploads/new-thumb.webp',
  width: 800,
  height: 600,
};
const jpeg = (name = 'workshop.jpg') => new File(['JPEG-BYTES'], name, { type: 'image/jpeg' });

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe("a product's photos", () => {
  it('shows the photos in order, the first as the main image', async () => {
    fakeServer({ 'GET /products/5/photos/': { status: 200, body: [BLADE, HANDLE] } });
    renderWithQuery(<ProductPhotos productId={5} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Photo 1 (main image)')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img')).toHaveAttribute('alt', BLADE.alt_text);
    expect(within(items[0]!).getByRole('button', { name: 'Move earlier' })).toBeDisabled();
    expect(within(items[1]!).getByRole('button', { name: 'Move later' })).toBeDisabled();
    expect(screen.getByText('2 of 10')).toBeInTheDocument();
  });

  it('uploads several files at once as their bytes, each with a suggested alt text, the first the main photo', async () => {
    let next = 7;
    const sent = fakeServer({ 'GET /products/5/photos/': { status: 200, body: [] } });
    const fetcher = vi.mocked(fetch);
    const answer = fetcher.getMockImplementation()!;
    fetcher.mockImplementation(async (input, init) => {
      const request = typeof input === 'string' ? new Request(input, init) : (input as Request);
      if (request.url.endsWith('/media/uploads/')) {
        await answer(input, init);
        const id = next++;
        return new Response(JSON.stringify({ ...UPLOAD, id, thumb_url: `/t/${id}.webp` }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return answer(input, init);
    });
    renderWithQuery(<ProductPhotos productId={null} />);
    const input = screen.getByLabelText('Add photos');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    const pending = await screen.findByRole('list', { name: 'New photos, saved with the product' });
    await waitFor(() => expect(within(pending).getAllByLabelText('Alt text')).toHaveLength(3));
    expect(sent.filter((s) => s.path === '/media/uploads/')).toHaveLength(3);
    expect(sent.find((s) => s.path === '/media/uploads/')).toMatchObject({
      method: 'POST',
      contentType: 'image/jpeg',
      body: 'JPEG-BYTES',
    });
    const alts = () =>
      within(pending)
        .getAllByLabelText('Alt text')
        .map((f) => (f as HTMLInputElement).value);
    expect(alts()).toEqual([
      'Kiritsuke 240 mm, photo 1',
      'Kiritsuke 240 mm, photo 2',
      'Kiritsuke 240 mm, photo 3',
    ]);
    expect(within(pending).getAllByRole('listitem')[0]).toHaveTextContent('Main photo');
    // The owner's words stay theirs; the third becomes the main photo.
    const second = within(pending).getAllByLabelText('Alt text')[1]!;
    await userEvent.clear(second);
    await userEvent.type(second, 'The tip, close up');
    await userEvent.click(
      within(pending).getByRole('button', {
        name: 'Make main (Kiritsuke 240 mm, photo 3)',
      }),
    );
    expect(alts()).toEqual([
      'Kiritsuke 240 mm, photo 1',
      'Kiritsuke 240 mm, photo 2',
      'The tip, close up',
    ]);
    expect(pending.querySelector('img')).toHaveAttribute('src', '/t/9.webp');
    expect(within(pending).getAllByRole('listitem')[0]).toHaveTextContent('Main photo');
    // The focus follows the moved photo, to its alt text.
    expect(within(pending).getAllByLabelText('Alt text')[0]).toHaveFocus();
    await userEvent.click(
      within(pending).getByRole('button', { name: 'Remove (The tip, close up)' }),
    );
    expect(within(pending).getAllByRole('listitem')).toHaveLength(2);
    // Nothing is attached before the product's save.
    expect(sent.filter((s) => s.path.includes('/photos/') && s.method === 'POST')).toEqual([]);
  });

  it('numbers new photos after the saved ones, skipping a refused file, and offers no "Make main" on a saved product', async () => {
    fakeServer({
      'GET /products/5/photos/': { status: 200, body: [BLADE] },
      'POST /media/uploads/': { status: 201, body: UPLOAD },
    });
    renderWithQuery(<ProductPhotos productId={5} />);
    await screen.findByText('1 of 10');
    await userEvent.upload(
      screen.getByLabelText('Add photos'),
      [new File(['x'], 'notes.txt', { type: 'text/plain' }), jpeg('a.jpg'), jpeg('b.jpg')],
      { applyAccept: false },
    );
    const pending = await screen.findByRole('list', { name: 'New photos, saved with the product' });
    await waitFor(() => expect(within(pending).getAllByLabelText('Alt text')).toHaveLength(2));
    const alts = () =>
      within(pending)
        .getAllByLabelText('Alt text')
        .map((f) => (f as HTMLInputElement).value);
    expect(alts()).toEqual(['Kiritsuke 240 mm, photo 2', 'Kiritsuke 240 mm, photo 3']);
    expect(within(pending).queryByRole('button', { name: /Make main/ })).toBeNull();
    expect(within(pending).queryByText('Main photo')).toBeNull();
    await userEvent.click(
      within(pending).getByRole('button', { name: 'Later (Kiritsuke 240 mm, photo 2)' }),
    );
    // The moved photo takes the third place's words, and the focus is on them.
    expect(within(pending).getAllByLabelText('Alt text')[1]).toHaveFocus();
    expect(document.activeElement).toHaveValue('Kiritsuke 240 mm, photo 3');
  });

  it("shows the server's refusal of an upload beside the file, in its words", async () => {
    fakeServer({
      'GET /products/5/photos/': { status: 200, body: [] },
      'POST /media/uploads/': {
        status: 415,
        body: {
          detail:
            'SVG images are not accepted: they can carry scripts. Upload a JPEG, PNG or WebP image.',
        },
      },
    });
    renderWithQuery(<ProductPhotos productId={5} />);
    await screen.findByText(/No photos yet/);
    await userEvent.upload(screen.getByLabelText('Add photos'), jpeg('logo.jpg'));
    expect(
      await screen.findByText(
        'logo.jpg: SVG images are not accepted: they can carry scripts. Upload a JPEG, PNG or WebP image.',
      ),
    ).toBeInTheDocument();
  });

  it('leaves out the files beyond ten photos, saying so', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => photo(100 + i, i + 1, `Photo ${i + 1}`));
    fakeServer({
      'GET /products/5/photos/': { status: 200, body: nine },
      'POST /media/uploads/': { status: 201, body: UPLOAD },
    });
    renderWithQuery(<ProductPhotos productId={5} />);
    await screen.findByText('9 of 10');
    await userEvent.upload(screen.getByLabelText('Add photos'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(
      await screen.findByText(
        'A product has at most 10 photos: 1 of the files chosen were left out.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('10 of 10')).toBeInTheDocument();
    expect(screen.getByLabelText('Add photos')).toBeDisabled();
  });

  it('moves a photo later and earlier by sending the new order', async () => {
    const sent = fakeServer({
      'GET /products/5/photos/': { status: 200, body: [BLADE, HANDLE] },
      'PUT /products/5/photos/order/': {
        status: 200,
        body: [
          { ...HANDLE, position: 1 },
          { ...BLADE, position: 2 },
        ],
      },
    });
    renderWithQuery(<ProductPhotos productId={5} />);
    const items = await screen.findAllByRole('listitem');
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Move later' }));
    await waitFor(() =>
      expect(within(screen.getAllByRole('listitem')[0]!).getByRole('img')).toHaveAttribute(
        'alt',
        HANDLE.alt_text,
      ),
    );
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/products/5/photos/order/', body: { photo_ids: [42, 41] } }),
    ]);
  });

  it('edits an alt text, showing the refusal beside the field', async () => {
    const sent = fakeServer({
      'GET /products/5/photos/': { status: 200, body: [BLADE] },
      'PATCH /products/5/photos/41/': {
        status: 400,
        body: { alt_text: ['Ensure this field has no more than 300 characters.'] },
      },
    });
    renderWithQuery(<ProductPhotos productId={5} />);
    const field = await screen.findByLabelText('Alt text');
    await userEvent.clear(field);
    await userEvent.type(field, 'The spine, polished');
    await userEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    expect(
      await screen.findByText('Ensure this field has no more than 300 characters.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({
      alt_text: 'The spine, polished',
    });
  });

  it('removes a photo after asking', async () => {
    const sent = fakeServer({
      'GET /products/5/photos/': { status: 200, body: [BLADE, HANDLE] },
      'DELETE /products/5/photos/41/': { status: 200, body: [{ ...HANDLE, position: 1 }] },
    });
    renderWithQuery(<ProductPhotos productId={5} />);
    const items = await screen.findAllByRole('listitem');
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Remove' }));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(1);
  });
});

describe('one image upload', () => {
  it('uploads the chosen file, shows its thumbnail and hands the upload over', async () => {
    fakeServer({ 'POST /media/uploads/': { status: 201, body: UPLOAD } });
    const onUploaded = vi.fn();
    renderWithQuery(<ImageUpload label="Upload a featured image" onUploaded={onUploaded} />);
    await userEvent.upload(screen.getByLabelText('Upload a featured image'), jpeg());
    expect(await screen.findByText('Uploaded workshop.jpg')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(UPLOAD);
    expect(document.querySelector('img')).toHaveAttribute('src', UPLOAD.thumb_url);
  });

  it("shows the server's refusal and hands nothing over", async () => {
    fakeServer({
      'POST /media/uploads/': {
        status: 413,
        body: {
          detail:
            'The file is larger than 15 MB: choose a smaller image, or save it at a lower quality.',
        },
      },
    });
    const onUploaded = vi.fn();
    renderWithQuery(<ImageUpload label="Logo" onUploaded={onUploaded} />);
    await userEvent.upload(screen.getByLabelText('Logo'), jpeg('huge.jpg'));
    expect(
      await screen.findByText(
        'huge.jpg: The file is larger than 15 MB: choose a smaller image, or save it at a lower quality.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toHaveAttribute('aria-invalid', 'true');
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
