/*
 * The word a site uses for its stock (tenant search.itemType, spec §3 item_type): a caravan
 * dealer sells caravans, not cars. Search, the home page and the saved-car lists (favourites,
 * compare) word counts and headings with it.
 */

/** Kinds of stock a site sells (tenant search.itemType). */
export type ItemType = 'car' | 'caravan' | 'motorcycle' | 'truck';

/** The stock word in the singular and plural. */
export interface ItemNoun {
  one: string;
  many: string;
}

const NOUNS: Record<ItemType, ItemNoun> = {
  car: { one: 'car', many: 'cars' },
  caravan: { one: 'caravan', many: 'caravans' },
  motorcycle: { one: 'motorcycle', many: 'motorcycles' },
  truck: { one: 'truck', many: 'trucks' },
};

/** The stock word of a site selling `itemType` ('car' / 'cars' for an unknown kind). */
export function itemNoun(itemType: string): ItemNoun {
  return NOUNS[itemType as ItemType] ?? NOUNS.car;
}

/** `count` with the stock word in the number it needs: '1 caravan', '2 caravans', '0 cars'. */
export function countOf(count: number, noun: ItemNoun): string {
  return `${count} ${count === 1 ? noun.one : noun.many}`;
}

/** The word with a capital first letter, for the start of a heading or sentence ('Caravans'). */
export function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
