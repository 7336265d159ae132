import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { CompanyInfoError, CompanyInfoPage } from '../features/content/company-info-page';
import { CompanyInfoSkeleton } from '../features/content/skeletons';
import { companyInfoQuery } from '../features/site/api';

/** `/company-info`: the About page (spec section 2). */
export const Route = createFileRoute('/company-info')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(companyInfoQuery()),
  component: CompanyInfoPage,
  pendingComponent: CompanyInfoSkeleton,
  errorComponent: CompanyInfoErrorRoute,
});

function CompanyInfoErrorRoute({ error, reset }: ErrorComponentProps) {
  return <CompanyInfoError error={error} reset={reset} />;
}
