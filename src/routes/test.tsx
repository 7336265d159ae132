import { createFileRoute } from '@tanstack/react-router';
import { DemoPage } from '../features/demo/demo-page';
import { pageHead } from '../features/site/seo';

/**
 * `/test`: the static demo landing page (spec sections 1 and 2). It sits outside the common
 * frame: the root's `frameKindFor('/test')` renders it bare.
 */
export const Route = createFileRoute('/test')({
  head: ({ matches }) => pageHead(matches, { title: 'Demo' }),
  component: DemoPage,
});
