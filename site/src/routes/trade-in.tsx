import { createFileRoute } from '@tanstack/react-router';
import { tradeInRoute } from './-forms/trade-in-route.ts';

// Trade-in valuation (spec §2 /trade-in).
export const Route = createFileRoute('/trade-in')(tradeInRoute('/trade-in', 'sell-your-car'));
