import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { COPY_TOAST_MS, SHARE_COPIED_MS, SHARE_COPIED_TEXT, shareWindowFeatures } from '../../domain/sharing.ts';
import styles from './sharing.module.css';

/**
 * Opens a social network's share page in the 550 by 400 share window (spec §9). When the
 * browser refuses the window (a popup blocker), the link opens as a plain new tab instead.
 */
function openShareWindow(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const features = shareWindowFeatures({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight });
  const shared = window.open(event.currentTarget.href, 'share', features);
  if (!shared) return;
  // The network's page must not reach back into this one.
  shared.opener = null;
  event.preventDefault();
}

/**
 * Share links (plain links to social networks, mailto and sms, spec §7; the networks' pages open
 * in the share window) and Copy link, which says 'Share Copied' beside the button for 1.5 s and
 * shows 'Copied {car name} to your clipboard' for 3 seconds (spec §4, §9).
 */
export default function Sharing({ title, url }: { title: string; url: string }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const text = encodeURIComponent(title);
  const encoded = encodeURIComponent(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href.split('#')[0] ?? url);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        setCopied(false);
      }, SHARE_COPIED_MS);
      toast({ title: `Copied ${title} to your clipboard`, durationMs: COPY_TOAST_MS });
    } catch {
      toast({ title: 'Could not copy the link', description: url, durationMs: COPY_TOAST_MS });
    }
  };
  return (
    <details className={styles.share}>
      <summary className={styles.summary}>Share</summary>
      <ul className={styles.list}>
        <li>
          <a href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`} target="_blank" rel="noopener noreferrer" onClick={openShareWindow}>
            Facebook<span className="visually-hidden"> (opens in a new window)</span>
          </a>
        </li>
        <li>
          <a href={`https://twitter.com/intent/tweet?url=${encoded}&text=${text}`} target="_blank" rel="noopener noreferrer" onClick={openShareWindow}>
            X (Twitter)<span className="visually-hidden"> (opens in a new window)</span>
          </a>
        </li>
        <li>
          <a href={`mailto:?subject=${text}&body=${encoded}`}>Email</a>
        </li>
        <li>
          <a href={`sms:?&body=${text}%20${encoded}`}>SMS</a>
        </li>
        <li>
          <button type="button" onClick={() => void copy()}>
            Copy link
          </button>
          <span role="status" className={styles.copied}>
            {copied ? SHARE_COPIED_TEXT : ''}
          </span>
        </li>
      </ul>
    </details>
  );
}
