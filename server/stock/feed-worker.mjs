// The feed-parsing worker's entry point: plain JavaScript, so it starts under any loader; it
// registers tsx (the TypeScript loader the server runs with) and loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./feed-worker.ts');
