import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';

/**
 * Keeps an emailed link's token in the page and takes it out of the address bar, so it is not
 * left in the browser's history or in a page address that analytics (after consent) reports.
 */
export function useTokenOutOfAddress(token: string | undefined): string | undefined {
  const [kept] = useState(token);
  const navigate = useNavigate();
  useEffect(() => {
    if (token) void navigate({ to: '.', search: {}, replace: true });
  }, [token, navigate]);
  return kept;
}
