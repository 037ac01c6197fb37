import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/feature-component.tsx';
import { spinFrameAfterDrag, viewerTabs, type HotspotInput } from '../../domain/spin.ts';
import { DialogOnDemand } from '../../components/ui/lazy-dialog.tsx';
import { afterPageStart } from '../../lib/after-page-start.ts';
import styles from './spin-viewer.module.css';

const HotspotLayer = lazyPart(() => import('./hotspots.tsx'));

type View = 'spin' | 'walkaround' | 'gallery' | 'interior';

const TAB_LABELS: Record<View, string> = { spin: 'Spin', walkaround: 'Walkaround', gallery: 'Gallery', interior: 'Interior' };

export interface SpinViewerProps {
  title: string;
  /** Spin frame addresses, in order. */
  frames: string[];
  interiorImage: string | null;
  walkaroundVideo: string | null;
  /** The photo gallery (the Gallery view). */
  gallery: ReactNode;
  defaultView: View;
  autoRotate: boolean;
  intervalMs: number;
  /** The car's hotspots: exterior ones on the spin frames, interior ones on the interior view. */
  hotspots: { exterior: HotspotInput[]; interior: HotspotInput[] } | null;
}

/**
 * The viewer tabs of spec §2/§4: Spin, Walkaround, Gallery and Interior (only those the car
 * has), each with a Fullscreen view; the spinner opens first unless the tenant says otherwise.
 */
