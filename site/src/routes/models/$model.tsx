import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../../lib/route-exists.ts';
import type { Model } from '../../../../schema/api/content.ts';
import { contentHead, hasModelPages, loadModelPage, modelPageFeatures } from '../-content/content-data.ts';
import { ModelPage, RegisterInterest } from '../-content/models-load.ts';

// Spec §2: a model page /models/{model slug} (features.modelPages); unknown models are 404s.
export const Route = createFileRoute('/models/$model')({
  ...pageFor(hasModelPages),
  staticData: { available: hasModelPages, features: modelPageFeatures },
  loader: ({ context, params }) => loadModelPage(context, params.model),
  head: contentHead,
  component: function ModelRoute() {
    const { model, others } = useLoaderData({ strict: false }) as { model: Model; others: Model[] };
    if (!ModelPage) return null;
    return <ModelPage model={model} others={others} registerInterest={RegisterInterest && model.status === 'coming_soon' ? <RegisterInterest model={model} /> : null} />;
  },
});
