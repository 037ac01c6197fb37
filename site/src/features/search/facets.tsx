import { useEffect, useId, useRef, useState } from 'react';
import { RangeSlider } from '../../components/ui/slider.tsx';
import { useHeldInputShown } from '../../lib/hydration-replay.ts';
import type { FacetItem } from '../../domain/facet-order.ts';
import { moveThumbs, normaliseSliderInput, type SliderAttribute, type SliderBounds } from '../../domain/slider.ts';
import styles from './search.module.css';

/** A checkbox list facet (presentational: items, onRefine and labels come in as props). */
export function CheckboxFacet({
  title,
  items,
  onRefine,
  initialCount = 8,
}: {
  title: string;
  items: FacetItem[];
  onRefine: (value: string) => void;
  initialCount?: number;
}) {
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const shown = expanded ? items : items.slice(0, initialCount);
  return (
    <fieldset className={styles.facet}>
      <legend className={styles.facetTitle}>{title}</legend>
      <ul className={styles.checkList}>
        {shown.map((item) => (
          <li key={item.value}>
            <label className={styles.check}>
              <input type="checkbox" checked={item.isRefined ?? false} onChange={() => onRefine(item.value)} />
              <span className={styles.checkLabel}>{item.label}</span>
              <span className={styles.count}>{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
      {items.length > initialCount ? (
        <button type="button" className={styles.linkButton} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all (${items.length})`}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * A facet of which one value applies at a time (the price ranges): radio buttons, the first
 * 'Any' to drop the choice.
 */
export function RadioFacet({ title, name, items, anyLabel, onRefine }: { title: string; name: string; items: FacetItem[]; anyLabel: string; onRefine: (value: string | null) => void }) {
  if (items.length === 0) return null;
  const chosen = items.some((item) => item.isRefined);
  return (
    <fieldset className={styles.facet}>
      <legend className={styles.facetTitle}>{title}</legend>
      <ul className={styles.checkList}>
        <li>
          <label className={styles.check}>
            <input type="radio" name={name} checked={!chosen} onChange={() => onRefine(null)} />
            <span className={styles.checkLabel}>{anyLabel}</span>
          </label>
        </li>
        {items.map((item) => (
          <li key={item.value}>
            <label className={styles.check}>
              <input type="radio" name={name} checked={item.isRefined ?? false} onChange={() => onRefine(item.value)} />
              <span className={styles.checkLabel}>{item.label}</span>
              <span className={styles.count}>{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A make with its models for the make cards. */
export interface MakeCardItem extends FacetItem {
  logoUrl: string;
  models: FacetItem[];
}

function MakeLogo({ url, make }: { url: string; make: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={styles.makeMonogram} aria-hidden="true">
        {make.slice(0, 2).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.makeLogo} src={url} alt="" width={48} height={24} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

function MakeCard({ item, onRefineMake, onRefineModel }: { item: MakeCardItem; onRefineMake: (v: string) => void; onRefineModel: (make: string, v: string) => void }) {
  const [open, setOpen] = useState(item.models.some((model) => model.isRefined));
  const listId = useId();
  return (
    <li className={`${styles.makeCard} ${item.isRefined ? styles.makeCardOn : ''}`}>
      <div className={styles.makeRow}>
        <label className={styles.makeLabel}>
          <input type="checkbox" checked={item.isRefined ?? false} onChange={() => onRefineMake(item.value)} />
          <MakeLogo url={item.logoUrl} make={item.label} />
          <span className={styles.checkLabel}>{item.label}</span>
          <span className={styles.count}>{item.count}</span>
        </label>
        {item.models.length > 0 ? (
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${open ? 'Hide' : 'Select models'}: ${item.label}`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Select models'}
          </button>
        ) : null}
      </div>
      {open ? (
        <ul id={listId} className={styles.modelList} aria-label={`${item.label} models`}>
          {item.models.map((model) => (
            <li key={model.value}>
              <label className={styles.check}>
                <input type="checkbox" checked={model.isRefined ?? false} onChange={() => onRefineModel(item.value, model.value)} />
                <span className={styles.checkLabel}>{model.label}</span>
                <span className={styles.count}>{model.count}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Make cards with logos and model sub-lists: the first `collapsedCount` makes, then on
 * Show all makes a Popular Makes group and an All Makes group (spec §2).
 */
export function MakeFacet({
  title,
  collapsed,
  popular,
  all,
  onRefineMake,
  onRefineModel,
}: {
  title: string;
  collapsed: MakeCardItem[];
  popular: MakeCardItem[];
  all: MakeCardItem[];
  onRefineMake: (value: string) => void;
  onRefineModel: (make: string, value: string) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  if (all.length === 0) return null;
  const card = (item: MakeCardItem) => <MakeCard key={item.value} item={item} onRefineMake={onRefineMake} onRefineModel={onRefineModel} />;
  return (
    <fieldset className={styles.facet}>
      <legend className={styles.facetTitle}>{title}</legend>
      {showAll ? (
        <>
          <h3 className={styles.groupTitle}>Popular Makes</h3>
          <ul className={styles.makeList}>{popular.map(card)}</ul>
          <h3 className={styles.groupTitle}>All Makes</h3>
          <ul className={styles.makeList}>{all.map(card)}</ul>
        </>
      ) : (
        <ul className={styles.makeList}>{collapsed.map(card)}</ul>
      )}
      {all.length > collapsed.length ? (
        <button type="button" className={styles.showAll} aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show fewer makes' : 'Show all makes'}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * A range slider facet: two thumbs plus typed inputs. Moves apply after `debounceMs` (400 ms,
 * spec §9); typed amounts round and clamp by the spec's rules (domain slider.ts).
 */
export function RangeFacet({
  title,
  attribute,
  bounds,
  value,
  rounding,
  debounceMs,
  format,
  onRefine,
}: {
  title: string;
  attribute: SliderAttribute;
  bounds: SliderBounds;
  /** Current refinement, edges filled with the bounds. */
  value: [number, number];
  rounding: number;
  debounceMs: number;
  format: (value: number) => string;
  onRefine: (value: [number, number]) => void;
}) {
  const [local, setLocal] = useState<[number, number]>(value);
  // What the shopper is typing into each box, until Enter or leaving the box applies it. The
  // boxes stay the same elements while the thumbs move (they were re-created on every move, and
  // text typed while the page started, replayed after a held thumb move, went into a box that
  // was then replaced: the thumb move won over the typed amount).
  const [drafts, setDrafts] = useState<[string | null, string | null]>([null, null]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const minId = useId();
  const maxId = useId();
  // A refinement changed elsewhere (chip removed, back button, Clear Filters) moves the thumbs.
  const [low, high] = value;
  // Only when they differ: a render of the same value would put back the thumbs (React's value)
  // over a move the shopper made while the page started, until that move is played back.
  useEffect(() => {
    if (timer.current === null) setLocal((current) => (current[0] === low && current[1] === high ? current : [low, high]));
  }, [low, high]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const schedule = (next: [number, number]) => {
    setLocal(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      onRefine(next);
    }, debounceMs);
  };
  const draft = (index: 0 | 1, text: string | null) => setDrafts((current) => (index === 0 ? [text, current[1]] : [current[0], text]));
  // A box the shopper is in is theirs: its text is kept as a draft from the moment it has focus,
  // so a thumb move played back meanwhile (one made while the page started) does not rewrite the
  // box under a selection they are typing over. Left unchanged, the draft applies nothing.
  const focusText = useRef<[string | null, string | null]>([null, null]);
  const adopt = (index: 0 | 1, box: HTMLInputElement) => {
    if (focusText.current[index] !== null) return;
    // Unchanged means "as rendered": text typed before the page hydrated (held until it is played
    // back) is a change, and applies.
    focusText.current[index] = drafts[index] ?? format(local[index]);
    draft(index, box.value);
  };
  const boxes = useRef<[HTMLInputElement | null, HTMLInputElement | null]>([null, null]);
  useEffect(() => {
    // Focused before the page hydrated (no focus event reached React).
    boxes.current.forEach((box, index) => {
      if (box && box === document.activeElement) adopt(index as 0 | 1, box);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const typed = (index: 0 | 1, raw: string) => {
    draft(index, null);
    const unchanged = raw === focusText.current[index];
    focusText.current[index] = null;
    if (raw.trim() === '' || unchanged) return;
    const number = normaliseSliderInput(attribute, Number(raw.replace(/[$,\s]/g, '')), bounds, rounding);
    const next: [number, number] = index === 0 ? [number, local[1]] : [local[0], number];
    schedule(moveThumbs(next, local));
  };
  // A thumb moved or an amount typed while the page starts stays shown until it is played back
  // (the slider renders only with this facet, so one check after the facet's render covers it).
  const facet = useRef<HTMLFieldSetElement>(null);
  useHeldInputShown(facet);
  const disabled = bounds.min >= bounds.max;
  const lowerName = attribute === 'year' ? 'From year' : `Minimum ${title.toLowerCase()}`;
  const upperName = attribute === 'year' ? 'To year' : `Maximum ${title.toLowerCase()}`;
  return (
    <fieldset ref={facet} className={styles.facet}>
      <legend className={styles.facetTitle}>{title}</legend>
      <RangeSlider
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={local}
        disabled={disabled}
        thumbLabels={[lowerName, upperName]}
        formatValue={format}
        onValueChange={(next) => schedule(moveThumbs(next, local))}
      />
      <div className={styles.rangeInputs}>
        <label htmlFor={minId} className="visually-hidden">
          {lowerName}
        </label>
        <input
          id={minId}
          className={styles.rangeInput}
          inputMode="numeric"
          ref={(box) => {
            boxes.current[0] = box;
          }}
          value={drafts[0] ?? format(local[0])}
          onFocus={(event) => adopt(0, event.currentTarget)}
          onChange={(event) => draft(0, event.currentTarget.value)}
          disabled={disabled}
          onBlur={(event) => typed(0, event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') typed(0, event.currentTarget.value);
          }}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={maxId} className="visually-hidden">
          {upperName}
        </label>
        <input
          id={maxId}
          className={styles.rangeInput}
          inputMode="numeric"
          ref={(box) => {
            boxes.current[1] = box;
          }}
          value={drafts[1] ?? format(local[1])}
          onFocus={(event) => adopt(1, event.currentTarget)}
          onChange={(event) => draft(1, event.currentTarget.value)}
          disabled={disabled}
          onBlur={(event) => typed(1, event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') typed(1, event.currentTarget.value);
          }}
        />
      </div>
    </fieldset>
  );
}

/** Pagination links (spec §9: 21 per page); `href` gives each page a real URL. */
export function PaginationNav({
  pages,
  current,
  last,
  href,
  onPage,
}: {
  pages: number[];
  /** 0-based. */
  current: number;
  last: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}) {
  if (last <= 0) return null;
  const link = (page: number, label: string, extra: { rel?: string; ariaLabel?: string } = {}) => (
    <a
      href={href(page)}
      className={page === current ? styles.pageCurrent : styles.pageLink}
      {...(page === current && label === String(page + 1) ? { 'aria-current': 'page' as const } : {})}
      {...(extra.ariaLabel ? { 'aria-label': extra.ariaLabel } : {})}
      onClick={(event) => {
        event.preventDefault();
        onPage(page);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      {current > 0 ? link(current - 1, 'Previous', { ariaLabel: 'Previous page' }) : null}
      {pages.map((page) => (
        <span key={page}>{link(page, String(page + 1), { ariaLabel: `Page ${page + 1}` })}</span>
      ))}
      {current < last ? link(current + 1, 'Next', { ariaLabel: 'Next page' }) : null}
    </nav>
  );
}
