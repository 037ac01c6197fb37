import { useEffect, useId, useRef, useState } from 'react';
import type { Location } from '../../../../schema/api/location.ts';
import { fetchPlaces, geocodePostcode, type PlacePrediction } from '../../api/places/places.ts';
import { formatDistanceKm, nearby, type LatLng } from '../../domain/geo.ts';
import styles from './locations.module.css';
import { formatNumber } from '../../../../schema/number-format.ts';

/** Spec §4/§9: suggestions wait for a 300 ms pause in typing. */
export const SUGGEST_DEBOUNCE_MS = 300;

/** A chosen place: where distances are measured from. */
export interface ChosenPlace extends LatLng {
  label: string;
}

type Suggestion = { kind: 'dealership'; location: Location } | { kind: 'place'; place: PlacePrediction };

export interface DealerFinderProps {
  locations: Location[];
  /** limits.nearbyDealersRadiusKm (250) and limits.nearbyDealersMax (5). */
  nearbyRadiusKm: number;
  nearbyMax: number;
  /** A dealership was chosen (its button, or its name among the suggestions). */
  onChoose: (location: Location) => void;
  /** A place was chosen (or cleared): the page can filter by distance from it. */
  onPlace?: (place: ChosenPlace | null) => void;
}

/**
 * The dealership finder of spec §2: one search box offering dealership names and Australian
 * place suggestions (suburbs and postcodes, after a 300 ms pause); choosing a place lists up to
 * 5 dealerships within 250 km (great-circle distance) as buttons, nearest first. A postcode the
 * geocoder does not know reads 'Invalid postcode'.
 */
export function DealerFinder({ locations, nearbyRadiusKm, nearbyMax, onChoose, onPlace }: DealerFinderProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [places, setPlaces] = useState<PlacePrediction[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const query = text.trim().toLowerCase();
  const dealerships: Suggestion[] = query ? locations.filter((l) => l.name.toLowerCase().includes(query)).slice(0, 4).map((location) => ({ kind: 'dealership', location })) : [];
  // Place suggestions of an earlier text are not shown once the box is empty.
  const suggestions: Suggestion[] = [...dealerships, ...(query ? places : []).map((p): Suggestion => ({ kind: 'place', place: p }))];

  // Words typed before the page hydrated are in the field but not in state: take them up.
  useEffect(() => {
    const afterStart = setTimeout(() => {
      const typed = inputRef.current?.value ?? '';
      if (typed) {
        setText(typed);
        setOpen(true);
      }
    }, 0);
    return () => clearTimeout(afterStart);
  }, []);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchPlaces(query, controller.signal).then(setPlaces, (e: unknown) => {
        if (!controller.signal.aborted) console.error('Error getting place suggestions', e);
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choosePlace = (chosen: ChosenPlace) => {
    setPlace(chosen);
    setError(null);
    setOpen(false);
    setText(chosen.label);
    onPlace?.(chosen);
  };
  const choose = (s: Suggestion) => {
    if (s.kind === 'dealership') {
      setOpen(false);
      setText(s.location.name);
      onChoose(s.location);
    } else {
      choosePlace({ lat: s.place.lat, lng: s.place.lng, label: s.place.description });
    }
  };
  const submit = async () => {
    const picked = suggestions[active] ?? (suggestions.length === 1 ? suggestions[0] : undefined);
    if (picked) return choose(picked);
    // The box's own text: a search sent while the page started is replayed right after the typed
    // text, before this render's state may have caught up with it.
    const typed = (inputRef.current?.value ?? text).trim();
    if (/^\d{4}$/.test(typed)) {
      const found = await geocodePostcode(typed).catch((e: unknown) => {
        console.error('Error getting geocode', e);
        return null;
      });
      if (found) return choosePlace(found);
      setPlace(null);
      onPlace?.(null);
      setError('Invalid postcode');
      return;
    }
    const first = suggestions[0];
    if (first) choose(first);
  };

  const found = place ? nearby(place, locations.map((l) => ({ location: l, lat: l.address.lat, lng: l.address.long })), nearbyRadiusKm, nearbyMax) : [];
  const listId = `${id}-list`;
  return (
    <div className={styles.finder}>
      <form
        role="search"
        aria-label="Find a dealership"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${id}-input`} className={styles.finderLabel}>
          Find a dealership near you
        </label>
        <div className={styles.finderRow}>
          <div className={styles.combo}>
            <input
              ref={inputRef}
              id={`${id}-input`}
              type="text"
              role="combobox"
              autoComplete="off"
              placeholder="Suburb, postcode or dealership"
              aria-autocomplete="list"
              aria-expanded={open && suggestions.length > 0}
              aria-controls={listId}
              aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setOpen(true);
                setActive(-1);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  setOpen(true);
                  setActive((i) => Math.min(suggestions.length - 1, i + 1));
                } else if (event.key === 'ArrowUp') {
                  event.preventDefault();
                  setActive((i) => Math.max(-1, i - 1));
                } else if (event.key === 'Escape') {
                  setOpen(false);
                }
              }}
              onBlur={() => setTimeout(() => setOpen(false), 150)}
            />
            <div id={listId} role="listbox" aria-label="Suggestions" className={styles.suggestions} hidden={!open || suggestions.length === 0}>
              {suggestions.map((s, i) => (
                // Options are chosen with the pointer here and with arrows + Enter on the input.
                // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={s.kind === 'dealership' ? `d-${s.location.slug}` : `p-${s.place.description}`}
                  id={`${id}-opt-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={styles.suggestion}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(s)}
                >
                  {s.kind === 'dealership' ? (
                    <>
                      <strong>{s.location.name}</strong> <span className={styles.suggestionKind}>Dealership</span>
                    </>
                  ) : (
                    <>
                      {s.place.description} <span className={styles.suggestionKind}>Place</span>
                    </>
                  )}
                </div>
              ))}
            </div>
          </div>
          <button type="submit" className="btn btn--primary">
            Search
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className={styles.finderError} role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {place ? (
        <section aria-labelledby={`${id}-near`} className={styles.nearby}>
          <h2 id={`${id}-near`} className={styles.nearbyTitle}>
            Dealerships near {place.label}
          </h2>
          {found.length === 0 ? (
            <p>No dealerships within {formatNumber(nearbyRadiusKm)} km of {place.label}.</p>
          ) : (
            <ul className={styles.nearbyList}>
              {found.map((f) => (
                <li key={f.location.slug}>
                  <button type="button" className="btn btn--outline" onClick={() => onChoose(f.location)} data-distance-km={f.distanceKm.toFixed(3)}>
                    {f.location.name} <span className={styles.distance}>{formatDistanceKm(f.distanceKm)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
