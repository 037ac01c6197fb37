import { useEffect } from 'react';
import { useTenant } from './tenant-context.tsx';

/** Sets the document title to '<page> | <site name>' (or the site name alone for the home page). */
export function useDocumentTitle(pageTitle: string | null): void {
  const { name } = useTenant();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${name}` : name;
  }, [pageTitle, name]);
}
