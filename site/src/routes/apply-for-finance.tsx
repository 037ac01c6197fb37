import { createFileRoute } from '@tanstack/react-router';
import { financeFormRoute } from './-forms/finance-route.ts';

// Finance application (spec §2 /apply-for-finance).
export const Route = createFileRoute('/apply-for-finance')(financeFormRoute('/apply-for-finance'));
