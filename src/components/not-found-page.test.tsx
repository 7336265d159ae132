import { screen } from '@testing-library/react';
import { renderWithRouter } from '../test/render-with-router';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage (spec section 2: 404)', () => {
  it('says the page does not exist and links home', async () => {
    await renderWithRouter(<NotFoundPage />, { path: '/no/such/page' });
    expect(
      screen.getByText('Oops! The page you are looking for does not exist.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
  });
});
