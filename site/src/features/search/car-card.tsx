import type { ReactNode } from 'react';
import type { CarSearchRecord } from '../../../../schema/api/car.ts';
import type { CarCardModel } from '../../domain/car-card.ts';
import { viewCountText } from '../../domain/view-count.ts';
import { noPhotosText } from '../../domain/image-url.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import styles from './search.module.css';
import { Icon } from '../../components/ui/icon.tsx';
import { CarTag } from '../../components/car-tag/car-tag.tsx';

/** A search hit as the card reads it. */
export type CarHit = Pick<
  CarSearchRecord,
  | 'id'
  | 'objectID'
  | 'slug'
  | 'name'
  | 'year'
  | 'make'
  | 'model'
  | 'badge'
  | 'series'
  | 'km'
  | 'price'
  | 'car_type'
  | 'status'
  | 'simple_body'
  | 'simple_fuel'
  | 'simple_transmission'
  | 'primary_image_url'
  | 'location_name'
  | 'views'
  | 'youxQuote'
  | 'dealership_slug'
  | 'item_type'
> &
  Partial<CarSearchRecord>;

export type { CardAction } from '../../domain/car-card.ts';

/** A toggle of the card (favourite / compare / watchlist). */
export interface CardToggle {
  label: string;
  /** The button's name when the label alone would be ambiguous, e.g. 'SAVE: 2021 Kia Seltos'. */
  ariaLabel?: string;
  /** Drawn before the label; the heart fills when pressed. */
  icon?: 'heart';
  pressed: boolean;
  onToggle: () => void;
  disabled?: boolean;
}

export interface CarCardProps {
  car: CarHit;
  /** What the card says (domain carCard). */
  card: CarCardModel;
  imageSrc: string | null;
  imageSrcSet: string | null;
  /** The page's first card (its photo is the largest paint on a phone): load at once, before other images. */
  eager: boolean;
  toggles: CardToggle[];
  /** The watchlist feature's control, shown before the toggles (watchlist tenants only). */
  watchlistControl?: ReactNode;
  /** Sold cars collapsed behind this one. */
  collapsedSold: number;
  soldLabel: string;
}

/** One search result card (spec §2 search card). */
export function CarCard(props: CarCardProps) {
  const { car, card } = props;
  const price = card.price;
  const headingId = `car-${car.objectID}-title`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="car-card" data-car-id={car.objectID}>
      <div className={styles.media}>
        <AppLink href={card.href} tabIndex={-1} aria-hidden="true" className={styles.mediaLink}>
          {props.imageSrc ? (
            <img
              src={props.imageSrc}
              {...(props.imageSrcSet ? { srcSet: props.imageSrcSet } : {})}
              sizes="(min-width: 1200px) 300px, (min-width: 768px) 45vw, 100vw"
              width={640}
              height={360}
              alt=""
              loading={props.eager ? 'eager' : 'lazy'}
              decoding="async"
              {...(props.eager ? { fetchPriority: 'high' as const } : {})}
            />
          ) : (
            <span className={styles.noImage}>{noPhotosText(card.available)}</span>
          )}
        </AppLink>
        {card.tag ? <CarTag tag={card.tag} className={styles.tag} /> : null}
        <span className={styles.locationOverlay}>
          <Icon name="pin" size={14} />
          {card.location}
        </span>
        {props.toggles.length > 0 || props.watchlistControl ? (
          <div className={styles.toggles}>
            {props.watchlistControl}
            {props.toggles.map((toggle) => (
              <button
                key={toggle.label}
                type="button"
                className={styles.toggle}
                aria-pressed={toggle.pressed}
                {...(toggle.ariaLabel ? { 'aria-label': toggle.ariaLabel } : {})}
                disabled={toggle.disabled ?? false}
                onClick={toggle.onToggle}
              >
                {toggle.icon ? <Icon name={toggle.icon} size={14} /> : null}
                {toggle.label}
              </button>
            ))}
          </div>
        ) : null}
        {!card.available ? <span className={styles.soldPanel}>SOLD</span> : null}
      </div>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.title}>
          <AppLink href={card.href}>{card.title}</AppLink>
        </h2>
        <ul className={styles.chips} aria-label="Key details">
          {card.chips.map((chip) => (
            <li key={chip}>{chip}</li>
          ))}
        </ul>
        <div className={styles.priceBlock} data-testid="car-price">
          {price.kind === 'offer' ? (
            <>
              <span className={styles.price}>{price.text}</span>{' '}
              <span className={styles.was}>
                <span className="visually-hidden">was </span>
                <s>{price.wasText}</s>
              </span>
            </>
          ) : price.kind === 'subscription' || price.kind === 'finance' ? (
            <span className={styles.price}>
              {price.text}
              <span className={styles.suffix}>{price.suffix}</span>
            </span>
          ) : (
            <span className={price.kind === 'price' ? styles.price : styles.priceText}>{price.text}</span>
          )}
        </div>
        {card.financeLine ? <p className={styles.finance}>{card.financeLine}</p> : null}
        {card.viewCount !== null ? <p className={styles.views}>{viewCountText(card.viewCount)}</p> : null}
        {props.collapsedSold > 0 ? (
          <p className={styles.collapsed}>
            + {props.collapsedSold} more {props.soldLabel.toLowerCase()} {props.collapsedSold === 1 ? 'car' : 'cars'}
          </p>
        ) : null}
        <div className={styles.actions}>
          {card.actions.slice(0, 2).map((action) => (
            <AppLink key={action.label} href={action.href} className={action.primary ? styles.actionPrimary : styles.action} data-form={action.form}>
              {action.label}
            </AppLink>
          ))}
        </div>
        {card.actions.length > 2 ? (
          <div className={styles.secondaryActions}>
            {card.actions.slice(2).map((action) => (
              <AppLink key={action.label} href={action.href} data-form={action.form}>
                {action.label}
              </AppLink>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** The 'We Want Your Car!' card among the results. */
export function PromoCard({ heading, lines, cta, href, testId = 'promo-card' }: { heading: string; lines: string[]; cta: string; href: string; testId?: string }) {
  return (
    <aside className={styles.promo} aria-label={heading} data-testid={testId}>
      <h2 className={styles.promoHeading}>{heading}</h2>
      <ul className={styles.promoLines}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <AppLink className={styles.actionPrimary} href={href}>
        {cta}
      </AppLink>
    </aside>
  );
}
