import type { ReactNode } from 'react';
import styles from './lead-form-page.module.css';

/**
 * A page holding one lead form in a card. Kept apart from the form engine: route files import
 * it, and route files are in every page's first download.
 */
export function LeadFormPage({ children }: { children: ReactNode }) {
  return (
    <div className="container section">
      <div className={`card ${styles.card}`}>{children}</div>
    </div>
  );
}
