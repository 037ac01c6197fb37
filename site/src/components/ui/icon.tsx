/*
 * The site's small line and solid icons (24 × 24 grid, currentColor), decorative: the text
 * beside each says what it means, so they are hidden from assistive technology.
 */
const ICONS = {
  pin: { fill: true, d: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z' },
  phone: {
    fill: true,
    d: 'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z',
  },
  gauge: { fill: false, d: 'M4 17a8 8 0 1 1 16 0M12 17l4-5' },
  gear: { fill: false, d: 'M6 4v16M12 4v16M18 4v8H6' },
  body: { fill: false, d: 'M3 15v-3l2-4h10l4 4h2v3H3Zm3 0a2 2 0 1 0 4 0m4 0a2 2 0 1 0 4 0' },
  eye: { fill: false, d: 'M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z' },
  // Outline; a pressed favourite control fills it (path { fill: currentColor } in its CSS).
  heart: { fill: false, d: 'M12 20s-7.5-4.6-9.2-9.3C1.7 7.6 3.6 4.5 6.9 4.5c2.1 0 3.9 1.2 5.1 3 1.2-1.8 3-3 5.1-3 3.3 0 5.2 3.1 4.1 6.2C19.5 15.4 12 20 12 20Z' },
  printer: { fill: false, d: 'M7 9V3h10v6M7 17H4v-7a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v7h-3M7 14h10v7H7v-7Z' },
} as const;

export type IconName = keyof typeof ICONS;

/** A decorative icon, `size` pixels square. */
export function Icon({ name, size }: { name: IconName; size: number }) {
  const icon = ICONS[name];
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {icon.fill ? <path fill="currentColor" d={icon.d} /> : <path fill="none" stroke="currentColor" strokeWidth="2" d={icon.d} />}
    </svg>
  );
}
