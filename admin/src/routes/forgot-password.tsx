import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';

/** `/forgot-password`: asks for a reset link by e-mail. */
export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});
