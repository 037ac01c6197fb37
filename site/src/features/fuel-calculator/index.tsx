import { useId, useState } from 'react';
import { fuelCost } from '../../domain/fuel-cost.ts';
import styles from './fuel-calculator.module.css';
import { formatMoney } from '../../../../schema/number-format.ts';

const money = (n: number) => formatMoney(n, { cents: 'always' });

function parse(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** The fuel cost calculator (spec §9): price per litre, km per week and the car's L/100 km. */
export default function FuelCalculator({ consumption, pricePerLitre, kmPerWeek }: { consumption: number; pricePerLitre: number; kmPerWeek: number }) {
  const id = useId();
  const [price, setPrice] = useState(String(pricePerLitre.toFixed(2)));
  const [km, setKm] = useState(String(kmPerWeek));
  const [litres, setLitres] = useState(String(consumption));
  const cost = fuelCost({ litresPer100Km: parse(litres), kmPerWeek: parse(km), pricePerLitre: parse(price) });
  return (
    <div className={styles.calculator} data-testid="fuel-calculator">
      <div className={styles.calcInputs}>
        <label htmlFor={`${id}-price`}>
          Fuel price ($ per litre)
          <input id={`${id}-price`} type="number" inputMode="decimal" min="0" step="0.01" value={price} onChange={(e) => setPrice(e.target.value)} />
        </label>
        <label htmlFor={`${id}-km`}>
          Kilometres per week
          <input id={`${id}-km`} type="number" inputMode="numeric" min="0" step="10" value={km} onChange={(e) => setKm(e.target.value)} />
        </label>
        <label htmlFor={`${id}-l`}>
          Fuel use (L/100 km)
          <input id={`${id}-l`} type="number" inputMode="decimal" min="0" step="0.1" value={litres} onChange={(e) => setLitres(e.target.value)} />
        </label>
      </div>
      <dl className={styles.calcResults} aria-live="polite">
        <div>
          <dt>Per week</dt>
          <dd data-testid="fuel-weekly">{money(cost.weekly)}</dd>
        </div>
        <div>
          <dt>Per month</dt>
          <dd>{money(cost.monthly)}</dd>
        </div>
        <div>
          <dt>Per year</dt>
          <dd>{money(cost.yearly)}</dd>
        </div>
      </dl>
    </div>
  );
}
