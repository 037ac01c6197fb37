import { useEffect, useState, type ReactNode } from 'react';
import { MAX_TENANT_ASSET_BYTES } from '../../../../schema/tenant-assets.ts';

/** How the form reaches the workspace for uploaded images. */
export interface AssetService {
  upload(dataBase64: string): Promise<{ src: string; width: number; height: number; thumbnail: string }>;
  thumbnail(src: string): Promise<string | null>;
}

/** The site logo as the tenant file holds it. */
export interface LogoValue {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** Base64 of a file's bytes (in chunks: one call per byte would be slow, one call for all can overflow the stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The logo setting with an upload: a thumbnail of the current logo, "Upload logo" (the workspace
 * checks type, size and dimensions and stores it with the tenant), then the logo's own fields
 * (alternative text, width, height) below.
 */
export function LogoField({ pointer, value, siteName, assets, onChange, children }: { pointer: string; value: LogoValue | undefined; siteName: () => string; assets: AssetService; onChange: (value: LogoValue) => void; children: ReactNode }) {
  // Thumbnails of uploaded files are read from the workspace (kept per address); inline SVG shows as it is.
  const [loaded, setLoaded] = useState<{ src: string; thumb: string | null }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const src = value?.src;
  useEffect(() => {
    if (!src || src.startsWith('data:')) return;
    let live = true;
    assets.thumbnail(src).then(
      (thumb) => live && setLoaded({ src, thumb }),
      () => live && setLoaded({ src, thumb: null }),
    );
    return () => {
      live = false;
    };
  }, [src, assets]);
  const thumb = !src ? null : src.startsWith('data:') ? src : loaded?.src === src ? loaded.thumb : null;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (file.size > MAX_TENANT_ASSET_BYTES) {
      setError(`${file.name} is ${Math.ceil(file.size / 1024)} kB; a logo may be at most ${MAX_TENANT_ASSET_BYTES / 1024} kB (every page downloads it).`);
      return;
    }
    setBusy(true);
    try {
      const stored = await assets.upload(await fileToBase64(file));
      setLoaded({ src: stored.src, thumb: stored.thumbnail });
      onChange({ src: stored.src, alt: value?.alt || siteName(), width: stored.width, height: stored.height });
    } catch (err) {
      setError(`${file.name} was not used: ${(err instanceof Error ? err.message : String(err)).replace(/^logo: /, '')}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="logo-field" data-field={`${pointer}/upload`}>
      <div className="logo-upload">
        {thumb ? (
          <img className="logo-thumb" src={thumb} alt={`Current logo${value?.alt ? `: ${value.alt}` : ''}`} />
        ) : (
          <p className="hint">{src ? 'The logo file is missing: upload it again.' : 'No logo yet: the site shows its name as a wordmark.'}</p>
        )}
        <label className="button small">
          {busy ? 'Uploading…' : 'Upload logo'}
          <input
            type="file"
            className="visually-hidden"
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            disabled={busy}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <p className="hint">PNG, JPEG, WebP or SVG, at most {MAX_TENANT_ASSET_BYTES / 1024} kB; stored with the site’s files.</p>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}
