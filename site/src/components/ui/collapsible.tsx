import { useState, type ReactNode } from 'react';
import { Collapsible as RadixCollapsible } from 'radix-ui';
import styles from './collapsible.module.css';

export interface CollapsibleProps {
  /** Trigger text while closed, e.g. 'Show More'. */
  openLabel: string;
  /** Trigger text while open, e.g. 'Show Less'. */
  closeLabel: string;
  defaultOpen?: boolean;
  /** Shown whether open or not (e.g. a truncated preview). */
  summary?: ReactNode;
  children: ReactNode;
}

/** Show More / Show Less region (spec §4 collapsible sections). */
export function Collapsible({ openLabel, closeLabel, defaultOpen = false, summary, children }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <RadixCollapsible.Root open={open} onOpenChange={setOpen} className={styles.root}>
      {summary}
      <RadixCollapsible.Content className={styles.content}>{children}</RadixCollapsible.Content>
      <RadixCollapsible.Trigger className={styles.trigger}>{open ? closeLabel : openLabel}</RadixCollapsible.Trigger>
    </RadixCollapsible.Root>
  );
}
