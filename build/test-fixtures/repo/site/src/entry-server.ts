// Fixture server entry for the build tests: the same virtual config as the browser bundle,
// rendered without React so the fixture stays small.
import config from 'virtual:tenant-config';

export const tenant = config;

export function render(): Promise<Response> {
  return Promise.resolve(new Response(`<!doctype html><title>${String(config.name)}</title><p>fixture</p>`, { headers: { 'content-type': 'text/html' } }));
}
