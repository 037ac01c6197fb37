import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appointmentsQueryOptions } from '../../api/leads/appointments.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { FieldRow, SelectField } from '../../components/form-kit/fields.tsx';
import { slotDayLabel, slotTimeLabel } from '../../domain/test-drive-slots.ts';

/**
 * Preferred day and time of a test drive, picked from the dealer's free appointment slots
 * (GET /api/test-drive/appointments; the server books only those). Both optional (spec §5):
 * 'No preference' sends neither. The slots are read after hydration (they change as shoppers
 * book), so the server renders the two selects with 'No preference' only.
 */
export function TestDriveSlots({ carId }: { carId: number | null }) {
  const hydrated = useHydrated();
  const slots = useQuery({ ...appointmentsQueryOptions(carId), enabled: hydrated });
  const [date, setDate] = useState('');
  const days = (slots.data?.days ?? []).filter((day) => day.slots.length > 0);
  const times = days.find((day) => day.date === date)?.slots ?? [];
  const checking = !hydrated || slots.isPending;
  const status = checking ? 'Checking the times we have free…' : slots.isError ? 'We could not load our free times: tell us when suits you in your comments.' : days.length === 0 ? 'No test-drive times are free in the next two weeks: tell us when suits you in your comments.' : 'Pick a day, then one of its free times.';
  return (
    <div data-testid="test-drive-slots">
      <FieldRow>
        <SelectField
          name="date"
          label="Preferred date"
          placeholder="No preference"
          options={days.map((day) => ({ value: day.date, label: slotDayLabel(day.date) }))}
          value={date}
          onChange={setDate}
        />
        <SelectField
          name="time"
          label="Preferred time"
          placeholder={date ? 'No preference' : 'Pick a date first'}
          options={times.map((time) => ({ value: time, label: slotTimeLabel(time) }))}
        />
      </FieldRow>
      {/* Always there, one line under the selects: the answer arriving changes its words, never
          the form's height, so the fields and the button below stay where a shopper is pressing. */}
      <p role="status" aria-busy={checking}>
        {status}
      </p>
    </div>
  );
}
