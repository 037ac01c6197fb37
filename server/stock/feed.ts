import { parse as parseStream } from 'csv-parse';
import { nextTurn, runNow, runSliced } from '../time-slice.ts';
import { vinCheckDigitValid, vinFormatError } from '../../site/src/domain/vin.ts';
import { FEED_FIELDS, REQUIRED_FIELDS, foldHeading, type FeedField } from './presets.ts';

/*
 * Reads an inventory feed (CSV through csv-parse, or JSON in the Car shape of spec §3) into
 * checked rows. Every problem names its row and column as the dealer sees them: the header is
 * row 1 of a spreadsheet, so the first car is row 2; in JSON the first car is row 1.
 */

/** Limits of one feed (each answers with its number when passed). */
export const FEED_LIMITS = {
  /** Bytes of one feed file or request body. */
  bytes: 20 * 1024 * 1024,
  /** Cars in one feed. */
  rows: 20_000,
  /** Photo URLs of one car. */
  images: 60,
  /** Characters of a text cell (comments excepted). */
  text: 200,
  /** Characters of the dealer's comments. */
  comments: 10_000,
  /** Characters of one photo URL. */
  url: 2_000,
} as const;

/** A car as a feed describes it, checked and normalised. */
export interface FeedCar {
  row: number;
  stocknum: string;
  vin: string | null;
  rego: string | null;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  year: number;
  km: number;
  /** 0 when the feed gives no price ("POA"): the page shows the site's no-price text. */
  price: number;
  before_price: number | null;
  colour: string | null;
  bodyconfiguration: string | null;
  simple_body: string | null;
  trans: string | null;
  simple_transmission: string | null;
  fuel: string | null;
  simple_fuel: string | null;
  drive: string | null;
  simple_drive: string | null;
  seats: number | null;
  doors: number | null;
  engine_size: number | null;
  engine_size_litres: number | null;
  location: string | null;
  dealercomments: string;
  status: 'in_stock' | 'coming_soon' | 'sold';
  car_type: 'new' | 'used' | 'demo';
  images: string[];
  /** The file's headings of the cells the import itself may report on. */
  headings: { status: string; location: string };
}

/** A problem with one cell of a row. */
export interface FeedIssue {
  row: number;
  column: string;
  message: string;
}

/** A parsed feed: the good cars, the bad rows' problems, warnings, and the number of rows read. */
export interface ParsedFeed {
  cars: FeedCar[];
  errors: FeedIssue[];
  warnings: FeedIssue[];
  rows: number;
  /** Rows with at least one error. */
  badRows: number;
  /** A problem with the whole file (no header, unreadable JSON): nothing in it can be used. */
  fatal: string | null;
}

/** A read feed without its cars (a large feed's stay in the feed worker), and the lower-case stock numbers it lists. */
export interface FeedSummary extends Omit<ParsedFeed, 'cars'> {
  /** JSON text of the feed's distinct lower-case stock numbers. */
  stocknums: string;
}

/**
 * The summary of a read feed.
 * @param feed the parsed feed
 */
export function summariseFeed(feed: ParsedFeed): FeedSummary {
  const { cars, ...rest } = feed;
  return { ...rest, stocknums: JSON.stringify([...new Set(cars.map((c) => c.stocknum.toLowerCase()))]) };
}

/**
 * One issue as the dealer reads it: `row N, column X: message`.
 * @param issue the issue
 */
export function formatIssue(issue: FeedIssue): string {
  return `row ${issue.row}, column ${issue.column}: ${issue.message}`;
}

type Cell = { column: string; value: unknown };
type RawRow = { row: number; cells: Partial<Record<FeedField, Cell>> };

const empty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const CSV_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: FEED_LIMITS.comments * 4 };
/** Characters of CSV given to the parser between two turns of the event loop (a few milliseconds of parsing). */
const CSV_CHUNK = 16 * 1024;

/**
 * Parses a CSV feed with a column mapping, a slice at a time, so a server answers its searches
 * and pages while a large feed is read.
 * @param text the file (a byte-order mark, Windows line endings and quoted cells are fine)
 * @param mapping the heading of each field
 * @param now the import's time
 */
