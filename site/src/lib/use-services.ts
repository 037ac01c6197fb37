import { useRouter } from '@tanstack/react-router';
import type { SiteServices } from './services.ts';

/** The services of where the page runs (browser or server render), from the router context. */
export function useServices(): SiteServices {
  return useRouter().options.context.services;
}
