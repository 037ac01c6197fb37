import './contributions.ts';
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// oxlint-disable-next-line import/default -- Vite's ?worker suffix provides the default export (vite/client types)
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
// oxlint-disable-next-line import/default -- as above
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { tenantSchema } from '../../../../schema/tenant-schema.gen.ts';

export type Monaco = typeof monaco;
export { monaco };

/** The URI the tenant schema is registered under (an identifier only; nothing is fetched). */
export const TENANT_SCHEMA_URI = 'inmemory://forecourt/tenant.schema.json';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

/**
 * Copies the schema with each property's default appended to its hover text, because Monaco's
 * JSON hover shows descriptions but not defaults, and staff need both.
 */
export function schemaWithDefaultHovers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(schemaWithDefaultHovers);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    // `default` and `enum`/`const` hold data, not subschemas.
    out[k] = k === 'default' || k === 'enum' || k === 'const' || k === 'examples' ? v : schemaWithDefaultHovers(v);
  }
  const o = node as { description?: unknown; default?: unknown };
  if (typeof o.description === 'string') {
    const dflt = 'default' in o ? `\n\nDefault: \`${JSON.stringify(o.default)}\`` : '';
    out.markdownDescription = o.description.replace(/[\\`*_[\]<>]/g, '\\$&') + dflt;
  }
  return out;
}

let configured = false;

/**
 * Bundles the local Monaco (no CDN: @monaco-editor/react would otherwise fetch it), starts its
 * workers from our own assets, and gives the JSON language service the tenant schema for
 * completion and hovers. Problems are reported by the shared validator (see session.ts), so the
 * language service only reports syntax errors — one validator, one set of messages.
 */
export function setupMonaco(): Monaco {
  if (configured) return monaco;
  configured = true;
  window.MonacoEnvironment = {
    getWorker(_id, label) {
      return label === 'json' ? new JsonWorker() : new EditorWorker();
    },
  };
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    schemaValidation: 'ignore',
    schemaRequest: 'ignore',
    enableSchemaRequest: false,
    schemas: [{ uri: TENANT_SCHEMA_URI, fileMatch: ['*.json'], schema: schemaWithDefaultHovers(tenantSchema) as object }],
  });
  jsonDefaults.setModeConfiguration({
    documentFormattingEdits: true,
    documentRangeFormattingEdits: true,
    completionItems: true,
    hovers: true,
    documentSymbols: true,
    tokens: true,
    colors: true,
    foldingRanges: true,
    diagnostics: true,
    selectionRanges: true,
  });
  loader.config({ monaco: monaco as never });
  return monaco;
}
