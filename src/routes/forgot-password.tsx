import { createFileRoute } from '@tanstack/react-router';
import { deferredForm } from '../components/deferred-form';
import { AuthPageFrame } from '../app/auth-page-frame';
import { privatePageHead } from '../features/site/seo';

const ForgotPasswordForm = deferredForm(() =>
  import('../features/auth/forgot-password-form').then((m) => m.ForgotPasswordForm),
);

/** `/forgot-password`: asks for a reset link by e-mail; noindex. */
export const Route = createFileRoute('/forgot-password')({
  head: ({ matches }) => privatePageHead(matches, 'Forgot your password?'),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <AuthPageFrame page="forgot">
      <ForgotPasswordForm />
    </AuthPageFrame>
  );
}
