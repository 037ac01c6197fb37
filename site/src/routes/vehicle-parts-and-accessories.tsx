import { createFileRoute } from '@tanstack/react-router';
import { partsOrderRoute } from './-forms/parts-route.ts';

// Order Parts Online (spec §2 /vehicle-parts-and-accessories).
export const Route = createFileRoute('/vehicle-parts-and-accessories')(partsOrderRoute('/vehicle-parts-and-accessories'));
