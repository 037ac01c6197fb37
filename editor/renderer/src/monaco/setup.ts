import './contributions.ts';
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { didYouMeanFix } from '../../../shared/did-you-mean.ts';
// oxlint-disable-next-line import/default -- Vite's ?worker suffix provides the default export (vite/client types)
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
// oxlint-disable-next-line import/default -- as above
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { tenantSchema } from '../../../../schema/tenant-schema.gen.ts';
import unreadSettings from '../../../../schema/unread-settings.json';
import { schemaForLanguageService } from '../../../shared/schema-docs.ts';
import type { SchemaNode } from '../../../shared/schema-walk.ts';
import { StandaloneServices } from 'monaco-esm/editor/standalone/browser/standaloneServices.js';
import { IStorageService } from 'monaco-esm/platform/storage/common/storage.js';

export type Monaco = typeof monaco;
export { monaco };

/**
 * The URI the tenant schema is registered under (an identifier only; nothing is fetched). Tenant
 * files name their schema as `"$schema": "../schema/tenant.schema.json"`, which the language
 * service resolves against the model's URI (`file:///tenants/<slug>.json`) and then prefers over
 * any `fileMatch`: registering the schema under exactly that URI is what makes completion and
 * hovers work on real tenant files (under any other URI they silently get nothing).
 */
export const TENANT_SCHEMA_URI = 'file:///schema/tenant.schema.json';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
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
    schemas: [
      {
        uri: TENANT_SCHEMA_URI,
        fileMatch: ['file:///tenants/*.json'],
        schema: schemaForLanguageService(tenantSchema as SchemaNode, new Set(unreadSettings)) as object,
      },
    ],
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
  // Format Document on the key staff know from VS Code on Windows and macOS (Shift+Alt+F) on every
  // platform; Linux keeps Monaco's own Ctrl+Shift+I as well.
  monaco.editor.addKeybindingRule({ keybinding: monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, command: 'editor.action.formatDocument', when: 'editorHasDocumentFormattingProvider && editorTextFocus && !editorReadonly' });
  // "Did you mean": the validator names the closest known setting; the light bulb (Ctrl+.) writes it.
  monaco.languages.registerCodeActionProvider('json', {
    provideCodeActions(model, _range, context) {
      const actions = context.markers.flatMap((marker) => {
        const fix = didYouMeanFix(marker.message, model.getLineContent(marker.startLineNumber));
        if (!fix) return [];
        return [
          {
            title: fix.title,
            kind: 'quickfix',
            diagnostics: [marker],
            isPreferred: true,
            edit: { edits: [{ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: new monaco.Range(marker.startLineNumber, fix.startColumn, marker.startLineNumber, fix.endColumn), text: fix.text } }] },
          },
        ];
      });
      return { actions, dispose: () => undefined };
    },
  });
  // Completion lists open with each item's description beside it (staff should not need to know
  // that a second Ctrl+Space expands it). Monaco keeps that choice in its storage service under
  // this key (profile scope, user target); the standalone editor's storage starts empty each time.
  (StandaloneServices.get(IStorageService) as { store(key: string, value: boolean, scope: number, target: number): void }).store('expandSuggestionDocs', true, 0, 0);
  loader.config({ monaco: monaco as never });
  return monaco;
}
