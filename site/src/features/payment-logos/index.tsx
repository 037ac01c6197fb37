import styles from './payment-logos.module.css';

// Drawn inline (no image downloads, fixed 56×36 boxes so nothing shifts).
const METHODS = [
  { name: 'Visa', mark: <text x="28" y="23" textAnchor="middle" fontSize="13" fontWeight="800" fontStyle="italic" fill="#1a1f71">VISA</text> },
  {
    name: 'Mastercard',
    mark: (
      <>
        <circle cx="23" cy="18" r="9" fill="#eb001b" />
        <circle cx="33" cy="18" r="9" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  { name: 'American Express', mark: <text x="28" y="22" textAnchor="middle" fontSize="10" fontWeight="800" fill="#006fcf">AMEX</text> },
  { name: 'EFTPOS', mark: <text x="28" y="22" textAnchor="middle" fontSize="9.5" fontWeight="800" fill="#111418">eftpos</text> },
  { name: 'Bank transfer', mark: <path d="M28 8l12 6H16l12-6zm-9 8h3v9h-3zm7.5 0h3v9h-3zm7.5 0h3v9h-3zM16 27h24v2H16z" fill="#111418" /> },
];

/** Payment-logo strip (spec §2) for the footer. Only in bundles with features.paymentLogos on. */
export default function PaymentLogos() {
  return (
    <ul className={styles.strip} aria-label="Payment methods we accept">
      {METHODS.map((method) => (
        <li key={method.name} className={styles.item}>
          <svg width="56" height="36" viewBox="0 0 56 36" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="55" height="35" rx="5" fill="#fff" stroke="#d0d4da" />
            {method.mark}
          </svg>
          <span className="visually-hidden">{method.name}</span>
        </li>
      ))}
    </ul>
  );
}
