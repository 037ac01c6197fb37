import styles from './form-kit.module.css';

/**
 * Where a multi-step form is (spec §4 "multi-step forms advance step by step"): every step named,
 * the current one marked for assistive technology.
 */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className={styles.steps} aria-label="Steps">
      {steps.map((step, i) => (
        <li key={step} className={i === current ? styles.stepCurrent : i < current ? styles.stepDone : undefined} {...(i === current ? { 'aria-current': 'step' as const } : {})}>
          <span className={styles.stepNumber} aria-hidden="true">
            {i + 1}
          </span>
          {step}
        </li>
      ))}
    </ol>
  );
}
