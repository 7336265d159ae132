import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { ApiError } from '../../api/errors';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { CompanyInfoError, CompanyInfoPage } from './company-info-page';
import { CompanyInfoSkeleton } from './skeletons';
import { stubApi } from '../../test/stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INFO = {
  tagline: 'Made slowly, by hand, to last a lifetime.',
  history_summary:
    'The workshop began in 2009 in a converted barn.\n\nToday four makers share the forge.',
  mission_statement: 'To make honest tools and art from good materials.',
  vision_statement: 'A home full of things that were made with care.',
  core_values: [
    { id: 1, name: 'Craft', description: 'Every blade is forged by hand.' },
    { id: 2, name: 'Honesty', description: 'We name our steels and woods.' },
    { id: 3, name: 'Patience', description: 'Good work takes the time it takes.' },
    { id: 4, name: 'Care', description: 'We stand behind every piece.' },
  ],
};

async function renderAbout(body: unknown, siteTitle = 'Ember & Oak Workshop') {
  stubApi({ '/pages/company-info/': { body } });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['site-settings'], { site_title: siteTitle });
  return renderWithRouter(
    <Suspense fallback={<p>suspended</p>}>
      <CompanyInfoPage />
    </Suspense>,
    { path: '/company-info', queryClient },
  );
}

describe('CompanyInfoPage (spec sections 2 and 8)', () => {
  it('puts the site title in the About heading, with tagline, history, mission and vision', async () => {
    await renderAbout(INFO);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Ember & Oak Workshop' }),
    ).toBeInTheDocument();
    expect(screen.getByText(INFO.tagline)).toBeInTheDocument();
    expect(screen.getByText('The workshop began in 2009 in a converted barn.')).toBeInTheDocument();
    expect(screen.getByText('Today four makers share the forge.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Our mission' })).getByText(INFO.mission_statement),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Our vision' })).getByText(INFO.vision_statement),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('shows the core values as a grid of name and description', async () => {
    await renderAbout(INFO);
    const values = await screen.findByRole('region', { name: 'Our core values' });
    const items = within(values).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('heading', { level: 3, name: 'Craft' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Every blade is forged by hand.')).toBeInTheDocument();
  });

  it('shows four product photos from different categories beside the story', async () => {
    stubApi({ '/pages/company-info/': { body: INFO } });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], { site_title: 'Ember & Oak Workshop' });
    const product = (id: number, category: string) => ({
      id,
      slug: `p-${id}`,
      name: `Piece ${id}`,
      category: { name: category, slug: category },
      main_image: {
        image: `/m/${id}.webp`,
        thumb_image: `/m/${id}-t.webp`,
        alt_text: `Piece ${id}`,
      },
    });
    queryClient.setQueryData(['products', 'list', { pageSize: 100 }], {
      count: 6,
      next: null,
      previous: null,
      results: [
        product(1, 'knives'),
        product(2, 'knives'),
        product(3, 'paintings'),
        { ...product(4, 'ceramics'), main_image: null },
        product(5, 'ceramics'),
        product(6, 'carvings'),
      ],
    });
    await renderWithRouter(
      <Suspense fallback={null}>
        <CompanyInfoPage />
      </Suspense>,
      { queryClient },
    );
    const photos = await screen.findByRole('list', { name: 'From the workshop' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Piece 1', 'Piece 3', 'Piece 5', 'Piece 6']);
    expect(within(photos).getAllByRole('link')[1]).toHaveAttribute('href', '/products/p-3');
  });

  it('spreads the four photos over the categories when there are more than four', async () => {
    stubApi({ '/pages/company-info/': { body: INFO } });
    const queryClient = createTestQueryClient();
    const categories = ['chef', 'hunting', 'folding', 'paintings', 'ceramics', 'carvings'];
    queryClient.setQueryData(['products', 'list', { pageSize: 100 }], {
      count: 6,
      next: null,
      previous: null,
      results: categories.map((category, index) => ({
        id: index + 1,
        slug: category,
        name: category,
        category: { name: category, slug: category },
        main_image: { image: `/m/${category}.webp`, thumb_image: null, alt_text: category },
      })),
    });
    await renderWithRouter(
      <Suspense fallback={null}>
        <CompanyInfoPage />
      </Suspense>,
      { queryClient },
    );
    const photos = await screen.findByRole('list', { name: 'From the workshop' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['chef', 'hunting', 'paintings', 'ceramics']);
    expect(within(photos).getAllByRole('img')[0]).toHaveAttribute('src', '/m/chef.webp');
  });

  it('keeps four empty squares in place of the photos until the catalogue answers', async () => {
    stubApi({ '/pages/company-info/': { body: INFO } });
    const answered = globalThis.fetch;
    let releaseProducts = () => {};
    vi.stubGlobal('fetch', async (request: Request) => {
      if (new URL(request.url).pathname.startsWith('/api/products/products/')) {
        await new Promise<void>((resolve) => (releaseProducts = resolve));
      }
      return answered(request);
    });
    const { container } = await renderWithRouter(
      <Suspense fallback={null}>
        <CompanyInfoPage />
      </Suspense>,
      { queryClient: createTestQueryClient() },
    );
    await screen.findByRole('heading', { level: 2, name: 'Our mission' });
    const squares = container.querySelectorAll('.content-about__photos .content-about__photo');
    expect(squares).toHaveLength(4);
    expect(container.querySelector('.content-about__photos')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(screen.queryByRole('list', { name: 'From the workshop' })).not.toBeInTheDocument();
    releaseProducts();
  });

  it("uses 'About Us' when the shop has no title", async () => {
    await renderAbout(INFO, '');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
  });

  it("says 'Company information is currently unavailable.' when there is nothing to show", async () => {
    await renderAbout({
      tagline: '',
      history_summary: '',
      mission_statement: '',
      vision_statement: '',
      core_values: [],
    });
    expect(
      await screen.findByText('Company information is currently unavailable.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'About Ember & Oak Workshop' }),
    ).toBeInTheDocument();
  });

  it("says 'Company information could not be loaded.' for an answer that is not company information", async () => {
    await renderAbout(['not', 'an', 'object']);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Company information could not be loaded.',
    );
  });

  it("says 'Company information endpoint not found.' for a 404", async () => {
    await renderWithRouter(
      <CompanyInfoError error={new ApiError(404, { detail: 'Not found.' })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Company information endpoint not found.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^About/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says 'Failed to load company information.' for any other failure", async () => {
    await renderWithRouter(<CompanyInfoError error={new ApiError(500, { detail: 'Boom.' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load company information.');
  });

  it('has a skeleton with the About heading while loading', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], { site_title: 'Ember & Oak Workshop' });
    await renderWithRouter(<CompanyInfoSkeleton />, { queryClient });
    expect(
      screen.getByRole('heading', { level: 1, name: 'About Ember & Oak Workshop' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading company information…');
  });
});