export default function SpinViewer(props: SpinViewerProps) {
  const tabs = viewerTabs({ spinFrames: props.frames.length, walkarounds: props.walkaroundVideo ? 1 : 0, interior: props.interiorImage !== null });
  const [view, setView] = useState<View>(tabs.includes(props.defaultView) ? props.defaultView : 'gallery');
  if (tabs.length === 1) return <>{props.gallery}</>;
  return (
    <div className={styles.viewer}>
      <div className={styles.tabs} role="group" aria-label="Views">
        {tabs.map((tab) => (
          <button key={tab} type="button" className={styles.tab} aria-pressed={view === tab} onClick={() => setView(tab)}>
            {TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      {view === 'gallery' ? null : (
        // The Gallery has its own Fullscreen; the other views open theirs here (spec §2 viewer tabs with Fullscreen).
        <div className={styles.viewStage}>
          <ViewContent view={view} {...props} />
          <DialogOnDemand
            title={`${props.title}: ${TAB_LABELS[view]}`}
            hideTitle
            variant="fullscreen"
            closeLabel="Close fullscreen"
            trigger={
              <button type="button" className={styles.fullscreenButton}>
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M1 6V1h5M10 1h5v5M15 10v5h-5M6 15H1v-5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
                Fullscreen{' '}
                <span className="visually-hidden">{TAB_LABELS[view]}</span>
              </button>
            }
          >
            <div className={styles.fullStage} data-testid="viewer-fullscreen">
              <ViewContent view={view} {...props} />
            </div>
          </DialogOnDemand>
        </div>
      )}
      {/* Without JavaScript only the photos work: they are in the page for that case alone (the
          browser neither builds nor downloads a noscript's content when scripts run). */}
      {view === 'gallery' ? props.gallery : <noscript>{props.gallery}</noscript>}
    </div>
  );
}

/** One of the Spin, Walkaround and Interior views, in the page or fullscreen. */
function ViewContent({ view, ...props }: SpinViewerProps & { view: Exclude<View, 'gallery'> }) {
  if (view === 'spin') {
    return (
      <Spin
        title={props.title}
        frames={props.frames}
        autoRotate={props.autoRotate}
        intervalMs={props.intervalMs}
        hotspots={props.hotspots?.exterior ?? []}
      />
    );
  }
  if (view === 'walkaround') {
    return props.walkaroundVideo ? <video className={styles.stage} src={props.walkaroundVideo} loop muted playsInline controls aria-label={`${props.title} walkaround video`} /> : null;
  }
  return props.interiorImage ? (
    <div className={styles.stageWrap}>
      <img className={styles.stage} src={props.interiorImage} alt={`${props.title} interior`} width={1200} height={600} />
      {props.hotspots?.interior.length ? (
        <Suspense fallback={null}>
          <HotspotLayer hotspots={props.hotspots.interior} at={null} label="Interior features" />
        </Suspense>
      ) : null}
    </div>
  ) : null;
}

/**
 * The spinner (spec §4, §9): every frame loads first behind a loading animation; then a 'Swipe to
 * spin' hint until the first drag; 20 px of drag per frame; auto-rotation every 100 ms (when on)
 * stops at the first drag. Arrow keys turn it too.
 *
 * The frames start loading once the page has started (lib/after-page-start.ts: the first frame is the
 * page's photo, and the rest wait until the page no longer needs the connection and the main
 * thread), or at once when the shopper points at, touches, presses or focuses the spinner. Their
 * loading (load-frames.ts) loads with them.
 */
function Spin({ title, frames, autoRotate, intervalMs, hotspots }: { title: string; frames: string[]; autoRotate: boolean; intervalMs: number; hotspots: HotspotInput[] }) {
  const [loaded, setLoaded] = useState(0);
  const [frame, setFrame] = useState(0);
  const [dragged, setDragged] = useState(false);
  const [wanted, setWanted] = useState(false);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const ready = loaded >= frames.length;

  useEffect(() => {
    let alive = true;
    void afterPageStart().then(() => {
      if (alive) setWanted(true);
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!wanted) return undefined;
    let stop: (() => void) | undefined;
    let alive = true;
    void import('./load-frames.ts').then(({ loadFrames }) => {
      if (alive) stop = loadFrames(frames, setLoaded);
    });
    return () => {
      alive = false;
      stop?.();
    };
  }, [wanted, frames]);

  useEffect(() => {
    if (!ready || !autoRotate || dragged) return undefined;
    const timer = setInterval(() => setFrame((current) => (current + 1) % frames.length), intervalMs);
    return () => clearInterval(timer);
  }, [ready, autoRotate, dragged, frames.length, intervalMs]);

  const want = () => setWanted(true);

  return (
    <div className={styles.stageWrap}>
      <div
        className={styles.spin}
        data-testid="spin-viewer"
        data-ready={ready}
        data-frame={frame}
        role="slider"
        tabIndex={0}
        aria-label={`${title}: 360° view. Drag or use the arrow keys to turn.`}
        aria-valuemin={1}
        aria-valuemax={frames.length}
        aria-valuenow={frame + 1}
        aria-valuetext={`Angle ${frame + 1} of ${frames.length}`}
        onPointerEnter={want}
        onTouchStart={want}
        onFocus={want}
        onKeyDown={(event) => {
          want();
          if (!ready || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
          event.preventDefault();
          setDragged(true);
          setFrame((current) => (current + (event.key === 'ArrowRight' ? 1 : -1) + frames.length) % frames.length);
        }}
        onPointerDown={(event) => {
          want();
          if (!ready) return;
          // A drag starts here: auto-rotation stops so the frame under the pointer stays put.
          setDragged(true);
          drag.current = { x: event.clientX, frame };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (!start) return;
          const dx = event.clientX - start.x;
          setFrame(spinFrameAfterDrag(start.frame, dx, frames.length));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        {/* The first frame is the page's largest paint when the viewer opens on the spin: fetched first
            (the server's preload of it says so too), and the app starts once it has painted (lib/after-first-paint.ts). */}
        <img className={styles.frame} src={frames[frame]} alt="" width={600} height={400} draggable={false} fetchPriority="high" />
        {!ready ? (
          <div className={styles.loading} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            Loading 360° view… {Math.round((loaded / Math.max(1, frames.length)) * 100)}%
          </div>
        ) : !dragged ? (
          <p className={styles.hint} data-testid="spin-hint">
            Swipe to spin
          </p>
        ) : null}
      </div>
      {/* Beside the slider, not in it: a slider's content is not interactive (axe nested-interactive). Opening one stops the turning. */}
      {ready && hotspots.length > 0 ? (
        <Suspense fallback={null}>
          <HotspotLayer hotspots={hotspots} at={{ frame, frameCount: frames.length }} label="Features at this angle" onOpen={() => setDragged(true)} />
        </Suspense>
      ) : null}
    </div>
  );
}
