import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head.ts';
import { SuccessPage } from '../components/lead-forms/success-page.tsx';

// Shown after a successful enquiry, test drive or other lead form (spec §2 /success).
export const Route = createFileRoute('/success')({
  validateSearch: (search): { type?: string | undefined } => ({ type: typeof search.type === 'string' && /^[a-z_]{1,30}$/.test(search.type) ? search.type : undefined }),
  head: ({ match }) => pageHead(match.context.tenant, { title: 'Thank you', noindex: true }),
  component: function SuccessRoute() {
    return <SuccessPage type={Route.useSearch().type} />;
  },
});
