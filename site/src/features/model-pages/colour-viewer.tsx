import { useId, useState } from 'react';
import type { Model } from '../../../../schema/api/content.ts';
import { bodyTypesOf, needsBodyTypeTabs, sortColoursByBodyType, wrapIndex } from '../../domain/model-page.ts';
import styles from './model-page.module.css';

/**
 * The colour/variant viewer (spec §2): variant tabs; the variant's colours in body-type order
 * (unknown last) as swatches; previous/next arrows that wrap around; and, with 3 or more body
 * types and more than 15 colours, a second tab row filtering by body type.
 */
export function ColourViewer({ model }: { model: Model }) {
  const id = useId();
  const variants = [...new Set(model.colours.map((c) => c.model_variant_name))];
  const [variant, setVariant] = useState(variants[0] ?? '');
  const ofVariant = sortColoursByBodyType(model.colours.filter((c) => c.model_variant_name === variant));
  const bodyTabs = needsBodyTypeTabs(ofVariant) ? bodyTypesOf(ofVariant) : [];
  const [bodyType, setBodyType] = useState<string | null>(null);
  const activeBody = bodyTabs.length > 0 ? (bodyType && bodyTabs.includes(bodyType) ? bodyType : bodyTabs[0]!) : null;
  const colours = activeBody ? ofVariant.filter((c) => (c.body_type?.trim() || 'Other') === activeBody) : ofVariant;
  const [index, setIndex] = useState(0);
  const current = colours[Math.min(index, colours.length - 1)];
  if (!current) return null;
  const position = colours.indexOf(current);
  const chooseVariant = (name: string) => {
    setVariant(name);
    setIndex(0);
  };
  return (
    <section className="container section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Colours</h2>
      {variants.length > 1 ? (
        <div role="group" aria-label="Variant" className={styles.tabs}>
          {variants.map((name) => (
            <button key={name} type="button" className={styles.tab} aria-pressed={name === variant} onClick={() => chooseVariant(name)}>
              {name}
            </button>
          ))}
        </div>
      ) : null}
      {bodyTabs.length > 0 ? (
        <div role="group" aria-label="Body type" className={`${styles.tabs} ${styles.tabsSecond}`}>
          {bodyTabs.map((name) => (
            <button key={name} type="button" className={styles.tab} aria-pressed={name === activeBody} onClick={() => { setBodyType(name); setIndex(0); }}>
              {name}
            </button>
          ))}
        </div>
      ) : null}
      <div className={styles.viewer}>
        <div className={styles.stage}>
          <button type="button" className={styles.arrow} aria-label="Previous colour" onClick={() => setIndex(wrapIndex(position, -1, colours.length))}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" /></svg>
          </button>
          <img className={styles.colourImage} src={`${current.photo_url}?w=960`} alt={`${model.full_name} ${variant} in ${current.name}`} width={960} height={540} loading="lazy" />
          <button type="button" className={styles.arrow} aria-label="Next colour" onClick={() => setIndex(wrapIndex(position, 1, colours.length))}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" /></svg>
          </button>
        </div>
        <p className={styles.colourName} aria-live="polite">
          <strong>{current.name}</strong> <span className={styles.colourCount}>({position + 1} of {colours.length})</span>
        </p>
        <ul className={styles.swatches} aria-label="Colours">
          {colours.map((colour, i) => (
            <li key={colour.id}>
              <button type="button" className={styles.swatch} style={{ background: colour.hexCode }} aria-pressed={i === position} aria-label={colour.name} title={colour.name} onClick={() => setIndex(i)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
