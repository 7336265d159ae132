import { createFileRoute } from '@tanstack/react-router';
import { ownersOnly } from '../../-guards';
import { SettingsLayout } from '../../../features/settings/settings-layout';

/** `/settings`: the frame of the shop's settings (owners only). */
export const Route = createFileRoute('/_auth/_shell/settings')({
  beforeLoad: ownersOnly,
  component: SettingsLayout,
});
