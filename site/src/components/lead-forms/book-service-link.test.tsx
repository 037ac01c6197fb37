import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { BookServiceLink } from './book-service-link.tsx';

afterEach(cleanup);

test("the dealer's external booking page opens in a new tab (spec §2)", () => {
  render(<BookServiceLink url="https://booking.example.com.au/dealer/123" />);
  const link = screen.getByRole('link', { name: /^Book a Service online/ });
  expect(link.getAttribute('href')).toBe('https://booking.example.com.au/dealer/123');
  expect(link.getAttribute('target')).toBe('_blank');
});

test("without a booking URL it says 'no xtime url found' (spec §8) and links nowhere", () => {
  render(<BookServiceLink url={null} />);
  expect(screen.getByRole('note').textContent).toBe('no xtime url found');
  expect(screen.queryByRole('link')).toBeNull();
});
