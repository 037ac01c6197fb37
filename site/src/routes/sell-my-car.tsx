import { createFileRoute } from '@tanstack/react-router';
import { tradeInRoute } from './-forms/trade-in-route.ts';

// Trade-in valuation (spec §2 /sell-my-car).
export const Route = createFileRoute('/sell-my-car')(tradeInRoute('/sell-my-car', 'valuation'));
