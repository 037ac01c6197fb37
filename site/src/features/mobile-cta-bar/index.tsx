import { useScrollPast } from '../../lib/use-scroll-past.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import type { CtaLink as Cta } from '../../domain/vehicle-offer.ts';
import styles from './mobile-cta-bar.module.css';
import { PhoneLink } from '../../components/phone/phone-link.tsx';

/**
 * The sticky bottom call-to-action bar on phones (spec §2: Reserve Car Now, Enquire Now or
 * Instant Message, Call Now); its style changes beyond `styleOffset` px of scroll (spec §9: 900).
 */
export default function MobileCtaBar({ actions, styleOffset }: { actions: Cta[]; styleOffset: number }) {
  const raised = useScrollPast(styleOffset);
  if (actions.length === 0) return null;
  return (
    <nav className={styles.mobileBar} data-raised={raised} data-testid="mobile-cta-bar" aria-label="Quick actions">
      {actions.map((action) =>
        action.phone ? (
          <PhoneLink
            key={action.label}
            className={styles.mobileAction}
            phone={action.phone.number}
            context={{ carId: action.phone.carId, dealershipId: action.phone.dealershipId, placement: 'vehicle' }}
          >
            {action.label}
          </PhoneLink>
        ) : action.internal ? (
          <AppLink key={action.label} className={styles.mobileAction} href={action.href}>
            {action.label}
          </AppLink>
        ) : (
          <a key={action.label} className={styles.mobileAction} href={action.href}>
            {action.label}
          </a>
        ),
      )}
    </nav>
  );
}
