import { createFileRoute } from '@tanstack/react-router';
import { tradeInRoute } from '../-forms/trade-in-route.ts';

// Trade-in valuation (spec §2 /cars/trade-in).
export const Route = createFileRoute('/cars/trade-in')(tradeInRoute('/cars/trade-in', 'trade-in'));
