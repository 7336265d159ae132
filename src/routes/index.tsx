import { createFileRoute } from '@tanstack/react-router';
import { categoriesQuery, homeProductsQuery } from '../features/catalog/api';
import { HomePage } from '../features/catalog/home-page';
import { pageHead, organizationJsonLd } from '../features/site/seo';

/** `/`: the shop's home page. Each section shows its own skeleton and error. */
export const Route = createFileRoute('/')({
  // The loader travels with the page in one chunk: the first load on `/` is at its budget,
  // and a second chunk costs it about 100 B gzipped.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ matches }) => pageHead(matches, { jsonLd: [organizationJsonLd(matches)] }),
  // prefetchQuery never throws: a failed call shows in its own section, not as a page error.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(categoriesQuery()),
      queryClient.prefetchQuery(homeProductsQuery()),
    ]),
  component: HomePage,
});
