import { createFileRoute } from '@tanstack/react-router';
import { signInSearchSchema } from '../app/sign-in-search.ts';
import { SignInPage } from '../components/auth/sign-in-page.tsx';

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search) => signInSearchSchema.parse(search),
  component: function SignInRoute() {
    return <SignInPage search={Route.useSearch()} />;
  },
});
