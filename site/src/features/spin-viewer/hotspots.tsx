import { useId, useState } from 'react';
import { spinHotspots, stillHotspots, type HotspotInput } from '../../domain/spin.ts';
import styles from './spin-viewer.module.css';

/*
 * The hotspots' layer, loaded when a view first shows hotspots (the spin once its frames are in, or
 * the interior view): not part of what the car page loads before it hydrates.
 */

/**
 * Hotspots over a view (spec §2): a marker per feature at its place on the picture (on a spin
 * frame, those of its angle: `at`); activating one shows its description beside it (one at a
 * time; Escape closes).
 */
export default function HotspotLayer({ hotspots, at, label, onOpen }: { hotspots: HotspotInput[]; at: { frame: number; frameCount: number } | null; label: string; onOpen?: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const id = useId();
  const spots = at ? spinHotspots(hotspots, at.frame, at.frameCount) : stillHotspots(hotspots);
  if (spots.length === 0) return null;
  return (
    <ul className={styles.hotspots} aria-label={label} data-testid="hotspots">
      {spots.map((spot) => {
        const shown = open === spot.id;
        return (
          <li key={spot.id} className={styles.hotspot} style={{ left: `${spot.x}%`, top: `${spot.y}%` }} data-hotspot={spot.id}>
            <button
              type="button"
              className={styles.hotspotButton}
              aria-expanded={shown}
              aria-controls={`${id}-${spot.id}`}
              onClick={() => {
                setOpen(shown ? null : spot.id);
                if (!shown) onOpen?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && shown) setOpen(null);
              }}
            >
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">{spot.description}</span>
            </button>
            <span id={`${id}-${spot.id}`} className={spot.x > 60 ? styles.hotspotNoteLeft : styles.hotspotNote} hidden={!shown}>
              {spot.description}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