export async function readCsvFeed(text: string, mapping: Record<FeedField, string>, now: Date): Promise<ParsedFeed> {
  const records: string[][] = [];
  const parser = parseStream(CSV_OPTIONS);
  const read: { failure: Error | null } = { failure: null };
  parser.on('data', (record: string[]) => records.push(record));
  parser.on('error', (error: Error) => {
    read.failure ??= error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('close', resolve);
  });
  for (let at = 0; at < text.length && read.failure === null; at += CSV_CHUNK) {
    parser.write(text.slice(at, at + CSV_CHUNK));
    if (text.length > CSV_CHUNK) await nextTurn();
  }
  if (read.failure === null) {
    parser.end();
    await ended;
  }
  if (read.failure !== null) return fatal(`the file is not readable CSV: ${read.failure.message}`);
  return runSliced(csvRowsSteps(records, mapping, now));
}

/** The feed of a CSV's records: the header finds the columns, then every row is checked. */
function* csvRowsSteps(records: string[][], mapping: Record<FeedField, string>, now: Date): Generator<void, ParsedFeed> {
  const header = records[0];
  if (!header) return fatal('the file is empty');
  if (records.length - 1 > FEED_LIMITS.rows) return fatal(`the file has ${records.length - 1} cars, more than the limit of ${FEED_LIMITS.rows} per feed`);
  const index = new Map(header.map((h, i) => [foldHeading(h), i]));
  const columnOf: Partial<Record<FeedField, number>> = {};
  for (const field of FEED_FIELDS) {
    const i = index.get(foldHeading(mapping[field]));
    if (i !== undefined) columnOf[field] = i;
  }
  const missing = REQUIRED_FIELDS.filter((f) => columnOf[f] === undefined);
  if (missing.length > 0) {
    return fatal(`the header has no ${missing.map((f) => `"${mapping[f]}"`).join(', ')} column (headings found: ${header.slice(0, 30).join(', ')})`);
  }
  const rows: RawRow[] = records.slice(1).map((record, i) => {
    const cells: RawRow['cells'] = {};
    for (const field of FEED_FIELDS) {
      const at = columnOf[field];
      if (at !== undefined) cells[field] = { column: header[at] ?? mapping[field], value: record[at] ?? '' };
    }
    return { row: i + 2, cells };
  });
  yield;
  return yield* checkRowsSteps(rows, now);
}

/** JSON keys of the Car shape (spec §3) each field is read from, first present wins. */
const JSON_KEYS: Record<FeedField, string[]> = {
  stocknum: ['stocknum'], vin: ['vin'], rego: ['rego', 'regplate'], make: ['make'], model: ['model'], badge: ['badge'], series: ['series'],
  year: ['year'], km: ['km'], price: ['price'], before_price: ['before_price'], colour: ['colour'], body: ['bodyconfiguration', 'simple_body'],
  transmission: ['trans', 'simple_transmission'], fuel: ['fuel', 'simple_fuel'], drive: ['drive', 'simple_drive'], seats: ['seats'], doors: ['doors'],
  engine: ['engine_size_litres', 'engine_size'], location: ['location_name', 'location'], comments: ['dealercomments'], status: ['status'],
  car_type: ['car_type'], images: ['images'],
};

/**
 * Parses a JSON feed: an array of cars in the Car shape of spec §3, or `{ "cars": [...] }`.
 * @param text the file
 * @param now the import's time
 */
