import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { leadFormRoute } from './-forms/lead-form-route.tsx';

const SpinToWin = __FEATURE_SPIN_TO_WIN__ ? featureComponent(() => import('../features/spin-to-win/index.tsx')) : null;

// The spin-to-win promotion (spec §2 /spin-to-win): signed in first where the tenant gates it (spec §6).
export const Route = createFileRoute('/spin-to-win')(
  leadFormRoute({
    Form: SpinToWin,
    enabled: __FEATURE_SPIN_TO_WIN__,
    title: (tenant) => tenant.content.spinToWin?.title ?? '',
    path: '/spin-to-win',
    gate: __FEATURE_GATED_SPIN_TO_WIN__ ? 'spin-to-win' : null,
    when: (tenant) => tenant.content.spinToWin !== undefined,
  }),
);
