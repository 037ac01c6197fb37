import { createFileRoute } from '@tanstack/react-router';
import { financeFormRoute } from './-forms/finance-route.ts';

// The finance page where a site moved it to /car-finance (routes.financePath).
export const Route = createFileRoute('/car-finance')(financeFormRoute('/car-finance', { onlyAsFinancePath: true }));
