import type { Model } from '../../../../schema/api/content.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { PageHeadInput } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import { modelPriceFrom } from '../../domain/model-page.ts';
import { formatMoney } from '../../../../schema/number-format.ts';

/*
 * What a model page loads (spec §2 /models/{model}): the model and the site's other models (the
 * discover-another-model block). Imported on demand by the route loader (content-data.ts).
 */

/** The model page, only in bundles of tenants with features.modelPages. */
export const ModelPage = __FEATURE_MODEL_PAGES__ ? featureComponent(() => import('../../features/model-pages/index.tsx')) : null;

/** The Register Interest form of a coming-soon model, loaded only with such a model's page. */
export const RegisterInterest = __FEATURE_MODEL_PAGES__ ? featureComponent(() => import('../../features/model-pages/register-interest.tsx')) : null;

/** A model page of the site, or null (a 404). */
export async function loadModelPage(context: RouterContext, slug: string): Promise<{ model: Model; others: Model[]; head: PageHeadInput } | null> {
  const { modelQueryOptions, modelListingQueryOptions } = await import('../../api/content/models.ts');
  const [model] = await Promise.all([context.queryClient.ensureQueryData(modelQueryOptions(slug, context.services)), ModelPage?.load()]);
  if (!model) return null;
  // Discover another model: the first page of the make's model listing, less this model.
  const [listing] = await Promise.all([
    context.queryClient.ensureQueryData(modelListingQueryOptions({ manufacturer: model.manufacturer_slug }, context.services)),
    model.status === 'coming_soon' ? RegisterInterest?.load() : null,
  ]);
  const others = listing.items.filter((m) => m.slug !== model.slug);
  const from = modelPriceFrom(model.variants);
  const head: PageHeadInput = {
    title: `${model.full_name}${model.status === 'coming_soon' ? ' (coming soon)' : ''}`,
    description: `${model.short_description}${from === null ? '' : ` From ${formatMoney(from)}.`} Specifications, colours, variants and driver-assistance systems at ${context.tenant.name}.`,
    canonicalPath: `/models/${model.slug}`,
    image: model.image.url,
  };
  return { model, others, head };
}
