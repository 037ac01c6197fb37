import { createFileRoute, redirect } from '@tanstack/react-router';

// /locations lists the locations: a real 301 to the location grid at /dealerships.
export const Route = createFileRoute('/locations/')({
  beforeLoad: () => {
    throw redirect({ href: '/dealerships', statusCode: 301 });
  },
});
