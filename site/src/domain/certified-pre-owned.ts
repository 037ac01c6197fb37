/*
 * The brand-certified pre-owned modal of the vehicle page (spec §2: "a brand-certified
 * pre-owned modal on some sites", features.certifiedPreOwnedModal; spec §4 tag priority has a
 * certified-used logo). On a certified used car, a button opens the programme: its title, what a
 * certified car comes with (content.whatsIncluded) and the certified warranty's terms
 * (content.pages.warranty), with a link to the warranty page where the tenant has it.
 */

/** What the modal shows. */
export interface CertifiedPreOwned {
  title: string;
  benefits: string[];
  paragraphs: string[];
}

/**
 * The modal of a car, or null: only where the tenant has it on, for a certified used car, and
 * only when the tenant has certified copy to show (benefits or warranty terms).
 * @param brand the manufacturer of a single-brand site (dealer.manufacturer), else the site name
 */
export function certifiedPreOwned(
  car: { car_type: string; certified?: boolean },
  options: { enabled: boolean; brand: string; benefits: readonly string[]; warrantyParagraphs: readonly string[] },
): CertifiedPreOwned | null {
  if (!options.enabled || car.certified !== true || car.car_type !== 'used') return null;
  if (options.benefits.length === 0 && options.warrantyParagraphs.length === 0) return null;
  return { title: `${options.brand} Certified Pre-Owned`, benefits: [...options.benefits], paragraphs: [...options.warrantyParagraphs] };
}
