import type { DealerDepartment } from '../../schema/api/lead-words.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

/*
 * Which destinations a lead goes to: every route of the tenant whose dealership (or every
 * dealership) and departments include the lead. Email routes of the same format are merged into
 * one message to all their addresses (a person on two routes gets one email); the same webhook URL
 * is called once.
 */

/** An email delivery's target, as stored on the delivery (lead_deliveries.target). */
export interface EmailTarget {
  to: string[];
  format: 'adf-and-summary' | 'summary';
}

/** A webhook delivery's target: the URL and the name of the environment variable holding its secret. */
export interface WebhookTarget {
  url: string;
  secret_env: string;
}

/** One delivery a lead needs. */
export type DeliveryTarget = { channel: 'email'; target: EmailTarget } | { channel: 'webhook'; target: WebhookTarget };

/**
 * The deliveries a lead needs under the tenant's routes.
 * @param routes the resolved tenant's leadDelivery.routes
 * @param dealershipSlug the dealership the lead was filed under, or null when none could be told
 * @param department the lead's department
 */
export function deliveryTargets(routes: ResolvedTenant['leadDelivery']['routes'], dealershipSlug: string | null, department: DealerDepartment): DeliveryTarget[] {
  const emails = new Map<EmailTarget['format'], Set<string>>();
  const webhooks = new Map<string, WebhookTarget>();
  for (const route of routes) {
    if (route.dealership !== undefined && route.dealership !== dealershipSlug) continue;
    if (!route.departments.includes(department)) continue;
    if (route.email.length > 0) {
      const to = emails.get(route.emailFormat) ?? new Set<string>();
      for (const address of route.email) to.add(address.toLowerCase());
      emails.set(route.emailFormat, to);
    }
    if (route.webhook && !webhooks.has(route.webhook.url)) webhooks.set(route.webhook.url, { url: route.webhook.url, secret_env: route.webhook.secretEnv });
  }
  return [
    ...[...emails].map(([format, to]): DeliveryTarget => ({ channel: 'email', target: { to: [...to], format } })),
    ...[...webhooks.values()].map((target): DeliveryTarget => ({ channel: 'webhook', target })),
  ];
}
