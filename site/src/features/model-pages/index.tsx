import { useId, useState, type ReactNode } from 'react';
import type { Model } from '../../../../schema/api/content.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { Carousel } from '../../components/ui/carousel.tsx';
import { modelPriceFrom, variantAction } from '../../domain/model-page.ts';
import { visibleItems } from '../../domain/text-truncation.ts';
import { ColourViewer } from './colour-viewer.tsx';
import { formatMoney } from '../../../../schema/number-format.ts';
import styles from './model-page.module.css';

/** Where a coming-soon model's Register Interest buttons lead (its form on the page). */
const REGISTER_INTEREST_ID = 'register-interest-form';

/** A list shown in part with a Show All / Show Less toggle (specs 4, driver assistance 6). */
function ExpandableList({ items, shown, noun, className, render }: { items: string[]; shown: number; noun: string; className?: string | undefined; render?: (item: string) => ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const view = visibleItems(items, shown, expanded);
  return (
    <>
      <ul id={id} className={className}>
        {view.items.map((item) => (
          <li key={item}>{render ? render(item) : item}</li>
        ))}
      </ul>
      {view.hasMore ? (
        <button type="button" className={`btn btn--outline ${styles.toggle}`} aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((x) => !x)}>
          {expanded ? `Show fewer ${noun}` : `Show all ${items.length} ${noun}`}
        </button>
      ) : null}
    </>
  );
}

/**
 * A model page (spec §2 /models/{model}): specifications (4 shown), gallery carousel, the 18
 * driver-assistance systems (6 shown, the rest expandable), variant price cards with Test Drive
 * or Register Interest (coming soon), the colour/variant viewer, benefit cards and
 * discover-another-model. Only in bundles with features.modelPages on.
 */
export default function ModelPageView({ model, others, registerInterest }: { model: Model; others: Model[]; registerInterest?: ReactNode }) {
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const from = modelPriceFrom(model.variants);
  const action = variantAction(model.status);
  const comingSoon = model.status === 'coming_soon';
  // A coming-soon model's Register Interest leads to its form on this page (#register-interest-form).
  const actionHref = comingSoon ? (registerInterest ? `#${REGISTER_INTEREST_ID}` : '/contact-us') : '/book-test-drive/';
  const stock = `/search/${model.manufacturer_slug}/${model.slug.replace(`${model.manufacturer_slug}-`, '')}`;
  const specs = model.model_specifications.map((s) => `${s.category}|${s.value}`);
  const benefits = tenant.content.warrantySection;
  return (
    <article>
      <header className={styles.hero}>
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: model.full_name }]} />
            {comingSoon ? <p className={styles.badge}>Coming soon</p> : null}
            <h1 className={styles.title}>{model.full_name}</h1>
            <p className={styles.lead}>{model.short_description}</p>
            {from !== null ? (
              <p className={styles.from}>
                From <strong>{formatMoney(from)}</strong>
              </p>
            ) : null}
            <p className={styles.heroActions}>
              {leadsToPage(actionHref) ? (
                <AppLink href={actionHref} className="btn btn--primary">
                  {action}
                </AppLink>
              ) : null}
              {!comingSoon && leadsToPage(stock) ? (
                <AppLink href={stock} className="btn btn--outline">
                  View {model.name} stock
                </AppLink>
              ) : null}
              {model.brochure_url ? (
                <a href={model.brochure_url} className={styles.brochure} target="_blank" rel="noopener">
                  Download the brochure (PDF)<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : null}
            </p>
          </div>
          <img className={styles.heroImage} src={`${model.image.url}?w=960`} alt={model.full_name} width={960} height={540} fetchPriority="high" />
        </div>
      </header>

      <section className="container section" aria-labelledby="model-specs">
        <h2 id="model-specs">Specifications</h2>
        <ExpandableList
          items={specs}
          shown={Math.min(4, tenant.limits.specsShown)}
          noun="specifications"
          className={styles.specs}
          render={(item) => {
            const [category, value] = item.split('|');
            return (
              <>
                <span className={styles.specLabel}>{category}</span>
                <span className={styles.specValue}>{value}</span>
              </>
            );
          }}
        />
      </section>

      {model.images.length > 0 ? (
        <section className="section section--alt" aria-labelledby="model-gallery">
          <div className="container">
            <h2 id="model-gallery">Gallery</h2>
            <Carousel
              label={`${model.full_name} gallery`}
              slidesPerViewMd={2}
              slides={model.images.map((src, index) => ({
                key: src,
                label: `Photo ${index + 1} of ${model.images.length}`,
                content: <img className={styles.galleryImage} src={`${src}?w=960`} alt={`${model.full_name}, view ${index + 1}`} width={960} height={540} loading="lazy" />,
              }))}
            />
          </div>
        </section>
      ) : null}

      <ColourViewer model={model} />

      <section className="container section" aria-labelledby="model-variants">
        <h2 id="model-variants">Variants and prices</h2>
        <ul className={`grid grid--3 ${styles.variants}`}>
          {model.variants.map((variant) => (
            <li key={variant.full_name} className={`card ${styles.variant}`}>
              <h3 className={styles.variantName}>{variant.name}</h3>
              {variant.series ? <p className={styles.series}>{variant.series}</p> : null}
              <p className={styles.variantPrice}>{variant.price !== null ? formatMoney(variant.price) : tenant.labels.noPrice}</p>
              <ul className={styles.features}>
                {variant.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {leadsToPage(actionHref) ? (
                <AppLink href={actionHref} className="btn btn--primary btn--block">
                  {action}
                  <span className="visually-hidden"> — {variant.full_name}</span>
                </AppLink>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {comingSoon && registerInterest ? (
        <div id={REGISTER_INTEREST_ID} className={`container section ${styles.registerInterest}`}>
          {registerInterest}
        </div>
      ) : null}

      <section className="section section--alt" aria-labelledby="model-safety">
        <div className="container">
          <h2 id="model-safety">Driver assistance</h2>
          <p className={styles.lead}>
            {model.driver_assistance.length} driver-assistance systems across the {model.name} range.
          </p>
          <ExpandableList items={model.driver_assistance} shown={tenant.limits.driverAssistShown} noun="systems" className={styles.assist} />
        </div>
      </section>

      {benefits.length > 0 ? (
        <section className="container section" aria-labelledby="model-benefits">
          <h2 id="model-benefits">Ownership benefits</h2>
          <ul className={`grid grid--3 ${styles.benefits}`}>
            {benefits.map((benefit) => (
              <li key={benefit} className={`card ${styles.benefit}`}>
                {benefit.charAt(0).toUpperCase() + benefit.slice(1)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {others.length > 0 ? (
        <section className="container section" aria-labelledby="model-discover">
          <h2 id="model-discover">Discover another model</h2>
          <ul className={`grid grid--3 ${styles.discover}`}>
            {others.map((other) => (
              <li key={other.slug} className={`card ${styles.discoverCard}`}>
                <img src={`${other.image.url}?w=480`} alt="" width={480} height={270} loading="lazy" />
                <AppLink href={`/models/${other.slug}`} className={styles.discoverLink}>
                  {other.full_name}
                </AppLink>
                {modelPriceFrom(other.variants) !== null ? <span>From {formatMoney(modelPriceFrom(other.variants)!)}</span> : <span>Coming soon</span>}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
