/*
 * Ticking makes and models as one change (spec §4: one search request per refinement). A model
 * of a make nobody ticked ticks its make too, so the URL reads /search/{make}/{model} (spec §2);
 * unticking a make drops its models; on a single-make site unticking the last model drops the
 * make again. The whole change is applied to the search state at once, so InstantSearch sends
 * one request with both lists rather than one for the make and another for the model.
 */

/** The make and make_model refinement lists. */
export interface MakeModelLists {
  make: readonly string[];
  make_model: readonly string[];
}

const toggled = (list: readonly string[], value: string): string[] => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/**
 * The lists after a shopper ticks or unticks a model.
 * @param lists the current lists
 * @param model the make_model value ("Kia Sportage")
 * @param make the model's make as the make facet spells it, when the stock has it
 * @param options dropMakeWithLastModel: unticking the last ticked model unticks the make (single-make sites)
 */
export function toggleModel(lists: MakeModelLists, model: string, make: string | null, options: { dropMakeWithLastModel: boolean }): { make: string[]; make_model: string[] } {
  const ticking = !lists.make_model.includes(model);
  const models = toggled(lists.make_model, model);
  let makes = [...lists.make];
  if (make !== null && ticking && !makes.includes(make)) makes.push(make);
  if (make !== null && !ticking && options.dropMakeWithLastModel && lists.make_model.length === 1) makes = makes.filter((item) => item !== make);
  return { make: makes, make_model: models };
}

/**
 * The lists after a shopper ticks or unticks a make: unticking it also drops its models, so the
 * URL loses the model segment too.
 */
export function toggleMake(lists: MakeModelLists, make: string): { make: string[]; make_model: string[] } {
  if (!lists.make.includes(make)) return { make: [...lists.make, make], make_model: [...lists.make_model] };
  return { make: lists.make.filter((item) => item !== make), make_model: lists.make_model.filter((model) => !model.startsWith(`${make} `)) };
}
