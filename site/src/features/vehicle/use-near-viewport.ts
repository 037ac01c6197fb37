import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` px of the viewport (spec §9: 500 for similar
 * cars). False on the server and in the hydrating render, so what depends on it renders after
 * hydration and never mismatches.
 */
export function useNearViewport(margin: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || near) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin}px 0px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, [margin, near]);
  return { ref, near };
}
