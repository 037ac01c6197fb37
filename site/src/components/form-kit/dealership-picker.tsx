import { useState } from 'react';
import { departmentLocations, preselectedOption, type LeadDepartment } from '../../../../schema/api/lead-rules.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { SelectField } from './fields.tsx';
import { useLeadFormState } from './lead-form.tsx';

/**
 * The dealership picker of a form without a car (spec §2, §4, §5): the dealerships that serve
 * the form's department, preselected when there is only one, then the location when that
 * dealership has several (placeholder 'Please Select a Dealership Location', or the tenant's
 * label such as 'Please Select a Department'). Both say '*Please select a dealership location.'
 * when left empty. Renders nothing when a car names the dealership.
 *
 * The location is the browser's own choice (an uncontrolled select, made afresh for each
 * dealership): nothing else on the form depends on it, so no render of the form can put its
 * placeholder back over what the shopper picked. Held as React state it could: a location picked
 * while the page was finishing its start-up came back unpicked once in a few hundred runs, and
 * the order then said "*Please select a dealership location." with the shopper's choice gone.
 */
export function DealershipPicker({ department, defaultDealership }: { department: LeadDepartment; defaultDealership?: string | undefined }) {
  const tenant = useTenant();
  const form = useLeadFormState();
  const options = form.shape.dealerships;
  const [dealership, setDealership] = useState(() => preselectedOption(options ?? [], defaultDealership));
  const locations = dealership ? departmentLocations(tenant, department, dealership) : [];
  if (!options) return null;

  return (
    <>
      <SelectField
        name="dealership_slug"
        label="Preferred dealership"
        required
        placeholder={tenant.labels.dealershipPlaceholder}
        options={options}
        value={dealership}
        onChange={setDealership}
      />
      {locations.length > 1 ? (
        <SelectField
          key={dealership}
          name="location"
          label={/department/i.test(tenant.labels.locationPlaceholder) ? 'Department' : 'Dealership location'}
          required
          placeholder={tenant.labels.locationPlaceholder}
          options={locations}
          defaultValue={preselectedOption(locations)}
        />
      ) : locations.length === 1 ? (
        <input type="hidden" name="location" value={locations[0]?.value ?? ''} />
      ) : null}
    </>
  );
}
