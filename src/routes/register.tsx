import { createFileRoute } from '@tanstack/react-router';
import { AuthPageFrame } from '../features/site/auth-page-frame';
import { RegisterForm } from '../features/auth/register-form';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <AuthPageFrame page="register">
      <RegisterForm />
    </AuthPageFrame>
  );
}