export function parseJsonFeed(text: string, now: Date): ParsedFeed {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fatal(`the file is not readable JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(json) ? json : json && typeof json === 'object' && Array.isArray((json as { cars?: unknown }).cars) ? (json as { cars: unknown[] }).cars : null;
  if (!list) return fatal('a JSON feed is an array of cars, or an object with a "cars" array');
  if (list.length > FEED_LIMITS.rows) return fatal(`the file has ${list.length} cars, more than the limit of ${FEED_LIMITS.rows} per feed`);
  const rows: RawRow[] = list.map((item, i) => {
    const cells: RawRow['cells'] = {};
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const car = item as Record<string, unknown>;
      for (const field of FEED_FIELDS) {
        const key = JSON_KEYS[field].find((k) => !empty(car[k]));
        if (key === undefined) continue;
        let value = car[key];
        // A location object ({ name, slug }) or images as Car records ({ image: { url } }).
        if (field === 'location' && value && typeof value === 'object') value = (value as { slug?: unknown; name?: unknown }).slug ?? (value as { name?: unknown }).name;
        if (field === 'images' && Array.isArray(value)) value = value.map((v) => (v && typeof v === 'object' ? (v as { image?: { url?: unknown }; url?: unknown }).image?.url ?? (v as { url?: unknown }).url : v));
        cells[field] = { column: key, value };
      }
    }
    return { row: i + 1, cells };
  });
  return runNow(checkRowsSteps(rows, now));
}

function fatal(message: string): ParsedFeed {
  return { cars: [], errors: [], warnings: [], rows: 0, badRows: 0, fatal: message };
}

function* checkRowsSteps(rows: RawRow[], now: Date): Generator<void, ParsedFeed> {
  const cars: FeedCar[] = [];
  const errors: FeedIssue[] = [];
  const warnings: FeedIssue[] = [];
  let badRows = 0;
  const seen = new Map<string, number>();
  for (const raw of rows) {
    const rowErrors: FeedIssue[] = [];
    const car = normaliseRow(raw, now, rowErrors, warnings);
    if (car) {
      const key = car.stocknum.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) rowErrors.push({ row: raw.row, column: raw.cells.stocknum?.column ?? 'stocknum', message: `stock number ${car.stocknum} is already on row ${first}` });
      else seen.set(key, raw.row);
    }
    if (rowErrors.length > 0 || !car) {
      badRows++;
      errors.push(...rowErrors);
    } else cars.push(car);
    yield;
  }
  return { cars, errors, warnings, rows: rows.length, badRows, fatal: null };
}

/** Checks and normalises one row; problems go to `errors` (the row is refused) or `warnings`. */
function normaliseRow(raw: RawRow, now: Date, errors: FeedIssue[], warnings: FeedIssue[]): FeedCar | null {
  const { row, cells } = raw;
  const fail = (field: FeedField, message: string) => {
    errors.push({ row, column: cells[field]?.column ?? field, message });
    return null;
  };
  const text = (field: FeedField, limit: number = FEED_LIMITS.text): string | null => {
    const cell = cells[field];
    if (!cell || empty(cell.value)) return null;
    if (typeof cell.value !== 'string' && typeof cell.value !== 'number') return fail(field, 'must be text');
    // Comments keep their line breaks (Windows ones become plain); other cells are one line.
    const value = (field === 'comments' ? String(cell.value).replace(/\r\n?/g, '\n').replace(/[ \t]+/g, ' ') : String(cell.value).replace(/\s+/g, ' ')).trim();
    if (value.length > limit) return fail(field, `is ${value.length} characters long, more than the limit of ${limit}`);
    return value;
  };
  const number = (field: FeedField, what: string, { allowPoa = false, min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number | null | undefined => {
    const cell = cells[field];
    if (!cell || empty(cell.value)) return null;
    if (typeof cell.value === 'number') {
      if (!Number.isFinite(cell.value) || cell.value < min || cell.value > max) return fail(field, `${cell.value} is not ${what} (${min} to ${max})`) ?? undefined;
      return cell.value;
    }
    const source = String(cell.value).trim();
    if (allowPoa && /^(poa|p\.o\.a\.?|price on application|enquire|call|tba)$/i.test(source)) return 0;
    // "$45,990", "12,345 km", "12 345kms", "2.0L": the unit and thousands separators go.
    const cleaned = source.replace(/^(aud|au\$|\$)\s*/i, '').replace(/\s*(kms?|kilometres?|kilometers?|cc|l|litres?|liters?|aud)\.?$/i, '').replace(/(?<=\d)[,\s](?=\d{3}\b)/g, '');
    const value = /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
    if (!Number.isFinite(value) || value < min || value > max) return fail(field, `"${source.slice(0, 40)}" is not ${what}`) ?? undefined;
    return value;
  };
  const stocknum = text('stocknum', 40);
  const make = text('make');
  const model = text('model');
  const year = number('year', 'a year', { min: 1900, max: now.getUTCFullYear() + 1 });
  if (stocknum === null && !errors.some((e) => e.column === (cells.stocknum?.column ?? 'stocknum'))) fail('stocknum', 'is empty: every car needs its stock number');
  if (make === null && cells.make !== undefined && empty(cells.make.value)) fail('make', 'is empty');
  if (model === null && cells.model !== undefined && empty(cells.model.value)) fail('model', 'is empty');
  if (make === null && cells.make === undefined) fail('make', 'is missing');
  if (model === null && cells.model === undefined) fail('model', 'is missing');
  if (year === null) fail('year', 'is empty');
  if (stocknum && !/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/.test(stocknum)) fail('stocknum', `"${stocknum}" may hold only letters, digits, spaces and . _ / -`);
  if (year !== undefined && year !== null && !Number.isInteger(year)) fail('year', `${year} is not a whole year`);

  const km = number('km', 'a number of kilometres', { max: 3_000_000 });
  const price = number('price', 'a price in dollars (or POA)', { allowPoa: true, max: 100_000_000 });
  const beforePrice = number('before_price', 'a price in dollars', { allowPoa: true, max: 100_000_000 });
  const seats = number('seats', 'a number of seats', { max: 100 });
  const doors = number('doors', 'a number of doors', { max: 10 });
  const engine = number('engine', 'an engine size (litres or cc)', { max: 50_000 });

  let vin = text('vin', 17 * 2);
  if (vin) {
    vin = vin.toUpperCase().replace(/[\s-]/g, '');
    const problem = vinFormatError(vin);
    if (problem) fail('vin', `"${vin}": ${problem}`);
    else if (!vinCheckDigitValid(vin)) warnings.push({ row, column: cells.vin?.column ?? 'vin', message: `VIN ${vin} fails its check digit (kept as given; please check it)` });
  }

  const statusText = text('status');
  const status = statusText === null ? 'in_stock' : STATUS[foldHeading(statusText)];
  if (statusText !== null && !status) fail('status', `"${statusText}" is not a stock status (In Stock, Coming Soon or Sold)`);
  const typeText = text('car_type');
  const carType = typeText === null ? 'used' : CAR_TYPE[foldHeading(typeText)];
  if (typeText !== null && !carType) fail('car_type', `"${typeText}" is not new, used or demo`);

  const images: string[] = [];
  const imageCell = cells.images;
  if (imageCell && !empty(imageCell.value)) {
    const list = Array.isArray(imageCell.value) ? imageCell.value : typeof imageCell.value === 'string' ? imageCell.value.split(/[\s|;]+|,(?=\s*https?:)/) : null;
    if (!list) fail('images', 'must be a list of photo URLs');
    for (const item of list ?? []) {
      if (empty(item)) continue;
      const url = String(item).trim();
      let ok = false;
      try {
        const parsed = new URL(url);
        ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && url.length <= FEED_LIMITS.url;
      } catch {
        ok = false;
      }
      if (!ok) fail('images', `"${url.slice(0, 80)}" is not a web address of a photo (http or https, at most ${FEED_LIMITS.url} characters)`);
      else if (!images.includes(url)) images.push(url);
    }
    if (images.length > FEED_LIMITS.images) fail('images', `${images.length} photos, more than the limit of ${FEED_LIMITS.images} per car`);
  }

  const comments = text('comments', FEED_LIMITS.comments) ?? '';
  const badge = text('badge');
  const series = text('series');
  const rego = text('rego', 20);
  const colour = text('colour');
  const body = text('body');
  const trans = text('transmission');
  const fuel = text('fuel');
  const drive = text('drive');
  const location = text('location');
  if (errors.some((e) => e.row === row) || !stocknum || !make || !model || typeof year !== 'number') return null;
  const litres = typeof engine === 'number' && engine > 0 ? (engine < 20 ? engine : Math.round(engine / 100) / 10) : null;
  return {
    row,
    stocknum,
    vin: vin || null,
    rego: rego ? rego.toUpperCase() : null,
    make,
    model,
    badge,
    series,
    year,
    km: Math.round(km ?? 0),
    price: price ?? 0,
    before_price: beforePrice || null,
    colour,
    bodyconfiguration: body,
    simple_body: body ? simpleBody(body) : null,
    trans,
    simple_transmission: trans ? (/manual/i.test(trans) ? 'Manual' : 'Automatic') : null,
    fuel,
    simple_fuel: fuel ? simpleFuel(fuel) : null,
    drive,
    simple_drive: drive ? simpleDrive(drive) : null,
    seats: seats ?? null,
    doors: doors ?? null,
    engine_size: litres === null ? null : Math.round(typeof engine === 'number' && engine >= 20 ? engine : litres * 1000),
    engine_size_litres: litres,
    location,
    dealercomments: comments,
    status: status ?? 'in_stock',
    car_type: carType ?? 'used',
    images,
    headings: { status: cells.status?.column ?? 'status', location: cells.location?.column ?? 'location' },
  };
}

const STATUS: Record<string, FeedCar['status']> = {
  instock: 'in_stock', available: 'in_stock', forsale: 'in_stock', active: 'in_stock', a: 'in_stock', reserved: 'in_stock', deposittaken: 'in_stock',
  comingsoon: 'coming_soon', intransit: 'coming_soon', arriving: 'coming_soon', ordered: 'coming_soon', incoming: 'coming_soon',
  sold: 'sold', s: 'sold', delivered: 'sold',
};
const CAR_TYPE: Record<string, FeedCar['car_type']> = {
  new: 'new', n: 'new', used: 'used', u: 'used', preowned: 'used', usedcar: 'used', demo: 'demo', d: 'demo', demonstrator: 'demo', exdemo: 'demo',
};

/** The search facet's body type of a feed's body description ("Dual Cab Utility" → Ute). */
function simpleBody(body: string): string {
  const b = body.toLowerCase();
  if (/cab.?chassis/.test(b)) return 'Cab Chassis';
  if (/\bute\b|utility|pick.?up/.test(b)) return 'Ute';
  if (/people.?mover|\bmpv\b/.test(b)) return 'People Mover';
  if (/\bsuv\b/.test(b)) return 'SUV';
  if (/hatch/.test(b)) return 'Hatch';
  if (/sedan/.test(b)) return 'Sedan';
  if (/wagon|estate/.test(b)) return 'Wagon';
  if (/convertible|cabrio|roadster|soft.?top/.test(b)) return 'Convertible';
  if (/coupe/.test(b)) return 'Coupe';
  if (/\bvan\b/.test(b)) return 'Van';
  return body.replace(/\b\w/g, (c) => c.toUpperCase());
}

/** The search facet's fuel of a feed's fuel description ("Unleaded Petrol" → Petrol). */
function simpleFuel(fuel: string): string {
  const f = fuel.toLowerCase();
  if (/plug.?in|phev/.test(f)) return 'PHEV';
  if (/hybrid/.test(f)) return 'Hybrid';
  if (/electric|\bev\b|\bbev\b/.test(f)) return 'Electric';
  if (/diesel/.test(f)) return 'Diesel';
  if (/petrol|unleaded|\bulp\b|premium|\bpulp\b|e10/.test(f)) return 'Petrol';
  if (/lpg|gas/.test(f)) return 'LPG';
  return fuel;
}

/** The search facet's drive of a feed's drive description ("Four Wheel Drive" → 4WD). */
function simpleDrive(drive: string): string {
  const d = drive.toLowerCase();
  if (/4x4|4wd|four.?wheel/.test(d)) return '4WD';
  if (/awd|all.?wheel/.test(d)) return 'AWD';
  if (/rwd|rear/.test(d)) return 'RWD';
  if (/fwd|front/.test(d)) return 'FWD';
  return drive;
}
