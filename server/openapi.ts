import { z } from 'zod';
import { ApiErrorSchema } from '../schema/api/index.ts';
import type { Route } from './http/core.ts';
import { LeadWebhookSchema } from '../schema/api/lead-delivery.ts';

/*
 * The OpenAPI 3.1 document of the platform API, generated from the same zod schemas the
 * handlers validate with (zod 4's JSON Schema output is draft 2020-12, which OpenAPI 3.1 uses).
 */

/**
 * A schema's JSON Schema. A recursive schema (dealer rich text) has definitions; they move to the
 * document's components, since a `#/...` reference in OpenAPI resolves against the document, not
 * the schema it sits in. `components` collects them.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, unknown> = {}): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Record<string, unknown>;
  delete json.$schema;
  const defs = json.$defs as Record<string, unknown> | undefined;
  if (!defs) return json;
  delete json.$defs;
  for (const [name, def] of Object.entries(defs)) {
    if (components[name] !== undefined && JSON.stringify(components[name]) !== JSON.stringify(def)) throw new Error(`Two different schemas are called ${name} in the API`);
    components[name] = def;
  }
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>;
}

/**
 * Builds the OpenAPI document for a list of routes.
 * @param routes the API routes
 * @param serverUrl the origin the document is served from
 */
export function openApiDocument(routes: readonly Route[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const error = { description: 'Error', content: { 'application/json': { schema: schemaOf(ApiErrorSchema, 'output') } } };
  for (const route of routes) {
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams: unknown[] = [];
    if (route.query) {
      const q = schemaOf(route.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        queryParams.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      tags: [route.tag],
      parameters: [...params, ...queryParams],
      responses: {
        [route.method === 'POST' && (route.tag === 'Leads' || route.tag === 'Orders') ? '201' : '200']: {
          description: 'OK',
          content: route.produces
            ? { [route.produces]: { schema: { type: 'string', format: 'binary' } } }
            : route.response
              ? { 'application/json': { schema: schemaOf(route.response, 'output', schemas) } }
              : {},
        },
        '400': error,
        ...(route.auth ? { '401': error, '403': error } : {}),
        '404': error,
        ...(route.rateLimited ? { '429': error } : {}),
      },
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input', schemas) } } };
    if (route.rateLimited) {
      (operation.parameters as unknown[]).push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 8, maxLength: 200 } });
    }
    if (route.auth) operation.security = [{ session: [] }];
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  // The lead webhook the platform sends (OpenAPI 3.1 webhooks), before the components are written out.
  const webhooks = {
    'lead.created': {
      post: {
        summary:
          "A lead, sent to the CRM web address of the tenant's lead routes (leadDelivery.routes[].webhook) once it is complete, signed per Standard Webhooks: " +
          'verify with the standardwebhooks library and the shared secret. webhook-id is the same on every retry of a lead to one address: drop a repeat. ' +
          'Answer 2xx within 10 s; anything else is tried again later (growing waits), up to leadDelivery.maxAttempts.',
        parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } })),
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(LeadWebhookSchema, 'output', schemas) } } },
        responses: { '2XX': { description: 'Taken' } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Forecourt platform API',
      version: '1.0.0',
      description: 'The dealer platform API of spec §7 as served on every tenant origin. Every call is scoped to the tenant of the Host header. Search is the Algolia-compatible API under /1/.',
    },
    servers: [{ url: serverUrl }],
    components: { schemas: JSON.parse(JSON.stringify(schemas).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>, securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fc_session' } } },
    paths,
    webhooks,
  };
}
