// oxlint-disable-next-line import/no-unassigned-import -- the global stylesheet is loaded for its effect
import './styles/global.css';
import { afterLargestPaint, importInSteps } from './lib/after-first-paint.ts';

/*
 * The browser entry: tiny on purpose. The page arrives rendered and styled; the app starts once
 * its largest content has painted (lib/after-first-paint.ts) and hydrates it (app/start.tsx).
 * React and the app evaluate in separate tasks, so none of them blocks the page for long; code that
 * does not arrive (a lost connection) is asked for again until it does.
 */
afterLargestPaint(() => {
  void importInSteps([() => import('react-dom/client'), () => import('./app/start.tsx')]);
});
