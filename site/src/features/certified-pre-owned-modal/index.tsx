import { AppLink } from '../../components/app-link/app-link.tsx';
import { DialogOnDemand } from '../../components/ui/lazy-dialog.tsx';
import type { CertifiedPreOwned } from '../../domain/certified-pre-owned.ts';
import styles from './certified-pre-owned-modal.module.css';

/**
 * The brand-certified pre-owned modal (spec §2; features.certifiedPreOwnedModal): a button on a
 * certified used car opens the programme — what the car comes with and the certified warranty —
 * with a link to the warranty page where the tenant has one.
 */
export default function CertifiedPreOwnedModal({ programme, warrantyHref }: { programme: CertifiedPreOwned; warrantyHref: string | null }) {
  return (
    <DialogOnDemand
      title={programme.title}
      trigger={
        <button type="button" className={styles.trigger} data-testid="certified-pre-owned">
          <span className={styles.badge} aria-hidden="true">
            ✓
          </span>
          Certified Pre-Owned benefits
        </button>
      }
    >
      <div className={styles.body}>
        {programme.benefits.length > 0 ? (
          <>
            <p className={styles.lead}>Every certified car comes with:</p>
            <ul className={styles.benefits}>
              {programme.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </>
        ) : null}
        {programme.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {warrantyHref ? (
          <p>
            <AppLink href={warrantyHref}>Read about the certified warranty</AppLink>
          </p>
        ) : null}
      </div>
    </DialogOnDemand>
  );
}
