import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head.ts';
import { emailLinkSearchSchema } from '../lib/email-link-search.ts';
import { ConfirmEmailPage } from '../components/auth/confirm-email-page.tsx';

export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search) => emailLinkSearchSchema.parse(search),
  head: ({ match }) => pageHead(match.context.tenant, { title: 'Confirm your email address', noindex: true }),
  component: function ConfirmEmailRoute() {
    return <ConfirmEmailPage token={Route.useSearch().token} />;
  },
});
