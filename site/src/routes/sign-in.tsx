import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head.ts';
import { signInSearchSchema } from '../lib/sign-in-search.ts';
import { SignInPage } from '../components/auth/sign-in-page.tsx';

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search) => signInSearchSchema.parse(search),
  head: ({ match }) => pageHead(match.context.tenant, { title: 'Sign in', noindex: true }),
  component: function SignInRoute() {
    return <SignInPage search={Route.useSearch()} />;
  },
});
