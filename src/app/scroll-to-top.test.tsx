import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScrollToTop } from './scroll-to-top';

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollToTop (spec section 2, threshold 300px)', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    vi.restoreAllMocks();
  });

  it('appears only after scrolling more than 300px', () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollWindowTo(300);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollWindowTo(301);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
    scrollWindowTo(120);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
  });

  it('scrolls the window to the top when pressed', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<ScrollToTop />);
    scrollWindowTo(900);
    await userEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
