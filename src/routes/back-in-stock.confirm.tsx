import { createFileRoute } from '@tanstack/react-router';
import { AuthPageFrame } from '../app/auth-page-frame';
import { linkTokenParam } from '../features/auth/reset-token';
import { useLinkToken } from '../features/auth/link-token';
import { BackInStockConfirm } from '../features/catalog/back-in-stock-confirm';
import { privatePageHead } from '../features/site/seo';
import '../features/auth/auth.css';

/**
 * `/back-in-stock/confirm?token=`: the page an "E-mail me when it is back" link opens (issue
 * 42, server/catalog/back-in-stock.ts), its own lazy route. noindex. The token leaves the
 * address bar before analytics can see it, and is sent once from the browser: the server render
 * says the link is being checked, so a mail program's link checker confirms nothing.
 */
export const Route = createFileRoute('/back-in-stock/confirm')({
  head: ({ matches }) => privatePageHead(matches, 'E-mail me when it is back'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: linkTokenParam(search.token),
  }),
  component: BackInStockConfirmPage,
});

function BackInStockConfirmPage() {
  const { token: fromUrl } = Route.useSearch();
  const token = useLinkToken(fromUrl, '/back-in-stock/confirm', Route.useNavigate());
  return (
    <AuthPageFrame page="backInStock">
      <BackInStockConfirm token={token} />
    </AuthPageFrame>
  );
}
