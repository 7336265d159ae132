import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { AuthPageFrame } from '../features/site/auth-page-frame';
import { privatePageHead } from '../features/site/seo';

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
