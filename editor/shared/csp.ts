/**
 * The Content-Security-Policy of the editor page, in the browser bridge and in Electron alike;
 * `frameOrigin` is the preview server's origin (the only thing the page may frame).
 */
export function editorCsp(frameOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Monaco sets inline styles on its DOM nodes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    `frame-src ${frameOrigin ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
