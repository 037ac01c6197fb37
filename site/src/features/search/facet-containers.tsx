import { useInstantSearch, useMenu, useRange, useRefinementList } from 'react-instantsearch';
import { useTenant } from '../../lib/tenant-context.tsx';
import { groupMakes, modelsOfMake, sortFacetItems, visibleFacetItems, type FacetItem } from '../../domain/facet-order.ts';
import { toSlug } from '../../domain/navigation.ts';
import { rangeRefinementError, sliderBounds, sliderRefinement, type SliderAttribute } from '../../domain/slider.ts';
import { modelFacetLabel } from '../../domain/single-make.ts';
import { toggleMake, toggleModel, type MakeModelLists } from '../../domain/make-model-refinement.ts';
import { CheckboxFacet, MakeFacet, RadioFacet, RangeFacet, type MakeCardItem } from './facets.tsx';
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
 * The price-range facet (spec §2: price range menu values sort numerically; in the URL they read
 * without currency symbols or commas). One range applies at a time.
 */
export function PriceRangeFacetContainer() {
  const { items, refine } = useMenu({ attribute: 'price_range', limit: 100 });
  const chosen = items.find((item) => item.isRefined)?.value ?? null;
  const shown = sortFacetItems('price_range', items.map((item) => ({ label: item.label, value: item.value, count: item.count, isRefined: item.isRefined })));
  // refine() of the chosen value drops it; of another value replaces it.
  const onRefine = (value: string | null) => {
    const next = value ?? chosen;
    if (next !== null) refine(next);
  };
  return <RadioFacet title={FACET_TITLES.price_range as string} name="price_range" items={shown} anyLabel="Any price" onRefine={onRefine} />;
}

/** The search state without its page number: a change of filters goes back to page one. */
function onPageOne<State extends { page?: number }>(state: State): Omit<State, 'page'> {
  const { page: _page, ...rest } = state;
  return rest;
}

/**
 * Applies a change of the make and model lists to the search state at once (one search request,
 * spec §4), back on page one. `change` reads the lists as they are when it runs.
 */
function useMakeModelRefine(): (change: (lists: MakeModelLists) => { make: string[]; make_model: string[] }) => void {
  const { setIndexUiState } = useInstantSearch();
  return (change) =>
    setIndexUiState((state) => {
      const lists = change({ make: state.refinementList?.make ?? [], make_model: state.refinementList?.make_model ?? [] });
      const refinementList = { ...state.refinementList };
      delete refinementList.make;
      delete refinementList.make_model;
      if (lists.make.length > 0) refinementList.make = lists.make;
      if (lists.make_model.length > 0) refinementList.make_model = lists.make_model;
      return { ...onPageOne(state), refinementList };
    });
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
  const refineLists = useMakeModelRefine();
  const refine = (value: string) => {
    const make = makes.items.find((m) => m.value.toLowerCase() === singleMake.toLowerCase());
    refineLists((lists) => toggleModel(lists, value, make?.value ?? null, { dropMakeWithLastModel: true }));
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
  const refineLists = useMakeModelRefine();
  // Unticking a make also drops its models, so the URL loses the model segment too.
  const refineMake = (value: string) => refineLists((lists) => toggleMake(lists, value));
  const refineModel = (make: string, value: string) => {
    const makeItem = makes.items.find((m) => m.value === make);
    refineLists((lists) => toggleModel(lists, value, makeItem ? make : null, { dropMakeWithLastModel: false }));
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

/**
 * Applies a slider's refinement to the search state, back on page one. Not `useRange`'s own
 * refine: that one refuses an end outside the range of the current results (their facet stats),
 * and the slider's range is wider — the whole stock's, or the tenant's own — so a maximum above
 * the dearest car of the ticked make, or a minimum below the cheapest of a range the tenant sets
 * wider than its stock, was dropped without a word while the thumb stayed where it was put.
 */
function useRangeRefine(attribute: SliderAttribute): (refinement: { min?: number; max?: number }) => void {
  const { setIndexUiState } = useInstantSearch();
  return (refinement) =>
    setIndexUiState((state) => {
      const range = { ...state.range };
      delete range[attribute];
      if (refinement.min !== undefined || refinement.max !== undefined) range[attribute] = `${refinement.min ?? ''}:${refinement.max ?? ''}`;
      return { ...onPageOne(state), range };
    });
}

/** A range slider facet, its bounds from the whole stock's stats. */
export function RangeFacetContainer({ attribute, stats }: { attribute: SliderAttribute; stats: { min: number; max: number } | undefined }) {
  const tenant = useTenant();
  const bounds = sliderBounds(attribute, stats, tenant.search.sliders);
  // No min/max here: InstantSearch would apply them as a refinement. Bounds come from the
  // whole-stock stats (route loader) so the slider keeps its full range while refined.
  const { start } = useRange({ attribute });
  const refine = useRangeRefine(attribute);
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
        refine(refinement);
      }}
    />
  );
}
