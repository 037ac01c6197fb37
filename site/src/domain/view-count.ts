/*
 * View counts (spec §2 'optional view count' on search cards, §7 view.json on vehicle pages).
 */
import { formatNumber } from '../../../schema/number-format.ts';

/**
 * How a view count reads: thousands separated, 'view' for one.
 * @param views the car's views
 * @example viewCountText(1234) // '1,234 views'
 */
export function viewCountText(views: number): string {
  const n = Math.max(0, Math.round(views));
  return `${formatNumber(n)} ${n === 1 ? 'view' : 'views'}`;
}
