import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../http.ts';

// Answer schemas are imported with the request, so a part that hydrates with this client does not load zod first.
const appointmentsResponseSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.AppointmentsResponseSchema);

/** Free test-drive slots per day (GET /api/test-drive/appointments, spec §7) at the car's location, or the primary sales yard. */
export function appointmentsQueryOptions(carId: number | null) {
  const path = carId === null ? '/api/test-drive/appointments' : `/api/test-drive/appointments?car_id=${carId}`;
  return queryOptions({
    queryKey: ['test-drive', 'appointments', carId],
    queryFn: () => getJson(path, appointmentsResponseSchema),
    // Slots are taken by other shoppers: read afresh each time the form is shown.
    staleTime: 0,
  });
}
