import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductGallery, VARIANT_PHOTO_EVENT } from './product-gallery';

const product = {
  name: 'Chef knife',
  main_image: { image: '/m/a.webp', thumb_image: '/m/a-t.webp', alt_text: 'Blade' },
  images: [
    { id: 2, image: '/m/b.webp', thumb_image: '/m/b-t.webp', alt_text: 'Handle', order: 2 },
    { id: 1, image: '/m/a.webp', thumb_image: '/m/a-t.webp', alt_text: 'Blade', order: 1 },
  ],
};

function stage() {
  const element = screen.getByTestId('gallery-stage');
  // The zoom's origin is on the photo's own box, which fills the stage here.
  const image = element.querySelector('img')!;
  image.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 200 }) as DOMRect;
  return element;
}

describe('ProductGallery', () => {
  it('shows the images in order and switches with the thumbnails', async () => {
    const user = userEvent.setup();
    render(<ProductGallery product={product} />);
    expect(screen.getByRole('img', { name: 'Blade' })).toHaveAttribute('src', '/m/a.webp');
    const [first, second] = screen.getAllByRole('button', { name: /Show image/ });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.click(second!);
    expect(screen.getByRole('img', { name: 'Handle' })).toHaveAttribute('src', '/m/b.webp');
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(first).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the photo of the variant the shopper picks, and ignores a photo it does not have', () => {
    render(<ProductGallery product={product} />);
    const pick = (imageId: number) =>
      act(() => {
        dispatchEvent(new CustomEvent(VARIANT_PHOTO_EVENT, { detail: imageId }));
      });
    pick(2);
    expect(screen.getByRole('img', { name: 'Handle' })).toHaveAttribute('src', '/m/b.webp');
    pick(99);
    expect(screen.getByRole('img', { name: 'Handle' })).toHaveAttribute('src', '/m/b.webp');
    pick(1);
    expect(screen.getByRole('img', { name: 'Blade' })).toHaveAttribute('src', '/m/a.webp');
  });

  it('zooms 2x under the mouse, around the pointer, and back on leave', () => {
    render(<ProductGallery product={product} />);
    const image = screen.getByRole('img', { name: 'Blade' });
    expect(image.style.transform).toBe('');
    fireEvent.mouseMove(stage(), { clientX: 50, clientY: 150 });
    expect(image.style.transform).toBe('scale(2)');
    expect(image.style.transformOrigin).toBe('25.0% 75.0%');
    fireEvent.mouseLeave(stage());
    expect(image.style.transform).toBe('');
  });

  it('toggles the zoom with a tap and pans with a moving finger', () => {
    render(<ProductGallery product={product} />);
    const image = screen.getByRole('img', { name: 'Blade' });
    const tap = (x: number, y: number) => {
      fireEvent.touchStart(stage(), { touches: [{ clientX: x, clientY: y }] });
      fireEvent.touchEnd(stage(), { changedTouches: [{ clientX: x, clientY: y }] });
    };
    tap(100, 100);
    expect(image.style.transform).toBe('scale(2)');
    fireEvent.touchStart(stage(), { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchMove(stage(), { touches: [{ clientX: 180, clientY: 20 }] });
    expect(image.style.transformOrigin).toBe('90.0% 10.0%');
    fireEvent.touchEnd(stage(), { changedTouches: [{ clientX: 180, clientY: 20 }] });
    // A pan is not a tap: still zoomed.
    expect(image.style.transform).toBe('scale(2)');
    tap(100, 100);
    expect(image.style.transform).toBe('');
  });

  it("shows 'No image available' without images", () => {
    render(<ProductGallery product={{ name: 'x', main_image: null, images: [] }} />);
    expect(screen.getByText('No image available')).toBeInTheDocument();
  });
});
