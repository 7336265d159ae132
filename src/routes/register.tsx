import { createFileRoute } from '@tanstack/react-router';
import { AuthPageFrame } from '../features/site/auth-page-frame';
import { RegisterForm } from '../features/auth/register-form';
import { privatePageHead } from '../features/site/seo';

export const Route = createFileRoute('/register')({
  head: ({ matches }) => privatePageHead(matches, 'Register'),
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <AuthPageFrame page="register">
      <RegisterForm />
    </AuthPageFrame>
  );
}
