import { Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LazyDialog as Dialog, prefetchDialog } from './lazy-dialog.tsx';
import { useLazyEmbla } from './use-lazy-embla.tsx';
import styles from './gallery.module.css';

/** One slide of the gallery: an image (with its thumbnail) or other media (a video). */
export interface GallerySlide {
  key: string;
  /** Accessible name of the slide ('Photo 3', 'Video'). */
  label: string;
  /** The slide's content in the slider. */
  content: ReactNode;
  /** Larger content for the fullscreen view; defaults to `content`. */
  fullscreen?: ReactNode;
  /** Thumbnail image address; slides without one show their label in the strip. */
  thumb?: string | null;
}

export interface GalleryProps {
  /** Accessible name of the gallery, e.g. the car's title + ' photos'. */
  label: string;
  slides: GallerySlide[];
  /** Show the thumbnail strip (spec §9: only with more than 3 images). */
  thumbnails: boolean;
  /** The strip scrolls, following the photo shown (spec §9: from 5 slides upward); otherwise its thumbnails share one row. */
  thumbnailsScroll?: boolean;
  /** A data attribute the gallery's root carries (a page finds its server-rendered gallery by it). */
  mark?: `data-${string}`;
}

/**
 * The vehicle gallery (embla): a looping slider with previous/next buttons and a position
 * status, an optional thumbnail strip, and a fullscreen view that the left and right arrow keys
 * page through (spec §2). Follows the WAI-ARIA carousel pattern like `Carousel`.
 */
export function Gallery({ label, slides, thumbnails, thumbnailsScroll = false, mark }: GalleryProps) {
  const { viewportRef, api, binder } = useLazyEmbla({ loop: slides.length > 1, align: 'start' });
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => {};
      api.on('select', onChange).on('reInit', onChange);
      return () => {
        api.off('select', onChange).off('reInit', onChange);
      };
    },
    [api],
  );
  // A photo chosen before embla has started (it starts in an effect after hydration) is kept
  // and shown once it has, so an early click is never lost.
  const [pending, setPending] = useState(0);
  const selected = useSyncExternalStore(subscribe, () => api?.selectedScrollSnap() ?? pending, () => 0);
  useEffect(() => {
    if (api && pending !== 0) api.scrollTo(pending, true);
  }, [api, pending]);
  const [fullscreen, setFullscreen] = useState(false);
  // The Fullscreen button, once it has opened the dialog: the dialog is rendered from the first
  // opening on (never on the server, so hydration agrees), and focus goes back to it on closing.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [fullIndex, setFullIndex] = useState(0);
  const count = slides.length;
  const show = (index: number) => {
    const target = (index + count) % count;
    if (api) api.scrollTo(target);
    else setPending(target);
  };
  const step = useCallback((delta: number) => setFullIndex((index) => (index + delta + count) % count), [count]);

  useEffect(() => {
    if (!fullscreen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen, step]);

  const openFullscreen = (event: { currentTarget: HTMLElement }) => {
    setFullIndex(selected);
    setOpener(event.currentTarget);
    setFullscreen(true);
  };
  const onFullscreenChange = (open: boolean) => {
    setFullscreen(open);
    // Back in the page, the slider shows the photo last seen fullscreen.
    if (!open) {
      if (api) api.scrollTo(fullIndex, true);
      else setPending(fullIndex);
    }
  };
  const current = slides[fullIndex];
  // A scrolling strip keeps the photo shown in view (its own scroll only: the page stays put).
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = strip.current;
    const thumb = list?.children[selected] as HTMLElement | undefined;
    if (!thumbnailsScroll || !list || !thumb) return;
    const start = thumb.offsetLeft - list.offsetLeft;
    if (start < list.scrollLeft) list.scrollLeft = start;
    else if (start + thumb.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = start + thumb.offsetWidth - list.clientWidth;
  }, [selected, thumbnailsScroll]);

  return (
    <section className={styles.root} aria-roledescription="carousel" aria-label={label} {...(mark ? { [mark]: '' } : {})}>
      {binder}
      <div className={styles.stage}>
        <div className={styles.viewport} ref={viewportRef}>
          <div className={styles.container}>
            {slides.map((slide, index) => (
              <div
                key={slide.key}
                className={styles.slide}
                // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}: ${slide.label}`}
              >
                {slide.content}
              </div>
            ))}
          </div>
        </div>
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => show(selected - 1)} aria-label="Previous photo">
              <Chevron direction="left" />
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => show(selected + 1)} aria-label="Next photo">
              <Chevron direction="right" />
            </button>
          </>
        ) : null}
        <p className={styles.status} aria-live="polite">
          {selected + 1} / {count}
        </p>
        <button type="button" className={styles.fullscreenButton} onClick={openFullscreen} onPointerEnter={prefetchDialog} onFocus={prefetchDialog}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M1 6V1h5M10 1h5v5M15 10v5h-5M6 15H1v-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Fullscreen
        </button>
      </div>
      {thumbnails ? (
        <ul
          ref={strip}
          className={thumbnailsScroll ? styles.thumbs : styles.thumbsFit}
          aria-label="Choose a photo"
          data-scrolls={thumbnailsScroll}
        >
          {slides.map((slide, index) => (
            <li key={slide.key}>
              <button type="button" className={styles.thumb} aria-label={`Show ${slide.label}`} aria-current={index === selected ? 'true' : undefined} onClick={() => show(index)}>
                {slide.thumb ? <img src={slide.thumb} alt="" width={120} height={68} loading="lazy" decoding="async" /> : <span>{slide.label}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {opener ? (
        <Suspense fallback={null}>
          <Dialog title={label} hideTitle variant="fullscreen" open={fullscreen} onOpenChange={onFullscreenChange} closeLabel="Close fullscreen" returnFocusTo={opener}>
            {current ? (
              <div className={styles.full}>
                <div className={styles.fullMedia}>{current.fullscreen ?? current.content}</div>
                {count > 1 ? (
                  <div className={styles.fullControls}>
                    <button type="button" className={styles.arrow} onClick={() => step(-1)} aria-label="Previous photo">
                      <Chevron direction="left" />
                    </button>
                    <p className={styles.fullStatus} aria-live="polite">
                      {current.label} — {fullIndex + 1} / {count}
                    </p>
                    <button type="button" className={styles.arrow} onClick={() => step(1)} aria-label="Next photo">
                      <Chevron direction="right" />
                    </button>
                  </div>
                ) : null}
              </div>
            ) : null}
          </Dialog>
        </Suspense>
      ) : null}
    </section>
  );
}


function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="22" height="22" viewBox="0 0 20 20" aria-hidden="true">
      <path d={direction === 'left' ? 'M12.5 4l-6 6 6 6' : 'M7.5 4l6 6-6 6'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
