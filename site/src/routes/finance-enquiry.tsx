import { createFileRoute } from '@tanstack/react-router';
import { financeFormRoute } from './-forms/finance-route.ts';

// Finance enquiry (spec §2 /finance-enquiry).
export const Route = createFileRoute('/finance-enquiry')(financeFormRoute('/finance-enquiry'));
