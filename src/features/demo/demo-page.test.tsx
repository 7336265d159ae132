import { render, screen, within } from '@testing-library/react';
import { DemoPage } from './demo-page';

describe('DemoPage (/test)', () => {
  it('has the five in-page nav links', () => {
    render(<DemoPage />);
    const nav = screen.getByRole('navigation', { name: 'Demo page' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '#home'],
      ['Products', '#products'],
      ['Our Story', '#story'],
      ['Testimonials', '#testimonials'],
      ['Contact', '#contact'],
    ]);
    for (const id of ['home', 'products', 'story', 'testimonials', 'contact']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('shows six sample products priced from $45 to $120', () => {
    render(<DemoPage />);
    const cards = screen.getAllByTestId('demo-product');
    expect(cards).toHaveLength(6);
    const prices = cards.map((card) => card.querySelector('.demo-card__price')?.textContent);
    expect(prices).toEqual(['$45.00', '$60.00', '$75.00', '$90.00', '$105.00', '$120.00']);
  });

  it('shows three testimonials, an about section and social links with names', () => {
    render(<DemoPage />);
    expect(screen.getAllByTestId('demo-testimonial')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Our story' })).toBeInTheDocument();
    const social = screen.getByRole('list', { name: 'Social media' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Facebook', 'Instagram', 'X (Twitter)', 'YouTube']);
  });
});
