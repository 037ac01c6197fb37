import { useCallback, useEffect, useState } from 'react';
import { closedSections, sectionOpen, withSectionOpen } from '../../domain/section-state.ts';
import { deviceKey, useDeviceValue } from '../../lib/device-store.ts';
import { useTenant } from '../../lib/tenant-context.tsx';

/**
 * Whether one of the vehicle page's sections is open, and a setter (spec §4). Where the tenant
 * remembers the state, the closed sections are a device value of the site (every car page and
 * tab agrees); otherwise they live for the page. The server and the first render in the browser
 * show every section open (the device is read after hydration), and a link to the section's own
 * anchor (#vehicle-map, #finance-calculator) opens it.
 */
export function useSectionOpen(id: string): [boolean, (open: boolean) => void] {
  const tenant = useTenant();
  // Read at render: the editor's preview switches features without reloading the page.
  const remembers = __FEATURE_COLLAPSIBLE_SECTIONS__ === 'remembered';
  const [stored, setStored] = useDeviceValue(deviceKey(tenant.slug, 'closed-sections'), closedSections);
  const [onPage, setOnPage] = useState<string[]>([]);
  const closed = remembers ? stored : onPage;
  const [hash, setHash] = useState('');
  useEffect(() => {
    const read = () => setHash(window.location.hash);
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const setOpen = useCallback(
    (open: boolean) => {
      // Once the shopper has chosen, the anchor the page was opened at no longer holds it open.
      setHash('');
      if (remembers) setStored((current) => withSectionOpen(current, id, open));
      else setOnPage((current) => withSectionOpen(current, id, open));
    },
    [id, remembers, setStored],
  );
  return [sectionOpen(closed, id, hash), setOpen];
}
