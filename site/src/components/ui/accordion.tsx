import type { ReactNode } from 'react';
import { Accordion as RadixAccordion } from 'radix-ui';
import styles from './accordion.module.css';

export interface AccordionProps {
  /** `multiple` lets several sections stay open at once. */
  type?: 'single' | 'multiple';
  defaultOpen?: string[];
  className?: string;
  children: ReactNode;
}

/** Stack of expandable sections; each header is a button with aria-expanded. */
export function Accordion({ type = 'single', defaultOpen = [], className, children }: AccordionProps) {
  const cls = [styles.root, className].filter(Boolean).join(' ');
  return type === 'single' ? (
    <RadixAccordion.Root type="single" collapsible className={cls} {...(defaultOpen[0] ? { defaultValue: defaultOpen[0] } : {})}>
      {children}
    </RadixAccordion.Root>
  ) : (
    <RadixAccordion.Root type="multiple" className={cls} defaultValue={defaultOpen}>
      {children}
    </RadixAccordion.Root>
  );
}

export interface AccordionItemProps {
  value: string;
  title: ReactNode;
  /** Heading level wrapping the header button (keeps the page outline valid). */
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
}

/** One section of an Accordion. */
export function AccordionItem({ value, title, headingLevel = 3, children }: AccordionItemProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Item value={value} className={styles.item}>
      <RadixAccordion.Header asChild>
        <Heading className={styles.header}>
          <RadixAccordion.Trigger className={styles.trigger}>
            <span>{title}</span>
            <svg className={styles.chevron} width="14" height="14" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" />
            </svg>
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className={styles.content}>{children}</RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
