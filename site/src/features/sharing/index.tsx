import { useToast } from '../../components/ui/toast.tsx';
import styles from './sharing.module.css';

/**
 * Share links (plain links to social networks, mailto and sms, spec §7) and Copy link, which
 * shows 'Copied {car name} to your clipboard' for 3 seconds (spec §4).
 */
export default function Sharing({ title, url }: { title: string; url: string }) {
  const toast = useToast();
  const text = encodeURIComponent(title);
  const encoded = encodeURIComponent(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href.split('#')[0] ?? url);
      toast({ title: `Copied ${title} to your clipboard`, durationMs: 3000 });
    } catch {
      toast({ title: 'Could not copy the link', description: url, durationMs: 3000 });
    }
  };
  return (
    <details className={styles.share}>
      <summary className={styles.summary}>Share</summary>
      <ul className={styles.list}>
        <li>
          <a href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`} target="_blank" rel="noopener noreferrer">
            Facebook<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={`https://twitter.com/intent/tweet?url=${encoded}&text=${text}`} target="_blank" rel="noopener noreferrer">
            X (Twitter)<span className="visually-hidden"> (opens in a new tab)</span>
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
        </li>
      </ul>
    </details>
  );
}
