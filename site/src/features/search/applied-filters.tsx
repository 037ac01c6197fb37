import { memo } from 'react';
import { useCurrentRefinements } from 'react-instantsearch';
import { useRouter } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import styles from './search.module.css';
import { refinementLabel } from './search-words.ts';

/*
 * The applied filters above the results.
 */

/** The applied filters as removable chips, and Clear Filters. */
export const CurrentRefinements = memo(function CurrentRefinements() {
  const tenant = useTenant();
  const router = useRouter();
  const { items, refine } = useCurrentRefinements();
  const chips = items.flatMap((item) =>
    item.refinements.map((refinement) => {
      const label = refinementLabel(tenant, item.attribute, refinement);
      return { key: `${item.attribute}:${refinement.operator ?? ''}${String(refinement.value)}`, label, refinement };
    }),
  );
  if (chips.length === 0) return null;
  return (
    <div className={styles.chipsBar}>
      <ul className={styles.refinements} aria-label="Applied filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className={styles.refinementChip} onClick={() => refine(chip.refinement)} aria-label={`Remove filter ${chip.label}`}>
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.linkButton} onClick={() => router.history.push(tenant.routes.defaultSearchPath)}>
        Clear Filters
      </button>
    </div>
  );
});
