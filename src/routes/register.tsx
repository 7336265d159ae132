import { createFileRoute } from '@tanstack/react-router';
import { AuthPageFrame } from '../app/auth-page-frame';
import { deferredForm } from '../components/deferred-form';
import { privatePageHead } from '../features/site/seo';

const RegisterForm = deferredForm(() =>
  import('../features/auth/register-form').then((m) => m.RegisterForm),
);

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
