import type { CarTag as CarTagData } from '../../domain/car-tags.ts';
import styles from './car-tag.module.css';

/** A car's tag (Sold, Reserved, Just Arrived, …) coloured by its kind; `className` places it. */
export function CarTag({ tag, className, as: Element = 'span' }: { tag: CarTagData; className?: string; as?: 'span' | 'p' }) {
  return <Element className={[styles.tag, styles[tag.kind], className].filter(Boolean).join(' ')}>{tag.text}</Element>;
}
