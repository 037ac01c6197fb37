import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head.ts';
import { emailLinkSearchSchema } from '../lib/email-link-search.ts';
import { ResetPasswordPage } from '../components/auth/reset-password-page.tsx';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search) => emailLinkSearchSchema.parse(search),
  head: ({ match }) => pageHead(match.context.tenant, { title: 'Reset your password', noindex: true }),
  component: function ResetPasswordRoute() {
    return <ResetPasswordPage token={Route.useSearch().token} />;
  },
});
