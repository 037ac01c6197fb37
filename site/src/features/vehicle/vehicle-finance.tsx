import { useState } from 'react';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { FINANCE_DISCLAIMER_ANCHOR, type FinanceBanner as Banner } from '../../domain/finance-banner.ts';
import { rateText } from '../../domain/finance.ts';
import { truncateText } from '../../domain/text-truncation.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import styles from './vehicle.module.css';

/**
 * The finance banner (spec §2; domain/finance-banner.ts): the estimate per week and month at the
 * sample rate, 'Get Finance' and 'Pre-Approved', and the asterisk that leads to the disclaimer.
 * Links whose page the tenant does not have are left out by the caller.
 */
export function FinanceBanner({ banner, termYears, depositPercent, balloonPercent }: { banner: Banner; termYears: number; depositPercent: number; balloonPercent: number }) {
  return (
    <section className={styles.financeBanner} aria-labelledby="finance-banner-title" data-testid="finance-banner">
      <div>
        <h2 id="finance-banner-title" className={styles.financeBannerTitle}>
          Drive it away from <span data-testid="finance-banner-weekly">{formatMoney(banner.weekly)}</span> per week
          <a href={`#${FINANCE_DISCLAIMER_ANCHOR}`} className={styles.financeBannerStar}>
            *<span className="visually-hidden"> See the finance disclaimer</span>
          </a>
        </h2>
        <p className={styles.financeBannerText}>
          {formatMoney(banner.monthly)} per month at {rateText(banner.advertisedRate)}% p.a. (comparison rate {rateText(banner.comparisonRate)}% p.a.) over {termYears} years with a{' '}
          {depositPercent}% deposit and a {balloonPercent}% final payment. Estimate only.
        </p>
      </div>
      {banner.links.length > 0 ? (
        <div className={styles.financeBannerLinks}>
          {banner.links.map((link, index) => (
            <AppLink key={link.label} href={link.href} className={index === 0 ? styles.financeBannerPrimary : styles.financeBannerSecondary}>
              {link.label}
            </AppLink>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The finance disclaimer (#financeDisclaimer, spec §2 anchors): the tenant's disclaimer and the
 * car's own (domain/finance-disclaimer.ts), a paragraph each, cut at limits.termsPreviewLength
 * (197) with Show More/Less (spec §4), and the
 * comparison-rate example sentence where a comparison rate is shown.
 */
export function FinanceDisclaimer({ text, previewLength, comparisonExample }: { text: string; previewLength: number; comparisonExample: string | null }) {
  const [open, setOpen] = useState(false);
  const preview = truncateText(text, previewLength);
  return (
    <section id={FINANCE_DISCLAIMER_ANCHOR} className={styles.financeDisclaimer} aria-labelledby="finance-disclaimer-title" data-testid="finance-disclaimer">
      <h2 id="finance-disclaimer-title" className={styles.financeDisclaimerTitle}>
        Finance disclaimer
      </h2>
      <div id="finance-disclaimer-text">
        {(open ? text : preview.preview).split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {preview.truncated ? (
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="finance-disclaimer-text" onClick={() => setOpen(!open)}>
          {open ? 'Show Less' : 'Show More'}
        </button>
      ) : null}
      {comparisonExample ? <p>{comparisonExample}</p> : null}
    </section>
  );
}
