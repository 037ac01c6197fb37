import type { ReactElement, ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import styles from './tooltip.module.css';


/**
 * Short hint on hover and keyboard focus. The child must be focusable and already have an
 * accessible name; the tooltip adds a description, never the only label.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  // Each tooltip carries its provider, so pages without tooltips ship no tooltip code.
  return (
    <RadixTooltip.Provider delayDuration={300}>
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className={styles.content} sideOffset={6}>
          {content}
          <RadixTooltip.Arrow className={styles.arrow} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
