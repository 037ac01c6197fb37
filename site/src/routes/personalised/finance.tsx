import { createFileRoute } from '@tanstack/react-router';
import { personalisedFinanceRoute } from '../-forms/finance-route.ts';

// A car's personalised finance page (spec §2 /personalised/finance?car_id={id}).
export const Route = createFileRoute('/personalised/finance')(personalisedFinanceRoute());
