import { useRange, useRefinementList } from 'react-instantsearch';
import { useTenant } from '../../lib/tenant-context.tsx';
import { groupMakes, modelsOfMake, sortFacetItems, visibleFacetItems, type FacetItem } from '../../domain/facet-order.ts';
import { toSlug } from '../../domain/navigation.ts';
import { rangeRefinementError, sliderBounds, sliderRefinement, type SliderAttribute } from '../../domain/slider.ts';
import { modelFacetLabel } from '../../domain/single-make.ts';
import { CheckboxFacet, MakeFacet, RangeFacet, type MakeCardItem } from './facets.tsx';
import { FACET_TITLES, facetLabel, formatSliderValue } from './search-words.ts';

/*
 * The filter panel's facets, each wired to its InstantSearch widget (the drawing is facets.tsx).
 */

/** A refinement with no list on screen (path refinements a site does not show still apply). */
export function VirtualRefinementList({ attribute }: { attribute: string }) {
  useRefinementList({ attribute, limit: 1000 });
  return null;
}

/** A checkbox facet of one attribute. */
export function ListFacetContainer({ attribute }: { attribute: string }) {
  const tenant = useTenant();
  const { items, refine } = useRefinementList({ attribute, limit: 200 });
  const shown = sortFacetItems(
    attribute,
    visibleFacetItems(attribute, items, tenant.search.certifiedOnly).map((item) => ({ ...item, label: facetLabel(tenant, attribute, item.value) })),
  );
  return <CheckboxFacet title={FACET_TITLES[attribute] ?? attribute} items={shown} onRefine={refine} />;
}

/**
 * The model list of a single-make site: ticking a model also applies the make (so the URL is
 * /search/{make}/{model}, spec §2), unticking the last model drops it again.
 */
export function ModelFacetContainer({ singleMake }: { singleMake: string }) {
  const tenant = useTenant();
  const models = useRefinementList({ attribute: 'make_model', limit: 1000 });
  const makes = useRefinementList({ attribute: 'make', limit: 200 });
  const shown = sortFacetItems(
    'make_model',
    visibleFacetItems('make_model', models.items, tenant.search.certifiedOnly).map((item) => ({ ...item, label: modelFacetLabel(item.value, singleMake) })),
  );
  const refine = (value: string) => {
    const model = models.items.find((m) => m.value === value);
    const make = makes.items.find((m) => m.value.toLowerCase() === singleMake.toLowerCase());
    const refinedModels = models.items.filter((m) => m.isRefined).length;
    if (make && !model?.isRefined && !make.isRefined) makes.refine(make.value);
    if (make && model?.isRefined && make.isRefined && refinedModels === 1) makes.refine(make.value);
    models.refine(value);
  };
  return <CheckboxFacet title={FACET_TITLES.make_model as string} items={shown} onRefine={refine} />;
}

/** The make facet: popular makes first, each with its models. */
export function MakeFacetContainer() {
  const tenant = useTenant();
  const makes = useRefinementList({ attribute: 'make', limit: 200 });
  const models = useRefinementList({ attribute: 'make_model', limit: 1000 });
  const toCard = (item: FacetItem): MakeCardItem => ({
    ...item,
    logoUrl: `/images/brands/${toSlug(item.value)}.webp?w=160`,
    models: modelsOfMake(item.value, models.items, tenant.search.modelSubListLimit),
  });
  const { popular, all } = groupMakes(makes.items, tenant.search.popularMakesCount);
  const refineMake = (value: string) => {
    const wasRefined = makes.items.find((m) => m.value === value)?.isRefined;
    if (wasRefined) {
      // Unticking a make also drops its models, so the URL loses the model segment too.
      for (const model of models.items) if (model.isRefined && model.value.startsWith(`${value} `)) models.refine(model.value);
    }
    makes.refine(value);
  };
  const refineModel = (make: string, value: string) => {
    const model = models.items.find((m) => m.value === value);
    const makeItem = makes.items.find((m) => m.value === make);
    if (!model?.isRefined && makeItem && !makeItem.isRefined) makes.refine(make);
    models.refine(value);
  };
  return (
    <MakeFacet
      title={FACET_TITLES.make as string}
      collapsed={popular.slice(0, tenant.search.makeListCount).map(toCard)}
      popular={popular.map(toCard)}
      all={all.map(toCard)}
      onRefineMake={refineMake}
      onRefineModel={refineModel}
    />
  );
}

/** A range slider facet, its bounds from the whole stock's stats. */
export function RangeFacetContainer({ attribute, stats }: { attribute: SliderAttribute; stats: { min: number; max: number } | undefined }) {
  const tenant = useTenant();
  const bounds = sliderBounds(attribute, stats, tenant.search.sliders);
  // No min/max here: InstantSearch would apply them as a refinement. Bounds come from the
  // whole-stock stats (route loader) so the slider keeps its full range while refined.
  const { start, refine } = useRange({ attribute });
  const low = Number.isFinite(start[0]) ? (start[0] as number) : bounds.min;
  const high = Number.isFinite(start[1]) ? (start[1] as number) : bounds.max;
  return (
    <RangeFacet
      title={FACET_TITLES[attribute] ?? attribute}
      attribute={attribute}
      bounds={bounds}
      value={[low, high]}
      rounding={tenant.search.sliders.rounding}
      debounceMs={tenant.search.sliders.debounceMs}
      format={(value) => formatSliderValue(attribute, value)}
      onRefine={(next) => {
        const refinement = sliderRefinement(next, bounds);
        const problem = rangeRefinementError(refinement, bounds);
        if (problem) {
          console.warn(problem);
          return;
        }
        refine([refinement.min, refinement.max]);
      }}
    />
  );
}
