import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { CompanyInfoError, CompanyInfoPage } from '../features/content/company-info-page';
import { CompanyInfoSkeleton } from '../features/content/skeletons';
import { companyInfoQuery } from '../features/site/api';
import { pageHead } from '../features/site/seo';

/** `/company-info`: the About page (spec section 2). */
export const Route = createFileRoute('/company-info')({
  head: ({ matches }) => pageHead(matches, { title: 'About' }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(companyInfoQuery()),
  component: CompanyInfoPage,
  pendingComponent: CompanyInfoSkeleton,
  errorComponent: CompanyInfoErrorRoute,
});

function CompanyInfoErrorRoute({ error, reset }: ErrorComponentProps) {
  return <CompanyInfoError error={error} reset={reset} />;
}
