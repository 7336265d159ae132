import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '../../../features/content/company-page';

/** `/content/company`: the company page and its values. */
export const Route = createFileRoute('/_auth/_shell/content/company')({
  component: CompanyPage,
});
