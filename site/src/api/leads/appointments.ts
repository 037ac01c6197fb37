import { queryOptions } from '@tanstack/react-query';
import { AppointmentsResponseSchema } from '../../../../schema/api/vehicle.ts';
import { getJson } from '../http.ts';

/** Free test-drive slots per day (GET /api/test-drive/appointments, spec §7) at the car's location, or the primary sales yard. */
export function appointmentsQueryOptions(carId: number | null) {
  const path = carId === null ? '/api/test-drive/appointments' : `/api/test-drive/appointments?car_id=${carId}`;
  return queryOptions({
    queryKey: ['test-drive', 'appointments', carId],
    queryFn: () => getJson(path, AppointmentsResponseSchema),
    // Slots are taken by other shoppers: read afresh each time the form is shown.
    staleTime: 0,
  });
}
