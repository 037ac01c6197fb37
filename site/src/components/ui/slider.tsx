import type { KeyboardEvent, PointerEvent } from 'react';
import { clampToBounds, sliderTrack, thumbPosition } from '../../domain/slider.ts';
import styles from './slider.module.css';

export interface RangeSliderProps {
  min: number;
  max: number;
  step: number;
  value: [number, number];
  /** Accessible names of the two thumbs, e.g. ['Minimum price', 'Maximum price']. */
  thumbLabels: [string, string];
  /** Text read for a thumb's value, e.g. '$25,000'. */
  formatValue?: (value: number) => string;
  onValueChange: (value: [number, number]) => void;
  onValueCommit?: (value: [number, number]) => void;
  disabled?: boolean;
}

/**
 * Two-thumb range slider made of two native range inputs over one track, so it is server-
 * rendered, works with the browser's own keyboard, pointer and screen-reader support (arrows
 * step, Page Up/Down jump, Home/End the ends) and costs no library code. The thumbs cannot
 * pass each other; the lower thumb is lifted above the upper one when both sit at the top end,
 * so it can still be dragged down.
 */
export function RangeSlider({ min, max, step, value, thumbLabels, formatValue, onValueChange, onValueCommit, disabled }: RangeSliderProps) {
  const [low, high] = value;
  const bounds = { min, max, step };
  // The thumbs stop at whole steps (domain slider.ts): the track runs from the whole step at or
  // below the range's minimum to the one at or above its maximum, and a stop past an end gives
  // that end.
  const track = sliderTrack(bounds);
  const positions = [thumbPosition(low, bounds), thumbPosition(high, bounds)] as const;
  const span = track.max - track.min;
  const percent = (position: number) => (span > 0 ? ((position - track.min) / span) * 100 : 0);
  const next = (index: 0 | 1, raw: string): [number, number] => {
    const v = clampToBounds(Number(raw), bounds);
    return index === 0 ? [Math.min(v, high), high] : [low, Math.max(v, low)];
  };
  const lowOnTop = span > 0 && positions[0] - track.min > span / 2;
  return (
    <div className={styles.root} data-disabled={disabled ? '' : undefined}>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.range} style={{ left: `${percent(positions[0])}%`, right: `${100 - percent(positions[1])}%` }} />
      </div>
      {([0, 1] as const).map((index) => (
        <input
          key={thumbLabels[index]}
          type="range"
          className={styles.thumb}
          style={index === 0 && lowOnTop ? { zIndex: 3 } : undefined}
          min={track.min}
          max={track.max}
          step={step}
          value={positions[index]}
          disabled={disabled ?? false}
          aria-label={thumbLabels[index]}
          {...(formatValue ? { 'aria-valuetext': formatValue(value[index]) } : {})}
          onChange={(event) => onValueChange(next(index, event.currentTarget.value))}
          {...(onValueCommit
            ? {
                onPointerUp: (event: PointerEvent<HTMLInputElement>) => onValueCommit(next(index, event.currentTarget.value)),
                onKeyUp: (event: KeyboardEvent<HTMLInputElement>) => onValueCommit(next(index, event.currentTarget.value)),
              }
            : {})}
        />
      ))}
    </div>
  );
}
