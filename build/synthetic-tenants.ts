import type { TenantFileInput } from './matrix.ts';

/*
 * Synthetic tenants for the build benchmark at scale (build/bench-scale.ts): N dealers made from
 * the sample tenants, each with its own name, labels, theme colours, location names and host,
 * and its feature switches taken from a fixed number of distinct sets (a sample's switches, with
 * some of the switches dealers most often differ on turned the other way), as a dealer network
 * buys its sites in a few packages.
 */

/** Switches flipped to make variants of a sample's set (each variant flips a different subset). */
const VARIED_SWITCHES = ['compare', 'print', 'fuelCalculator', 'financeCalculator', 'testDrive', 'partsOrder'] as const;
/** Primary colours with white text that passes AA, cycled through the tenants. */
const PRIMARIES = ['#1d4ed8', '#b91c1c', '#15803d', '#7e22ce', '#0f766e', '#9a3412', '#374151', '#be185d'];

/**
 * `count` tenant files from the samples, with at most `featureSets` distinct sets of switches.
 * @param samples the sample tenant files (tenants/*.json)
 * @param count how many tenants
 * @param featureSets how many distinct feature sets among them (at least one per sample used)
 */
export function syntheticTenants(samples: readonly TenantFileInput[], count: number, featureSets: number): TenantFileInput[] {
  const parsed = samples.map((s) => JSON.parse(s.text) as Record<string, unknown>);
  if (parsed.length === 0) throw new Error('no sample tenants to make synthetic tenants from');
  const variantsPerSample = Math.max(1, Math.ceil(featureSets / parsed.length));
  const out: TenantFileInput[] = [];
  for (let i = 0; i < count; i++) {
    const sampleIndex = i % parsed.length;
    const sample = parsed[sampleIndex]!;
    const setIndex = Math.floor(i / parsed.length) % variantsPerSample;
    // Never more distinct sets than asked for.
    const variant = sampleIndex + setIndex * parsed.length < featureSets ? setIndex : 0;
    const doc = structuredClone(sample);
    const slug = `bench-${String(i).padStart(4, '0')}-${String(sample.slug)}`.slice(0, 60).replace(/-+$/, '');
    doc.slug = slug;
    doc.name = `${String(sample.name)} ${i + 1}`;
    doc.siteUrl = `https://${slug}.example.com.au`;
    const features = { ...(doc.features as Record<string, unknown>) };
    VARIED_SWITCHES.forEach((key, bit) => {
      if (variant & (1 << bit)) features[key] = !(features[key] ?? true);
    });
    doc.features = features;
    doc.labels = { ...(doc.labels as Record<string, unknown>), newArrival: `Just in at ${String(doc.name)}` };
    const theme = doc.theme as { colours: Record<string, string> };
    theme.colours = { ...theme.colours, primary: PRIMARIES[i % PRIMARIES.length]!, primaryContrast: '#ffffff' };
    const dealer = doc.dealer as { locations: Array<{ name: string }> };
    dealer.locations = dealer.locations.map((location) => ({ ...location, name: `${location.name} ${i + 1}` }));
    out.push({ file: `${slug}.json`, text: `${JSON.stringify(doc, null, 2)}\n` });
  }
  return out;
}
