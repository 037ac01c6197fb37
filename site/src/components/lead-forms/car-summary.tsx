import type { FormCar } from '../../api/leads/form-car.ts';
import styles from '../form-kit/form-kit.module.css';
import { vehicleTitle } from '../../domain/vehicle-title.ts';

/** The car a form is about: photo, title and stock number, so the shopper sees what they ask about. */
export function CarSummary({ car }: { car: FormCar }) {
  const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
  return (
    <div className={styles.carSummary}>
      {car.primary_image_url ? <img src={`${car.primary_image_url}${car.primary_image_url.includes('?') ? '&' : '?'}w=160`} alt="" width={96} height={72} /> : null}
      <div>
        <p>
          <strong>{title}</strong>
        </p>
        <p>
          {car.location_name}
          {car.stocknum ? ` · Stock #${car.stocknum}` : ''}
        </p>
      </div>
    </div>
  );
}
