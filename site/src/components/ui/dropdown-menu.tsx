import type { ReactNode } from 'react';
import { DropdownMenu as RadixDropdown } from 'radix-ui';
import styles from './dropdown-menu.module.css';

export interface DropdownMenuProps {
  /** The trigger button's content; its accessible name. */
  trigger: ReactNode;
  triggerClassName?: string;
  align?: 'start' | 'center' | 'end';
  children: ReactNode;
}

/** Button that opens a menu of actions or links (arrow keys, type-ahead, Escape). */
export function DropdownMenu({ trigger, triggerClassName, align = 'start', children }: DropdownMenuProps) {
  return (
    <RadixDropdown.Root modal={false}>
      <RadixDropdown.Trigger className={triggerClassName ?? styles.trigger}>{trigger}</RadixDropdown.Trigger>
      <RadixDropdown.Portal>
        <RadixDropdown.Content className={styles.content} align={align} sideOffset={6}>
          {children}
        </RadixDropdown.Content>
      </RadixDropdown.Portal>
    </RadixDropdown.Root>
  );
}

/** A menu entry; pass an anchor (e.g. AppLink) as the child for a link entry. */
export function DropdownMenuItem({ children, onSelect }: { children: ReactNode; onSelect?: () => void }) {
  return (
    <RadixDropdown.Item className={styles.item} asChild={typeof children !== 'string'} {...(onSelect ? { onSelect } : {})}>
      {children}
    </RadixDropdown.Item>
  );
}

/** A labelled group of entries. */
export function DropdownMenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RadixDropdown.Group>
      <RadixDropdown.Label className={styles.label}>{label}</RadixDropdown.Label>
      {children}
    </RadixDropdown.Group>
  );
}
