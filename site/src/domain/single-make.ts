/*
 * Single-make sites (a Kia dealer, a Harley-Davidson store) have no use for a Make facet — every
 * car is the same make — but shoppers still need to narrow by model. On those sites the model
 * list (the make_model facet) takes the make facet's place as the first, primary facet, and its
 * values drop the make ("Kia Sportage" → "Sportage").
 */

/**
 * The one make a tenant sells, or null when it sells several (or none is configured). Compares
 * case-insensitively and keeps the first spelling; `manufacturer` (a franchise site's brand)
 * counts as a make sold.
 * @param makeLists each dealership's makes (`dealer.dealerships[].makes`)
 * @param manufacturer `dealer.manufacturer`, if set
 */
export function singleMakeOf(makeLists: readonly (readonly string[])[], manufacturer?: string | null): string | null {
  const makes = new Map<string, string>();
  for (const make of [...(manufacturer ? [manufacturer] : []), ...makeLists.flat()]) {
    const trimmed = make.trim();
    if (trimmed !== '' && !makes.has(trimmed.toLowerCase())) makes.set(trimmed.toLowerCase(), trimmed);
  }
  return makes.size === 1 ? ([...makes.values()][0] as string) : null;
}

/**
 * The sidebar's facets in order. On a single-make site `make_model` comes first and `make` is
 * dropped (it would list one value); elsewhere the configured list is returned unchanged.
 * @param facets the configured facets (`search.facets`)
 * @param singleMake what singleMakeOf returned
 */
export function primaryFacets(facets: readonly string[], singleMake: string | null): string[] {
  if (singleMake === null) return [...facets];
  return ['make_model', ...facets.filter((facet) => facet !== 'make' && facet !== 'make_model')];
}

/**
 * How a make_model value is labelled: without the make on a single-make site ("Kia Sportage" →
 * "Sportage"); a trade-in of another make ("Toyota Corolla") keeps its make.
 * @param value the make_model facet value
 * @param singleMake what singleMakeOf returned
 */
export function modelFacetLabel(value: string, singleMake: string | null): string {
  if (singleMake === null) return value;
  const prefix = `${singleMake} `;
  return value.toLowerCase().startsWith(prefix.toLowerCase()) && value.length > prefix.length ? value.slice(prefix.length) : value;
}
