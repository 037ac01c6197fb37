import type { Kysely } from 'kysely';
import { CarSnapshotSchema, DealerDepartmentSchema, LeadAttributesSchema, type DeliveredLead } from '../../schema/api/index.ts';
import { leadDepartment } from '../../site/src/domain/lead-department.ts';
import { toStoredLead } from '../api/leads.ts';
import type { Database, LeadRow } from '../db/types.ts';
import type { HostedTenant } from '../tenants.ts';

/*
 * A lead as it leaves the platform, read from the database when it is sent: the same shape for
 * the webhook's body, the ADF document and the readable summary, so all three say the same.
 */

/** The dealership a lead goes to, with what a CRM needs to recognise it (its sales yard's phone and address). */
export interface DeliveryVendor {
  slug: string;
  name: string;
  phone: string | null;
  address: { street: string; city: string; state: string; postcode: string } | null;
}

/** Everything a delivery of one lead says. */
export interface LeadDocument {
  lead: DeliveredLead;
  vendor: DeliveryVendor | null;
  tenant: HostedTenant;
}

/**
 * Reads a lead and what its delivery says about it.
 * @param db database
 * @param tenant the lead's site
 * @param lead the lead's row
 */
export async function leadDocument(db: Kysely<Database>, tenant: HostedTenant, lead: LeadRow): Promise<LeadDocument> {
  let vendor: DeliveryVendor | null = null;
  if (lead.dealership_id !== null) {
    const d = await db.selectFrom('dealerships').select(['id', 'slug', 'name']).where('id', '=', lead.dealership_id).executeTakeFirst();
    if (d) {
      const location = await db
        .selectFrom('locations')
        .select(['phone', 'street', 'city', 'state', 'postcode'])
        .where('dealership_id', '=', d.id)
        .orderBy('is_primary', 'desc')
        .orderBy('id')
        .executeTakeFirst();
      vendor = { slug: d.slug, name: d.name, phone: location?.phone ?? null, address: location ? { street: location.street, city: location.city, state: location.state, postcode: location.postcode } : null };
    }
  }
  const department = DealerDepartmentSchema.safeParse(lead.department);
  const car = CarSnapshotSchema.safeParse(lead.car_snapshot);
  const attribution = LeadAttributesSchema.safeParse(lead.fields.lead_attributes);
  return {
    tenant,
    vendor,
    lead: {
      ...toStoredLead(lead, tenant.slug),
      dealership: vendor ? { slug: vendor.slug, name: vendor.name } : null,
      department: department.success ? department.data : leadDepartment(lead.form, lead.category),
      car: car.success ? car.data : null,
      attribution: lead.fields.lead_attributes !== undefined && attribution.success ? attribution.data : null,
    },
  };
}
