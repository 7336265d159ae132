import { createFileRoute } from '@tanstack/react-router';
import { Shell } from '../../app/shell';

/** The frame with the navigation, around every signed-in page but the packing slip. */
export const Route = createFileRoute('/_auth/_shell')({
  component: Shell,
});
