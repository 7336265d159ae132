import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../../../features/content/faq-page';

/** `/content/faq`: the questions and answers. */
export const Route = createFileRoute('/_auth/_shell/content/faq')({
  component: FaqPage,
});
