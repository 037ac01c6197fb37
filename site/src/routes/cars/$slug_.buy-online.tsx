import { createFileRoute } from '@tanstack/react-router';
import { reserveRoute } from '../-forms/reserve-route.ts';

// Reserve a car where the dealer calls it Buy Online (spec §2 /cars/{slug}/buy-online).
export const Route = createFileRoute('/cars/$slug_/buy-online')(reserveRoute('buy-online'));
