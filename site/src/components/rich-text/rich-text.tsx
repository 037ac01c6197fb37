import { createElement, type ReactNode } from 'react';
import type { RichText as RichTextNodes, RichTextNode } from '../../../../schema/api/rich-text.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { AppLink } from '../app-link/app-link.tsx';

/*
 * Renders a sanitised dealer HTML tree (article bodies, offer terms) as React elements: text
 * is escaped by React and only the allowlisted tags of RichTextSchema exist, so no page needs
 * dangerouslySetInnerHTML. The server already refused unsafe links; this is the site's own
 * guard for the house rule "every link leads to a real page of the tenant, or is not rendered":
 * an internal link to a page the tenant lacks keeps its text without the link.
 */

function renderNode(node: RichTextNode, key: number, leadsToPage: (href: string) => boolean): ReactNode {
  if ('text' in node) return node.text;
  if (node.tag === 'br') return <br key={key} />;
  const children = node.children.map((child, i) => renderNode(child, i, leadsToPage));
  if (node.tag === 'a') {
    const href = node.attrs?.href ?? '';
    if (href && node.attrs?.external) {
      return (
        <a key={key} href={href} rel="noopener noreferrer" target="_blank">
          {children}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      );
    }
    if (!href.startsWith('/') || !leadsToPage(href)) return <span key={key}>{children}</span>;
    return (
      <AppLink key={key} href={href}>
        {children}
      </AppLink>
    );
  }
  return createElement(node.tag, { key }, children);
}

export interface RichTextProps {
  nodes: RichTextNodes;
  className?: string;
}

/** A dealer's sanitised article or terms body. */
export function RichText({ nodes, className }: RichTextProps) {
  const leadsToPage = useLeadsToPage();
  return <div className={className}>{nodes.map((node, i) => renderNode(node, i, leadsToPage))}</div>;
}
