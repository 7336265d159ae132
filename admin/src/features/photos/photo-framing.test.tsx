import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { CategoriesPage } from '../categories/categories-page';
import { PhotoDisplayPanel } from '../settings/photo-display-panel';
import type { ProductPhoto, ShopPhoto } from './api';
import { PhotoCard } from './photo-card';

const KIRITSUKE: ProductPhoto = {
  id: 41,
  image: '/api/media/demo/uploads/41.webp',
  thumbnail: '/api/media/demo/uploads/41-whole-thumb.webp',
  alt_text: 'A 240 mm kiritsuke, tip to handle',
  position: 1,
  width: 800,
  height: 533,
  focal_x: 0.3,
  focal_y: 0.45,
};

const shopPhoto = (id: number, product: string, active = true): ShopPhoto => ({
  id,
  product_id: id * 10,
  product_name: product,
  product_active: active,
  image: `/api/media/demo/uploads/${id}.webp`,
  thumbnail: `/api/media/demo/uploads/${id}-whole-thumb.webp`,
  alt_text: `${product}, whole`,
  width: 800,
  height: 533,
  focal_x: 0.5,
  focal_y: 0.5,
});

const PHOTOS = [
  shopPhoto(41, 'Kiritsuke 240mm'),
  shopPhoto(42, 'Tenmoku tea mug'),
  shopPhoto(43, 'Archived cleaver', false),
  shopPhoto(44, 'Oak spoon'),
];

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe("a photo's focal point", () => {
  it("opens the crop tool in the shop's card shape and saves the frame's centre", async () => {
    const user = userEvent.setup();
    const sent = fakeApi({
      'GET /settings/photos/': { status: 200, body: { card_aspect: 'portrait', hero_photo: null } },
      'PUT /products/5/photos/41/focal-point/': { status: 200, body: [KIRITSUKE] },
    });
    renderWithQuery(
      <ul>
        <PhotoCard
          productId={5}
          photo={KIRITSUKE}
          index={0}
          count={1}
          moving={false}
          onMove={() => {}}
          onRemoved={() => {}}
        />
      </ul>,
    );
    await user.click(screen.getByRole('button', { name: 'Focal point' }));
    const dialog = await screen.findByRole('dialog', { name: 'What matters in this photo?' });
    expect(
      await within(dialog).findByText(/Product cards are portrait \(4:5\)/),
    ).toBeInTheDocument();
    // The whole photo under the frame (the frame itself appears once the image has loaded,
    // which jsdom never does: the end-to-end spec drags it).
    expect(within(dialog).getByRole('img', { name: KIRITSUKE.alt_text })).toHaveAttribute(
      'src',
      KIRITSUKE.image,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save focal point' }));
    expect(await screen.findByText(/Focal point saved/)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/products/5/photos/41/focal-point/',
      body: { focal_x: 0.3, focal_y: 0.45 },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('photos on the shop', () => {
  it("previews real cards in the chosen shape and saves it, then the hero from the shop's photos", async () => {
    const user = userEvent.setup();
    const sent = fakeApi({
      'GET /settings/photos/': { status: 200, body: { card_aspect: 'square', hero_photo: null } },
      'GET /photos/': { status: 200, body: { results: PHOTOS } },
      'PATCH /settings/photos/': {
        status: 200,
        body: { card_aspect: 'portrait', hero_photo: PHOTOS[0] },
      },
    });
    renderWithQuery(<PhotoDisplayPanel />);
    const previews = await screen.findAllByTestId('card-preview');
    // Three products on sale; the archived one is not previewed.
    expect(previews.map((p) => p.textContent)).toEqual([
      'Kiritsuke 240mm',
      'Tenmoku tea mug',
      'Oak spoon',
    ]);
    expect(previews[0]!.firstElementChild).toHaveClass('card-preview-media--square');
    const save = screen.getByRole('button', { name: 'Save card shape' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Portrait (4:5)' }));
    expect(screen.getAllByTestId('card-preview')[0]!.firstElementChild).toHaveClass(
      'card-preview-media--portrait',
    );
    expect(
      screen.getByRole('group', { name: 'Cards as the shop shows them: portrait (4:5)' }),
    ).toContainElement(screen.getAllByTestId('card-preview')[0]!);
    await user.click(save);
    expect(await screen.findByText(/Product cards are portrait \(4:5\) now/)).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PATCH')[0]!.body).toEqual({ card_aspect: 'portrait' });

    await user.click(screen.getByRole('button', { name: 'Choose the home page picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Home page picture' });
    expect(within(dialog).queryByText(/Archived cleaver/)).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: /Kiritsuke 240mm/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    expect(
      await screen.findByText('The home page shows the photo of Kiritsuke 240mm now.'),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PATCH')[1]!.body).toEqual({ hero_photo_id: 41 });
  });

  it("keeps the picker open with the server's words when the photo is refused", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /settings/photos/': { status: 200, body: { card_aspect: 'square', hero_photo: null } },
      'GET /photos/': { status: 200, body: { results: PHOTOS } },
      'PATCH /settings/photos/': {
        status: 400,
        body: { hero_photo_id: ['Choose one of the shop’s photos.'] },
      },
    });
    renderWithQuery(<PhotoDisplayPanel />);
    await user.click(await screen.findByRole('button', { name: 'Choose the home page picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Home page picture' });
    await user.click(within(dialog).getByRole('radio', { name: /Oak spoon/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/photos/));
  });
});

describe("a category's tile photo", () => {
  it("is chosen from the shop's photos and shown in the list", async () => {
    const user = userEvent.setup();
    const knives = {
      id: 1,
      slug: 'chef-knives',
      name: 'Chef Knives',
      description: '',
      position: 1,
      product_count: 3,
      image_photo: null,
    };
    const sent = fakeApi({
      'GET /categories/': { status: 200, body: [knives] },
      'GET /photos/': { status: 200, body: { results: PHOTOS } },
      'PUT /categories/1/image/': { status: 200, body: { ...knives, image_photo: PHOTOS[1] } },
    });
    const { container } = renderWithQuery(<CategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Tile photo of Chef Knives' }));
    const dialog = await screen.findByRole('dialog', { name: 'Home page tile of “Chef Knives”' });
    await user.click(within(dialog).getByRole('radio', { name: /Tenmoku tea mug/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    expect(
      await screen.findByText('The “Chef Knives” tile shows the photo of Tenmoku tea mug now.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({ photo_id: 42 });
    expect(container.querySelector('.category-tile-photo')).toHaveAttribute(
      'src',
      PHOTOS[1]!.thumbnail,
    );
  });
});
