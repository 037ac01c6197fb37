import { Slider as RadixSlider } from 'radix-ui';
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
 * Two-thumb range slider (keyboard: arrows step, Page Up/Down ten steps, Home/End the ends).
 * The thumbs cannot pass each other.
 */
export function RangeSlider({ min, max, step, value, thumbLabels, formatValue, onValueChange, onValueCommit, disabled }: RangeSliderProps) {
  return (
    <RadixSlider.Root
      className={styles.root}
      min={min}
      max={max}
      step={step}
      value={value}
      minStepsBetweenThumbs={0}
      disabled={disabled ?? false}
      onValueChange={(next) => onValueChange([next[0] ?? min, next[1] ?? max])}
      {...(onValueCommit ? { onValueCommit: (next: number[]) => onValueCommit([next[0] ?? min, next[1] ?? max]) } : {})}
    >
      <RadixSlider.Track className={styles.track}>
        <RadixSlider.Range className={styles.range} />
      </RadixSlider.Track>
      {thumbLabels.map((label, index) => (
        <RadixSlider.Thumb
          key={label}
          className={styles.thumb}
          aria-label={label}
          {...(formatValue ? { 'aria-valuetext': formatValue(value[index] ?? min) } : {})}
        />
      ))}
    </RadixSlider.Root>
  );
}
