import { AppLink } from '../app-link/app-link.tsx';
import styles from './breadcrumbs.module.css';

/** One step of a breadcrumb trail; the last (the page itself) has no href. */
export interface Crumb {
  label: string;
  href?: string;
}

/** The page's breadcrumb trail (a labelled navigation landmark); the last step is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={styles.breadcrumbs}>
        {crumbs.map((crumb) => (
          <li key={crumb.label} aria-current={crumb.href ? undefined : 'page'}>
            {crumb.href ? <AppLink href={crumb.href}>{crumb.label}</AppLink> : crumb.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
