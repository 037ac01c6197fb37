import { shopperWordsOfBody } from '../../domain/form-failure.ts';

/*
 * The car PDF download (spec §7 car PDF blob by slug, §4 'Preparing...' while downloading): the
 * blob is fetched, handed to the browser as a file download, and its object URL let go.
 */

/** What the shopper reads when the platform cannot make the sheet and said nothing for them. */
const PDF_NOT_PREPARED = 'The PDF could not be prepared. Please try again.';

/**
 * Downloads the platform's PDF sheet of a car as `{slug}.pdf`; rejects with a message a shopper
 * can read when the platform cannot make it.
 * @param slug the car's slug
 */
export async function downloadCarPdf(slug: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/cars/${encodeURIComponent(slug)}/pdf`, { credentials: 'same-origin' });
  } catch {
    throw new Error('The PDF could not be downloaded. Please check your connection and try again.');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    // The words a refusal wrote for the shopper (too many downloads), never its summary for programs.
    throw new Error(shopperWordsOfBody(body) || PDF_NOT_PREPARED);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${slug}.pdf`;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; a later tick is soon enough to let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
