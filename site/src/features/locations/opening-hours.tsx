import { useId, useRef } from 'react';
import { useHeldInputShown } from '../../lib/hydration-replay.ts';
import type { Location } from '../../../../schema/api/location.ts';
import { DialogOnDemand } from '../../components/ui/lazy-dialog.tsx';
import { groupOpeningHours, upcomingHolidayHours, type HoursLabels } from '../../domain/opening-hours.ts';
import type { HoursType } from '../../domain/location-pages.ts';
import styles from './locations.module.css';

/** The Opening Hours table of a location (spec §4 grouping); nothing for a location without hours. */
export function HoursTable({ location, labels, caption }: { location: Location; labels: HoursLabels; caption?: string }) {
  const rows = groupOpeningHours(location.contact_detail.opening_hours, labels);
  if (rows.length === 0) return null;
  return (
    <table className={styles.hours}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">
              <abbr title={row.longLabel}>{row.label}</abbr>
            </th>
            <td>{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The holiday hours dialog ('View Holiday Hours'): upcoming public holidays and the hours kept. */
export function HolidayHoursDialog({ location, today, closed }: { location: Location; today: string; closed: string }) {
  const rows = upcomingHolidayHours(location.special_hours, today, { closed });
  if (rows.length === 0) return null;
  return (
    <DialogOnDemand
      title={`Holiday Hours — ${location.name}`}
      trigger={
        <button type="button" className={`btn btn--outline ${styles.holidayButton}`}>
          View Holiday Hours
        </button>
      }
    >
      <table className={styles.hours}>
        <caption className="visually-hidden">Holiday hours of {location.name}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Holiday</th>
            <th scope="col">Hours</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.date}>
              <td>
                <time dateTime={row.date}>{row.dateLabel}</time>
              </td>
              <td>{row.name}</td>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DialogOnDemand>
  );
}

/**
 * Opening Hours with the location-type selector (sales, service, parts: the types served at
 * this address) and the holiday hours dialog of the selected location.
 */
export function OpeningHours({
  options,
  selected,
  onSelect,
  labels,
  today,
}: {
  options: { type: HoursType; label: string; location: Location }[];
  selected: HoursType | undefined;
  onSelect: (type: HoursType) => void;
  labels: HoursLabels;
  today: string;
}) {
  const selectId = useId();
  // A location type chosen while the page starts stays shown until it is played back.
  const selector = useRef<HTMLDivElement>(null);
  useHeldInputShown(selector);
  const current = options.find((o) => o.type === selected) ?? options[0];
  if (!current) return null;
  const hasHours = current.location.contact_detail.opening_hours.length > 0;
  return (
    <section aria-labelledby={`${selectId}-h`} className={styles.hoursBlock}>
      <div className={styles.hoursHead}>
        <h2 id={`${selectId}-h`}>Opening Hours</h2>
        <div ref={selector} className={styles.selector}>
          <label htmlFor={selectId}>Location type</label>
          <select id={selectId} value={current.type} onChange={(event) => onSelect(event.target.value as HoursType)}>
            {options.map((o) => (
              <option key={o.type} value={o.type}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hasHours ? (
        <HoursTable location={current.location} labels={labels} caption={`${current.label} opening hours`} />
      ) : null}
      <HolidayHoursDialog location={current.location} today={today} closed={labels.closed} />
    </section>
  );
}
