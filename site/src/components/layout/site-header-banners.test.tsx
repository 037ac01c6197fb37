import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';

// A bundle with both switches on (spec §2 emergency banner and announcement bar).
vi.hoisted(() => {
  Object.assign(globalThis, { __FEATURE_GROUP_SITE_LINKS__: false, __FEATURE_EMERGENCY_BANNER__: true, __FEATURE_ANNOUNCEMENT_BAR__: true });
});

import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { SiteHeader } from './site-header.tsx';

afterEach(cleanup);

describe('SiteHeader — emergency banner and announcement bar', () => {
  it('shows the configured emergency banner above the header and the announcement below it', async () => {
    const tenant = tenantFixture({
      features: { emergencyBanner: true, announcementBar: true },
      content: { emergencyBanner: 'Our Newstead yard is closed today after storm damage.', announcement: 'Workshop open Saturdays through summer.' },
    });
    renderWithApp(<SiteHeader />, { tenant });
    const banner = await screen.findByRole('banner');
    const note = screen.getByRole('note');
    expect(note.textContent).toBe('Our Newstead yard is closed today after storm damage.');
    expect(banner.firstElementChild).toBe(note);
    expect(banner.lastElementChild?.textContent).toBe('Workshop open Saturdays through summer.');
  });

  it('shows neither where the tenant has no text for them', async () => {
    renderWithApp(<SiteHeader />, { tenant: tenantFixture({ features: { emergencyBanner: true, announcementBar: true } }) });
    const banner = await screen.findByRole('banner');
    expect(screen.queryByRole('note')).toBeNull();
    expect(banner.textContent).not.toContain('Workshop');
  });
});
