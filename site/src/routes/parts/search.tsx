import { createFileRoute } from '@tanstack/react-router';
import { partsOrderRoute } from '../-forms/parts-route.ts';

// Order Parts Online (spec §2 /parts/search).
export const Route = createFileRoute('/parts/search')(partsOrderRoute('/parts/search'));
