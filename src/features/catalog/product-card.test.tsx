import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ProductCard } from './product-card';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';

describe('ProductCard', () => {
  it('links to the product and shows name, image and the $ price', async () => {
    renderAsRootRoute(
      <ProductCard product={makeProduct({ slug: 'oak-bowl', name: 'Oak Bowl', price: '45' })} />,
    );
    const link = await screen.findByRole('link', { name: /Oak Bowl/ });
    expect(link).toHaveAttribute('href', '/products/oak-bowl');
    const img = screen.getByRole('img', { name: 'Photo of oak-bowl' });
    expect(img).toHaveAttribute('src', '/api/media/oak-bowl-1-thumb.webp');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('$45.00')).toBeInTheDocument();
    expect(screen.queryByText('DISCOUNT OFFER')).toBeNull();
    expect(screen.queryByText('SOLD OUT')).toBeNull();
  });

  it("shows the delivery next to the price: '+ delivery from $6.50', 'Free delivery' or nothing", async () => {
    const { unmount } = renderAsRootRoute(
      <ProductCard product={makeProduct({ name: 'Print', delivery_from: '6.50' })} />,
    );
    expect(await screen.findByText('+ delivery from $6.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Print.*\+ delivery from\s\$6\.50/s })).toBeVisible();
    unmount();
    const free = renderAsRootRoute(
      <ProductCard product={makeProduct({ delivery_from: '0.00' })} />,
    );
    expect(await screen.findByText('Free delivery')).toBeInTheDocument();
    free.unmount();
    renderAsRootRoute(<ProductCard product={makeProduct({ delivery_from: null })} />);
    await screen.findByRole('link');
    expect(screen.queryByText(/delivery/i)).toBeNull();
  });

  it('loads the first row eagerly', async () => {
    renderAsRootRoute(<ProductCard product={makeProduct()} eager />);
    expect(await screen.findByRole('img')).toHaveAttribute('loading', 'eager');
  });

  it('shows DISCOUNT OFFER with the old price struck through', async () => {
    renderAsRootRoute(
      <ProductCard product={makeProduct({ price: '45.00', price_before_discount: '60.00' })} />,
    );
    expect(await screen.findByText('DISCOUNT OFFER')).toBeInTheDocument();
    const struck = document.querySelector('s');
    expect(struck).toHaveTextContent('$60.00');
    expect(struck).toHaveTextContent(/Original price/);
    expect(screen.getByText('$45.00')).toBeInTheDocument();
  });

  it('says SALE while the shop’s sale reduces a piece with no honest earlier price, DISCOUNT OFFER with one', async () => {
    const sale = { percent: 10, ends_at: '2026-12-07T00:00:00.000Z' };
    const { unmount } = renderAsRootRoute(
      <ProductCard product={makeProduct({ price: '90.00', price_before_discount: null, sale })} />,
    );
    expect(await screen.findByText('SALE')).toBeInTheDocument();
    expect(screen.queryByText('DISCOUNT OFFER')).toBeNull();
    expect(document.querySelector('s')).toBeNull();
    unmount();
    renderAsRootRoute(
      <ProductCard
        product={makeProduct({ price: '75.00', price_before_discount: '80.00', sale })}
      />,
    );
    expect(await screen.findByText('DISCOUNT OFFER')).toBeInTheDocument();
    expect(screen.queryByText('SALE')).toBeNull();
    expect(document.querySelector('s')).toHaveTextContent('$80.00');
  });

  it('shows SOLD OUT at stock 0, and both badges together', async () => {
    renderAsRootRoute(
      <ProductCard product={makeProduct({ stock: 0, price_before_discount: '80.00' })} />,
    );
    expect(await screen.findByText('SOLD OUT')).toBeInTheDocument();
    expect(screen.getByText('DISCOUNT OFFER')).toBeInTheDocument();
  });

  it('shows MADE TO ORDER instead of SOLD OUT for a made-to-order piece at stock 0', async () => {
    renderAsRootRoute(<ProductCard product={makeProduct({ stock: 0, made_to_order: true })} />);
    expect(await screen.findByText('MADE TO ORDER')).toBeInTheDocument();
    expect(screen.queryByText('SOLD OUT')).toBeNull();
  });

  it('never shows SOLD OUT on a gift card, which takes no stock, nor a delivery charge', async () => {
    renderAsRootRoute(
      <ProductCard
        product={makeProduct({
          stock: 0,
          delivery_from: null,
          gift_card: { amounts: ['50.00'], min_amount: null, max_amount: null },
        })}
      />,
    );
    await screen.findByRole('link');
    expect(screen.queryByText('SOLD OUT')).toBeNull();
    expect(screen.queryByText(/delivery/i)).toBeNull();
  });

  it('shows no stock badge for a made-to-order piece that has stock', async () => {
    renderAsRootRoute(<ProductCard product={makeProduct({ stock: 25, made_to_order: true })} />);
    await screen.findByRole('link');
    expect(screen.queryByText('MADE TO ORDER')).toBeNull();
    expect(screen.queryByText('SOLD OUT')).toBeNull();
  });

  it("says 'Adults only' beside the category of an age-restricted piece", async () => {
    const { unmount } = renderAsRootRoute(
      <ProductCard product={makeProduct({ name: 'Hunter', age_restricted: true })} />,
    );
    expect(await screen.findByRole('link', { name: /Hunter/ })).toHaveTextContent('Adults only');
    unmount();
    renderAsRootRoute(<ProductCard product={makeProduct({ name: 'Mug' })} />);
    await screen.findByRole('link', { name: /Mug/ });
    expect(screen.queryByText('Adults only')).toBeNull();
  });

  it("shows 'No image available' without an image", async () => {
    renderAsRootRoute(<ProductCard product={makeProduct({ main_image: null })} />);
    expect(await screen.findByText('No image available')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('describes the link with a tooltip of key: value lines in order, at most 300px wide', async () => {
    renderAsRootRoute(
      <ProductCard
        product={makeProduct({
          name: 'Gyuto',
          attributes: [
            { id: 1, key: 'Handle', value: 'Walnut', order: 2 },
            { id: 2, key: 'Steel', value: 'VG-10', order: 1 },
          ],
        })}
      />,
    );
    const link = await screen.findByRole('link', { name: /Gyuto/ });
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(link).toHaveAttribute('aria-describedby', tooltip.id);
    expect([...tooltip.children].map((line) => line.textContent?.trim())).toEqual([
      'Steel: VG-10',
      'Handle: Walnut',
    ]);
    expect(tooltip).toHaveClass('catalog-tooltip--max-300');
  });

  it('has no tooltip when the product has no attributes', async () => {
    renderAsRootRoute(<ProductCard product={makeProduct({ name: 'Plain' })} />);
    expect(await screen.findByRole('link', { name: /Plain/ })).not.toHaveAttribute(
      'aria-describedby',
    );
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('tints the card with the centre pixel once the image has loaded', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
      getImageData: () => ({ data: Uint8ClampedArray.from([200, 230, 210, 255]) }),
    } as unknown as CanvasRenderingContext2D);
    renderAsRootRoute(<ProductCard product={makeProduct()} />);
    const img = await screen.findByRole('img');
    Object.defineProperty(img, 'naturalWidth', { value: 480 });
    Object.defineProperty(img, 'naturalHeight', { value: 480 });
    const card = screen.getByTestId('product-card');
    expect(card.style.getPropertyValue('--catalog-card-bg')).toBe('');
    fireEvent.load(img);
    // Sampled in idle time, not inside the load event (no long task on hydration).
    expect(card.style.getPropertyValue('--catalog-card-bg')).toBe('');
    await waitFor(() =>
      expect(card.style.getPropertyValue('--catalog-card-bg')).toBe('rgb(230 244 235)'),
    );
    getContext.mockRestore();
  });
});
