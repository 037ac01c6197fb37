import { createFileRoute } from '@tanstack/react-router';
import { reserveRoute } from '../-forms/reserve-route.ts';

// Reserve a car (spec §2 /cars/{slug}/checkout).
export const Route = createFileRoute('/cars/$slug_/checkout')(reserveRoute('checkout'));
