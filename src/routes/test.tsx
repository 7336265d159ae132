import { createFileRoute } from '@tanstack/react-router';
import { DemoPage } from '../features/demo/demo-page';
import '../features/demo/route-static-data';

/** `/test`: the static demo landing page, outside the common frame (spec sections 1 and 2). */
export const Route = createFileRoute('/test')({
  staticData: { bareLayout: true },
  component: DemoPage,
});
