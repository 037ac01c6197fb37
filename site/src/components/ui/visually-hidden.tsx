import type { ReactNode } from 'react';
import { VisuallyHidden as RadixVisuallyHidden } from 'radix-ui';

/** Text for assistive technology only (screen readers), hidden visually. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <RadixVisuallyHidden.Root>{children}</RadixVisuallyHidden.Root>;
}
