import { configure } from '@testing-library/react';

/*
 * Component tests wait up to 5 s (not Testing Library's 1 s) for what they expect: much of the
 * site loads on first use through import(), and on a busy two-core machine the first load of such
 * a module can take over a second. A real failure still fails, only later; nothing is retried.
 */
configure({ asyncUtilTimeout: 5_000 });
