import type { DemoFeature } from '../../schema/demo-content.ts';
import type { HostedTenant } from '../tenants.ts';

/*
 * A launched site never shows sample data as the dealer's own. The tenant is resolved with those
 * features switched off (schema/demo-content.ts), so its bundle has no code for them; the API
 * answers nothing for them either, so no other client (a cached page, a feed, a direct call) can
 * show the samples.
 */

/**
 * Whether a launched site hides what these features show (each of them is off on the site).
 * Sites not launched keep answering, as their previews and tests do.
 * @param tenant the hosted tenant (resolved)
 * @param features the features whose data is asked for
 */
export function hidesSampleData(tenant: Pick<HostedTenant, 'config'>, ...features: DemoFeature[]): boolean {
  return tenant.config.launch.launched && features.every((f) => tenant.config.features[f] === false);
}
