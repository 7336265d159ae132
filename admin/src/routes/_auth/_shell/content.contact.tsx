import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../../features/content/contact-page';

/** `/content/contact`: the locations, e-mails and social profiles. */
export const Route = createFileRoute('/_auth/_shell/content/contact')({
  component: ContactPage,
});
