import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { renderWithRouter } from '../../test/render-with-router';
import {
  SearchBox,
  searchTermOf,
  suggestionCountText,
  suggestionTermOf,
  SUGGESTION_DEBOUNCE_MS,
} from './search-box';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ReturnType<typeof vi.fn>;

const knives = [
  {
    id: 1,
    name: 'Damascus Gyuto 210mm',
    slug: 'damascus-gyuto-210mm',
    price: '385.00',
    thumbnail: '/api/media/g.webp',
  },
  {
    id: 9,
    name: 'Damascus Drop-Point Hunter',
    slug: 'damascus-drop-point-hunter',
    price: '340.00',
    thumbnail: null,
  },
  {
    id: 15,
    name: "Damascus Gentleman's Folder",
    slug: 'damascus-gentlemans-folder',
    price: '290.00',
    thumbnail: '/api/media/f.webp',
  },
];

function answer(list = knives) {
  get.mockImplementation(async () => ({ data: list }));
}

const input = () => screen.getByRole('combobox', { name: 'Search products' });

describe('SearchBox (spec section 2: search)', () => {
  beforeEach(() => {
    get.mockReset();
    answer([]);
  });

  it('goes to /products?search= with the trimmed term on Enter', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(input(), '  chef knife  {Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toEqual({ search: 'chef knife' });
  });

  it('goes there from the search button too', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(input(), 'walnut');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ search: 'walnut' }));
    expect(router.state.location.pathname).toBe('/products');
  });

  it('does nothing for a blank term', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />, { path: '/gallery' });
    await user.type(input(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/gallery');
    expect(router.state.location.search).toEqual({});
  });

  it('is a plain GET form to /products without JavaScript', async () => {
    await renderWithRouter(<SearchBox />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/products');
    expect(form).toHaveAttribute('method', 'get');
    expect(input()).toHaveAttribute('name', 'search');
  });

  it('is a combobox HTML allows: a text input with its popup named, inside a search landmark', async () => {
    await renderWithRouter(<SearchBox />);
    // role="combobox" and aria-expanded are refused on <input type="search"> (W3C Nu checker).
    expect(input()).toHaveAttribute('type', 'text');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveAttribute('aria-autocomplete', 'list');
    const list = document.getElementById(input().getAttribute('aria-controls') ?? '');
    expect(list).toHaveAttribute('role', 'listbox');
    expect(screen.getByRole('search')).toContainElement(input());
  });

  it('trims, and treats whitespace as nothing', () => {
    expect(searchTermOf('  a b ')).toBe('a b');
    expect(searchTermOf(' \t ')).toBeNull();
  });
});

describe('SearchBox suggestions (ARIA combobox)', () => {
  beforeEach(() => {
    get.mockReset();
    answer();
  });

  it('asks nothing before two characters, then once after the pause, and shows the products', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<SearchBox />);
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.type(input(), 'd');
    await new Promise((resolve) => setTimeout(resolve, SUGGESTION_DEBOUNCE_MS + 50));
    expect(get).not.toHaveBeenCalled();

    await user.type(input(), 'amas');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    // One call for the settled term, none for each keystroke on the way.
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(
      '/products/suggestions/',
      expect.objectContaining({ params: { query: { q: 'damas' } } }),
    );
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Damascus Gyuto 210mm$385.00',
      'Damascus Drop-Point Hunter$340.00',
      "Damascus Gentleman's Folder$290.00",
    ]);
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/api/media/g.webp');
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions');
  });

  it('moves with the arrows, opens the active product on Enter', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(input(), 'damascus');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(input()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(input()).toHaveFocus();

    await user.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/products/damascus-drop-point-hunter'),
    );
    expect(input()).toHaveValue('');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, and Enter then runs the full search', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(input(), 'damascus');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input()).toHaveValue('damascus');

    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toEqual({ search: 'damascus' });
  });

  it('submits the full search with Enter while the list is open but no option is active', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(input(), 'damascus');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ search: 'damascus' }));
  });

  it('opens a product on click', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<SearchBox />);
    await user.type(input(), 'damascus');
    await user.click(await screen.findByRole('option', { name: /Gentleman/ }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/products/damascus-gentlemans-folder'),
    );
  });

  it('says when nothing matches, and shows no list', async () => {
    answer([]);
    const user = userEvent.setup();
    await renderWithRouter(<SearchBox />);
    await user.type(input(), 'zzqx');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No suggestions'));
    expect(get).toHaveBeenCalledTimes(1);
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides the list when the term gets shorter than two characters', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<SearchBox />);
    await user.type(input(), 'da');
    await screen.findByRole('listbox');
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, SUGGESTION_DEBOUNCE_MS + 50));
    });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('words the count and bounds the term', () => {
    expect(suggestionCountText(0)).toBe('No suggestions');
    expect(suggestionCountText(1)).toBe('1 suggestion');
    expect(suggestionCountText(6)).toBe('6 suggestions');
    expect(suggestionTermOf(' a ')).toBeNull();
    expect(suggestionTermOf(' ab ')).toBe('ab');
    expect(suggestionTermOf('x'.repeat(101))).toBeNull();
  });
});
