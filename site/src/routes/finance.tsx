import { createFileRoute } from '@tanstack/react-router';
import { financeFormRoute } from './-forms/finance-route.ts';

// The finance page at its default path (spec §2 /finance, overridable by routes.financePath).
export const Route = createFileRoute('/finance')(financeFormRoute('/finance', { onlyAsFinancePath: true }));
