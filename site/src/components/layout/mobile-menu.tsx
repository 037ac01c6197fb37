import type { MenuEntry } from '../../domain/navigation.ts';
import { AppLink } from '../app-link/app-link.tsx';
import { Accordion, AccordionItem } from '../ui/accordion.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { BrandGrid } from './brand-grid.tsx';
import styles from './site-header.module.css';
import { PhoneLink } from '../phone/phone-link.tsx';

/**
 * The phone menu: a sheet dialog with the header entries as an accordion. Loaded on first use
 * (see SiteHeader), so first paint and desktop visitors do not pay for the dialog code.
 */
export default function MobileMenu({
  entries,
  phone,
  phoneDealership,
  open,
  onOpenChange,
}: {
  entries: MenuEntry[];
  phone: string | null;
  /** The dealership whose number it is (phone tracking). */
  phoneDealership?: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog
      title="Menu"
      variant="sheet"
      open={open}
      onOpenChange={onOpenChange}
      closeLabel="Close menu"
    >
      <nav aria-label="Mobile">
        <Accordion type="multiple">
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <div key={entry.label} className={styles.mobileLinkRow}>
                <AppLink href={entry.href} className={styles.mobileLink} onClick={close}>
                  {entry.label}
                </AppLink>
              </div>
            ) : (
              <AccordionItem key={entry.label} value={entry.label} title={entry.label} headingLevel={3}>
                {entry.kind === 'brands' ? (
                  <BrandGrid brands={entry.brands} directoryHref={entry.directoryHref} onNavigate={close} />
                ) : (
                  <ul className={styles.mobileSubList}>
                    {entry.links.map((link) => (
                      <li key={link.label}>
                        <AppLink href={link.href} className={styles.mobileLink} onClick={close}>
                          {link.label}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                )}
              </AccordionItem>
            ),
          )}
        </Accordion>
        {phone ? (
          <PhoneLink className={`btn btn--outline btn--block ${styles.mobilePhone}`} phone={phone} context={{ dealershipSlug: phoneDealership, placement: 'header' }}>
            Call {phone}
          </PhoneLink>
        ) : null}
      </nav>
    </Dialog>
  );
}
