import { createElement } from 'react';

export function GarageLink() {
  return createElement('a', { href: '/my-garage' }, 'FIXTURE_GARAGE_LINK My Garage');
}
