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
 */
export function DealershipPicker({ department, defaultDealership }: { department: LeadDepartment; defaultDealership?: string | undefined }) {
  const tenant = useTenant();
  const form = useLeadFormState();
  const options = form.shape.dealerships;
  const [dealership, setDealership] = useState(() => preselectedOption(options ?? [], defaultDealership));
  const locations = dealership ? departmentLocations(tenant, department, dealership) : [];
  const [location, setLocation] = useState(() => preselectedOption(locations));
  if (!options) return null;

  const chooseDealership = (value: string) => {
    setDealership(value);
    setLocation(preselectedOption(value ? departmentLocations(tenant, department, value) : []));
  };

  return (
    <>
      <SelectField
        name="dealership_slug"
        label="Preferred dealership"
        required
        placeholder={tenant.labels.dealershipPlaceholder}
        options={options}
        value={dealership}
        onChange={chooseDealership}
      />
      {locations.length > 1 ? (
        <SelectField
          name="location"
          label={/department/i.test(tenant.labels.locationPlaceholder) ? 'Department' : 'Dealership location'}
          required
          placeholder={tenant.labels.locationPlaceholder}
          options={locations}
          value={location}
          onChange={setLocation}
        />
      ) : locations.length === 1 ? (
        <input type="hidden" name="location" value={locations[0]?.value ?? ''} />
      ) : null}
    </>
  );
}
