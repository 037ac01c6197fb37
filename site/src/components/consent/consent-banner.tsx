import { useEffect, useId, useRef } from 'react';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './consent-banner.module.css';
import { companiesText, type ConsentChoice } from '../../domain/consent.ts';

/**
 * The cookie banner: what the site would like to measure, who with, that it happens only if the
 * shopper agrees, and how to change the choice (Australian Privacy Principles 1, 5 and 8 in
 * plain English). Accept and Decline weigh the same. A region at the page's bottom edge, not a
 * dialog: the page stays usable behind it and nothing traps the keyboard. It moves focus only
 * when the shopper opened it from "Cookie settings".
 */
export default function ConsentBanner({
  siteName,
  companies,
  privacyHref,
  current,
  focusOnOpen,
  onChoose,
}: {
  siteName: string;
  /** Companies whose tools the site would load ("Google", "Meta"). */
  companies: string[];
  /** The site's privacy policy, when it has one. */
  privacyHref: string | null;
  /** The choice made before, when reopened to change it. */
  current: ConsentChoice | null;
  focusOnOpen: boolean;
  onChoose: (choice: ConsentChoice) => void;
}) {
  const headingId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-cookies`;
  const region = useRef<HTMLElement>(null);
  const who = companiesText(companies);

  useEffect(() => {
    if (focusOnOpen) region.current?.focus({ preventScroll: true });
  }, [focusOnOpen]);
  // The page's end stays readable above the banner: the body gets room for it at the bottom
  // (only the page's length changes; nothing on the page moves).
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, []);

  // data-under-modal: inert while a modal dialog is open (components/ui/modal-mark.ts).
  return (
    <section ref={region} className={styles.banner} aria-labelledby={headingId} tabIndex={-1} data-under-modal="" data-testid="consent-banner">
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h2 id={headingId} className={styles.heading}>
            Cookies and your privacy
          </h2>
          <p>
            {siteName} would like to use cookies from {who} to see how shoppers use this site and to measure our advertising. {who} may store this information
            outside Australia. Nothing is loaded unless you accept, and you can change your choice at any time under &ldquo;Cookie settings&rdquo; at the bottom
            of the page.
            {privacyHref ? (
              <>
                {' '}
                <AppLink href={privacyHref} className={styles.link}>
                  Privacy policy
                </AppLink>
              </>
            ) : null}
          </p>
          {current ? <p className={styles.current}>You have {current === 'granted' ? 'accepted' : 'declined'} these cookies.</p> : null}
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn btn--primary" onClick={() => onChoose('granted')}>
            Accept
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => onChoose('denied')}>
            Decline
          </button>
        </div>
      </div>
    </section>
  );
}
