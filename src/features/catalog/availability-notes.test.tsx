import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { AgeRestrictionNote, DispatchNote } from './availability-notes';
import { makeProduct } from '../../test/catalog-fixtures';
import type { ApiCall } from '../../test/mock-api-client';

// Isolated (its own module graph): the date formats this file fixes to en-GB are kept once made,
// so no other file may have made them first.
vi.mock('../../api/client', () => ({ api: { GET: vi.fn(), POST: vi.fn() } }));
const get = api.GET as unknown as ApiCall;

/*
 * The shopper's locale is fixed to en-GB here: a date format made without a locale (the
 * shopper's own, after hydration) gets en-GB, one made for en-US (server render, hydration)
 * stays en-US. Installed before anything formats a date, since formats are kept once made.
 */
const RealDateTimeFormat = Intl.DateTimeFormat;
class ShopperDateTimeFormat extends RealDateTimeFormat {
  constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    super(locales ?? 'en-GB', options);
  }
}
beforeAll(() => {
  vi.stubGlobal(
    'Intl',
    Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: ShopperDateTimeFormat }),
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  get.mockReset();
});

function withQueries(
  ui: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

/** Renders `ui` on the "server", hydrates it here; answers the container and React's hydration errors. */
async function serverRenderAndHydrate(server: ReactNode, browser: ReactNode = server) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, browser, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

const GYUTO_TO_ORDER = makeProduct({
  made_to_order: true,
  stock: 0,
  lead_time_days_min: 15,
  lead_time_days_max: 20,
  dispatch: { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' },
});

describe('DispatchNote', () => {
  it("says 'Made to order: ships in 3–4 weeks' and the estimated dispatch in the shopper's locale", () => {
    render(<DispatchNote product={GYUTO_TO_ORDER} />);
    expect(screen.getByText('Made to order: ships in 3–4 weeks')).toBeInTheDocument();
    // The range is spaced with plain spaces, whatever the runtime's ICU (components/dispatch.ts).
    expect(screen.getByText('Estimated dispatch: 14 – 21 Dec 2026')).toBeInTheDocument();
  });

  it('formats the dates in en-US in a server render (and so while hydrating)', () => {
    const html = renderToString(<DispatchNote product={GYUTO_TO_ORDER} />);
    expect(html).toContain('Made to order: ships in 3–4 weeks');
    expect(html).toContain('Estimated dispatch: Dec 14 – 21, 2026');
  });

  it("hydrates the server's en-US dates without a mismatch, then shows the shopper's", async () => {
    const { container, errors } = await serverRenderAndHydrate(
      <DispatchNote product={GYUTO_TO_ORDER} />,
    );
    expect(errors).toEqual([]);
    expect(container).toHaveTextContent('Estimated dispatch: 14 – 21 Dec 2026');
    container.remove();
  });

  it('counts a short lead time in working days and a range over the new year in full', () => {
    render(
      <DispatchNote
        product={makeProduct({
          made_to_order: true,
          stock: 25,
          lead_time_days_min: 5,
          lead_time_days_max: 8,
          dispatch: { made_to_order: true, earliest: '2026-12-21', latest: '2027-01-04' },
        })}
      />,
    );
    expect(screen.getByText('Made to order: ships in 5–8 working days')).toBeInTheDocument();
    expect(screen.getByText('Estimated dispatch: 21 Dec 2026 – 4 Jan 2027')).toBeInTheDocument();
  });

  it("says 'Made to order' alone when the shop gave no lead time", () => {
    render(
      <DispatchNote
        product={{ ...GYUTO_TO_ORDER, lead_time_days_min: null, lead_time_days_max: null }}
      />,
    );
    expect(screen.getByText('Made to order')).toBeInTheDocument();
  });

  it("says 'Ready to ship: dispatched by {latest date}' for a ready piece in stock", () => {
    const ready = makeProduct({
      stock: 6,
      dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
    });
    const { unmount } = render(<DispatchNote product={ready} />);
    expect(screen.getByText('Ready to ship: dispatched by 25 Nov 2026')).toBeInTheDocument();
    unmount();
    expect(renderToString(<DispatchNote product={ready} />)).toContain(
      'Ready to ship: dispatched by Nov 25, 2026',
    );
  });

  it('says nothing of dispatch for a ready piece that is sold out', () => {
    const { container } = render(<DispatchNote product={makeProduct({ stock: 0 })} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('AgeRestrictionNote', () => {
  const SHIPPING_OPTIONS = {
    countries: [{ code: 'GB', name: 'United Kingdom' }],
    minimum_age: 18,
    age_attestation_text: 'I confirm I am 18 or over.',
  };

  it('names the minimum age once the shipping options have loaded', async () => {
    get.mockResolvedValue({ data: SHIPPING_OPTIONS });
    render(withQueries(<AgeRestrictionNote />));
    // While they load: the note without a number.
    expect(screen.getByRole('note')).toHaveTextContent(
      'Sold to adults only: an adult must sign for the parcel.',
    );
    expect(
      await screen.findByText(
        'Sold to adults only: you must be 18 or over to buy this, and an adult must sign for the parcel.',
      ),
    ).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/shipping/options/', expect.anything());
  });

  it('keeps the note without a number when the shipping options fail', async () => {
    get.mockRejectedValue(new ApiError(500, { detail: 'Down.' }));
    render(withQueries(<AgeRestrictionNote />));
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('note')).toHaveTextContent(
      'Sold to adults only: an adult must sign for the parcel.',
    );
    expect(screen.queryByText(/or over/)).toBeNull();
  });

  it('hydrates without a mismatch even when the shipping options are already cached', async () => {
    get.mockResolvedValue({ data: SHIPPING_OPTIONS });
    const browserClient = new QueryClient();
    browserClient.setQueryData(['shipping', 'options'], SHIPPING_OPTIONS);
    const { container, errors } = await serverRenderAndHydrate(
      withQueries(<AgeRestrictionNote />),
      withQueries(<AgeRestrictionNote />, browserClient),
    );
    expect(errors).toEqual([]);
    expect(container).toHaveTextContent(
      'Sold to adults only: you must be 18 or over to buy this, and an adult must sign for the parcel.',
    );
    container.remove();
  });

  it('renders the note without a number on the server and asks nothing there', () => {
    get.mockResolvedValue({ data: SHIPPING_OPTIONS });
    const html = renderToString(withQueries(<AgeRestrictionNote />));
    expect(html).toContain('Sold to adults only: an adult must sign for the parcel.');
    expect(get).not.toHaveBeenCalled();
  });
});
