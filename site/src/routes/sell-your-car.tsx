import { createFileRoute } from '@tanstack/react-router';
import { tradeInRoute } from './-forms/trade-in-route.ts';

// Trade-in valuation (spec §2 /sell-your-car).
export const Route = createFileRoute('/sell-your-car')(tradeInRoute('/sell-your-car', 'sell-your-car'));
