import styles from './spinner.module.css';

/** The small turning ring a busy button shows beside its label (decorative: the label says what is happening). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
