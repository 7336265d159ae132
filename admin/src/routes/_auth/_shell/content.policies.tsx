import { createFileRoute } from '@tanstack/react-router';
import { PoliciesPage } from '../../../features/content/policies-page';

/** `/content/policies`: the refund and privacy policies. */
export const Route = createFileRoute('/_auth/_shell/content/policies')({
  component: PoliciesPage,
});
