import { createFileRoute } from '@tanstack/react-router';
import { ownersOnly } from '../../-guards';
import { StaffPage } from '../../../features/staff/staff-page';

/** `/staff`: the shop's members and invitations (owners only). */
export const Route = createFileRoute('/_auth/_shell/staff')({
  beforeLoad: ownersOnly,
  component: StaffPage,
});
