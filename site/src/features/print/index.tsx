import { useState } from 'react';
import type { Car } from '../../../../schema/api/car.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { cdnImageUrl, noPhotosText } from '../../domain/image-url.ts';
import { absoluteUrl } from '../../domain/page-head.ts';
import { downloadCarPdf } from './download-pdf.ts';
import styles from './print.module.css';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatNumber } from '../../../../schema/number-format.ts';
import { PhoneLink } from '../../components/phone/phone-link.tsx';

/** One labelled fact of the sheet (the vehicle page's Key information and specifications rows). */
export interface PrintFact {
  label: string;
  value: string;
}

/** What the print route hands the sheet: the car and what the vehicle page says about it. */
export interface PrintSheetProps {
  car: Car;
  /** The vehicle page's title of the car (series rule). */
  title: string;
  /** The price by the price rules (spec §4): the lead price, the was-price of an offer. */
  price: { text: string; wasText: string | null; priced: boolean };
  /** False for a sold (unavailable) car: the sheet says SOLD instead of a price. */
  available: boolean;
  keyInformation: PrintFact[];
  specifications: PrintFact[];
  /** Dealer comments as the page shows them in full (or the pending text). */
  comments: string;
  commentsTitle: string;
}

/**
 * The printable car page (spec §2 /print?car_id={slug}): one clean sheet — dealer, title, price,
 * photo, key information, specifications, features, dealer comments, location and phone — with
 * Print (the browser's print dialog, analytics event 61) and Download PDF (the platform's car PDF
 * by slug, 'Preparing...' while it downloads, spec §4; a failure is an alert with the message,
 * spec §8). The print stylesheet leaves the site's header, footer and these buttons off paper.
 */
export default function PrintSheet({ car, title, price, available, keyInformation, specifications, comments, commentsTitle }: PrintSheetProps) {
  const tenant = useTenant();
  const [preparing, setPreparing] = useState(false);
  const carPath = `/cars/${car.slug}`;
  const carUrl = absoluteUrl(tenant.siteUrl, carPath);
  const photo = car.images.find((image) => !image.video)?.image.url ?? car.primary_image_url;
  const photoSrc = cdnImageUrl(tenant.api.imageCdnBaseUrl, photo, 1280, tenant.limits.imageQuality);
  const tenantLocation = tenant.dealer.locations.find((location) => location.slug === car.location.slug);
  const phone = car.location.phone ?? tenantLocation?.phone ?? null;
  const address =
    car.location.address ??
    (tenantLocation ? `${tenantLocation.address.street}, ${tenantLocation.address.suburb} ${tenantLocation.address.state} ${tenantLocation.address.postcode}` : null);

  const print = () => {
    trackEvent(ANALYTICS_EVENTS.print, { car_id: car.id, format: 'print' });
    window.print();
  };
  const download = async () => {
    if (preparing) return;
    setPreparing(true);
    trackEvent(ANALYTICS_EVENTS.print, { car_id: car.id, format: 'pdf' });
    try {
      await downloadCarPdf(car.slug);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className={styles.page} data-testid="print-page">
      <div className={styles.toolbar}>
        <AppLink className={styles.back} href={carPath}>
          ← Back to the car
        </AppLink>
        <div className={styles.buttons}>
          <button type="button" className="btn btn--primary" onClick={print}>
            <Icon name="printer" size={18} />
            Print
          </button>
          <button type="button" className="btn btn--outline" onClick={() => void download()} aria-disabled={preparing} data-testid="download-pdf">
            {preparing ? (
              <>
                <Spinner />
                Preparing...
              </>
            ) : (
              'Download PDF'
            )}
          </button>
        </div>
      </div>

      <article className={styles.sheet} aria-labelledby="print-title">
        <header className={styles.sheetHeader}>
          {tenant.theme.logo ? (
            <img className={styles.logo} src={tenant.theme.logo.src} alt={tenant.theme.logo.alt || tenant.name} width={tenant.theme.logo.width} height={tenant.theme.logo.height} />
          ) : (
            <p className={styles.wordmark}>{tenant.name}</p>
          )}
          <p className={styles.stock}>
            Stock {car.stocknum}
            {car.vin ? <span className={styles.vin}>VIN {car.vin}</span> : null}
          </p>
        </header>

        <div className={styles.hero}>
          <div className={styles.photo}>
            {photoSrc ? <img src={photoSrc} alt={title} width={1280} height={720} decoding="async" /> : <span className={styles.noPhoto}>{noPhotosText(available)}</span>}
          </div>
          <div className={styles.summary}>
            <h1 id="print-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.priceLine} data-testid="print-price">
              {available ? (
                <>
                  <span className={price.priced ? styles.price : styles.priceText}>{price.text}</span>
                  {price.wasText ? (
                    <span className={styles.was}>
                      <span className="visually-hidden">was </span>
                      <s>{price.wasText}</s>
                    </span>
                  ) : null}
                  {price.priced && car.price_type ? <span className={styles.priceType}>{car.price_type}</span> : null}
                </>
              ) : (
                <span className={styles.sold}>SOLD</span>
              )}
            </p>
            <ul className={styles.glance} aria-label="At a glance">
              {car.item_type === 'caravan' ? null : <li>{formatNumber(car.km)} km</li>}
              {car.simple_transmission ? <li>{car.simple_transmission}</li> : null}
              {car.simple_fuel ? <li>{car.simple_fuel}</li> : null}
              {car.simple_body ? <li>{car.simple_body}</li> : null}
            </ul>
            <div className={styles.contact}>
              <p className={styles.contactName}>{car.location.name}</p>
              {address ? <p>{address}</p> : null}
              {phone ? (
                <p>
                  Phone <PhoneLink phone={phone} context={{ carId: car.id, dealershipId: car.dealership_id, placement: 'print' }} />
                </p>
              ) : null}
            </div>
          </div>
        </div>

        {keyInformation.length > 0 ? (
          <section className={styles.block} aria-labelledby="print-key-information">
            <h2 id="print-key-information" className={styles.blockTitle}>
              Key information
            </h2>
            <Facts facts={keyInformation} />
          </section>
        ) : null}

        {specifications.length > 0 ? (
          <section className={styles.block} aria-labelledby="print-specifications">
            <h2 id="print-specifications" className={styles.blockTitle}>
              Specifications
            </h2>
            <Facts facts={specifications} />
          </section>
        ) : null}

        {car.standardEquipment.length > 0 ? (
          <section className={styles.block} aria-labelledby="print-features">
            <h2 id="print-features" className={styles.blockTitle}>
              Features
            </h2>
            <ul className={styles.features}>
              {car.standardEquipment.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className={styles.block} aria-labelledby="print-comments">
          <h2 id="print-comments" className={styles.blockTitle}>
            {commentsTitle}
          </h2>
          <div className={styles.comments}>
            {comments.split(/\n{2,}/).map((paragraph, index) => (
              // oxlint-disable-next-line react/no-array-index-key -- paragraphs of one text, never reordered
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </section>

        <footer className={styles.sheetFooter}>
          <p>
            {tenant.name} · {car.location.name}
            {phone ? ` · ${phone}` : ''}
          </p>
          <p className={styles.url}>{carUrl}</p>
        </footer>
      </article>
    </div>
  );
}

function Facts({ facts }: { facts: PrintFact[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
