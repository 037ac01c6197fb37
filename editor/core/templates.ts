import { TENANT_SCHEMA } from '../../schema/resolve.ts';
import { resolveNode, skeletonFor, type SchemaNode } from '../shared/schema-walk.ts';
import type { TenantTemplate } from './workspace.ts';

const TEMPLATE_LABELS: Record<string, string> = {
  'dealer-group': 'Dealer group',
  brand: 'Single-brand dealer',
  'used-car-superstore': 'Used-car superstore',
  caravan: 'Caravan dealer',
  'certified-pre-owned': 'Certified pre-owned',
  motorcycle: 'Motorcycle dealer',
  truck: 'Truck dealer',
};

/**
 * One starter per site template in the schema (`template` enum): the required fields only, with
 * empty texts, so a new tenant opens with the validator listing exactly what staff must fill in
 * and every optional setting at its default.
 */
export function schemaTemplates(schema: SchemaNode = TENANT_SCHEMA as SchemaNode): TenantTemplate[] {
  const root = resolveNode(schema, schema)!;
  const templateNode = resolveNode(schema, root.properties?.template);
  const ids = (templateNode?.enum ?? []).filter((v): v is string => typeof v === 'string');
  const base = skeletonFor(schema, root) as Record<string, unknown>;
  return ids.map((id) => ({
    id,
    label: TEMPLATE_LABELS[id] ?? id,
    description: `Required fields only, ${TEMPLATE_LABELS[id]?.toLowerCase() ?? id} layout defaults; the Problems panel lists what to fill in.`,
    config: { $schema: '../schema/tenant.schema.json', ...base, template: id },
  }));
}
