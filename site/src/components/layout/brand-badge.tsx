import { toSlug } from '../../domain/navigation.ts';
import styles from './brand-badge.module.css';

// Stable hue per make so each brand tile is recognisable without a remote logo file.
function hueFor(make: string): number {
  let hash = 0;
  for (const char of toSlug(make)) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/**
 * A brand mark for menus: an inline monogram (no image download, fixed size so no layout
 * shift). The make name beside it carries the accessible text, so the mark is decorative.
 */
export function BrandBadge({ make, size = 40 }: { make: string; size?: number }) {
  const letters = make
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
  return (
    <svg className={styles.badge} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill={`hsl(${hueFor(make)} 45% 30%)`} />
      <circle cx="20" cy="20" r="16" fill="none" stroke="#fff" strokeOpacity="0.5" strokeWidth="1" />
      <text x="20" y="25" textAnchor="middle" fontSize={letters.length > 1 ? 13 : 16} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {letters}
      </text>
    </svg>
  );
}
