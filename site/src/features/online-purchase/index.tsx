import { useEffect, useRef, useState, type ReactNode } from 'react';
import { OrderContactSchema, OrderRequestSchema, OrderResponseSchema, type OrderResponse } from '../../../../schema/api/order.ts';
import type { FormCar } from '../../api/leads/form-car.ts';
import { useDeliveryEstimate } from '../../api/delivery/delivery.ts';
import { fetchOrder, placedOrder, rememberPlacedOrder } from '../../api/orders/order.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { CheckboxField, FieldRow, PostcodeField, RadioGroupField, SubmitButton, TextField } from '../../components/form-kit/fields.tsx';
import { LeadForm, type LeadFormConfig } from '../../components/form-kit/lead-form.tsx';
import styles from '../../components/form-kit/form-kit.module.css';
import { StepIndicator } from '../../components/form-kit/steps.tsx';
import { CarSummary } from '../../components/lead-forms/car-summary.tsx';
import { canBuyOnline, orderDeposit, orderTotals, purchasePrice, ORDER_STEPS, type Fulfilment } from '../../domain/online-purchase.ts';
import journey from './online-purchase.module.css';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import { plainFieldIssues } from '../../../../schema/plain-issue.ts';

/** The delivery step's choices (the radio's text → the order's fulfilment). */
const FULFILMENT_OPTIONS: Record<string, Fulfilment> = { 'Pick up from the dealership': 'pickup', 'Deliver to me': 'delivery' };
const FULFILMENT_LABELS = Object.keys(FULFILMENT_OPTIONS);

interface Contact {
  name: string;
  email: string;
  phone: string;
  postcode: string;
}

interface Delivery {
  fulfilment: Fulfilment;
  delivery_postcode?: string | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The contact step's payload, read from the form. */
export function contactPayload({ fields }: { fields: Record<string, string> }): Record<string, unknown> {
  return { name: text(fields.name), email: text(fields.email), phone: text(fields.phone), postcode: text(fields.postcode) };
}

/** The delivery step's payload: pickup, or delivery to a postcode. */
export function deliveryPayload({ fields }: { fields: Record<string, string> }): Record<string, unknown> {
  const fulfilment = FULFILMENT_OPTIONS[fields.fulfilment ?? ''];
  return { fulfilment, ...(fulfilment === 'delivery' ? { delivery_postcode: text(fields.delivery_postcode) || undefined } : {}) };
}

/**
 * The online purchase journey (spec §1 "start an online purchase", §2 /checkout-journey?car_id=):
 * Your Car (the car, its price and the deposit), Your Details, Delivery or Pickup (the delivery
 * calculator's price), Deposit (the sums, terms, and the deposit through the platform's payment
 * provider), then the confirmation with the order reference. The server computes the order's
 * sums again and refuses a total that differs from the one shown here. Only in bundles with
 * features.onlinePurchase on; a car that cannot be bought online (spec §4) gets a message.
 */
export default function OnlinePurchase({ car, headingLevel = 2 }: { car?: FormCar | null | undefined; headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const [step, setStep] = useState(0);
  const [contact, setContact] = useState<Contact | null>(null);
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [order, setOrder] = useState<OrderResponse | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // Each new step (and the confirmation) takes the focus once rendered, so a screen reader hears where it is.
  const go = (to: number) => {
    setStep(to);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };
  const carId = car?.id;
  // An order this tab placed for the car (a reload of the confirmation): read back with its token
  // once hydrated (the server cannot see the tab's storage, so it renders the journey).
  useEffect(() => {
    if (carId === undefined) return;
    const mine = placedOrder(tenant.slug, carId);
    if (!mine) return;
    let current = true;
    fetchOrder(mine)
      .then((answer) => {
        if (current) setOrder(answer);
      })
      .catch(() => {
        // Gone or unreadable: the shopper starts a new journey.
      });
    return () => {
      current = false;
    };
  }, [tenant.slug, carId]);
  if (!car) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
  const heading = `${tenant.labels.onlinePurchase}: ${title}`;
  const price = purchasePrice(car);
  const deposit = orderDeposit(car, tenant.limits.reserveDepositFallback);
  const priceType = car.price_type ? ` ${car.price_type}` : '';

  if (order) {
    return (
      <section aria-labelledby="order-confirmed">
        <Heading id="order-confirmed" ref={stepHeading} tabIndex={-1}>
          Thank you, your order is in
        </Heading>
        <p className={styles.offer}>
          Order reference <strong>{order.reference}</strong>
        </p>
        <CarSummary car={car} />
        <OrderSums totals={order} fulfilment={order.fulfilment} region={order.delivery_region} locationName={car.location_name} priceType={priceType} />
        {order.payment.status === 'requires_action' && order.payment.redirect_url ? (
          <p>
            {`Your deposit of ${formatMoney(order.deposit)} is not paid yet. `}
            <a href={order.payment.redirect_url}>Pay the deposit</a>
          </p>
        ) : (
          <p>
            {order.payment.status === 'succeeded'
              ? `Your deposit of ${formatMoney(order.deposit)} is paid. A receipt is on its way to your email.`
              : `Your deposit of ${formatMoney(order.deposit)} is recorded against this order. No card was charged online: the ${tenant.name} team will call you to take the deposit, confirm the paperwork and arrange ${order.fulfilment === 'delivery' ? 'delivery' : 'your pickup'}.`}
          </p>
        )}
        <p>Please quote {order.reference} when you talk to us.</p>
      </section>
    );
  }

  if (!canBuyOnline(car)) {
    return (
      <section aria-labelledby="order-title">
        <Heading id="order-title">{heading}</Heading>
        <CarSummary car={car} />
        <p className={styles.warning}>This car cannot be bought online: it is reserved, sold or not yet in stock.</p>
        <p>
          <a href={`/cars/${car.slug}#enquiry-form`}>Enquire about this car</a>
        </p>
      </section>
    );
  }

  const back = (to: number) => (
    <button type="button" className="btn btn--secondary" onClick={() => go(to)}>
      Back
    </button>
  );

  return (
    <section aria-labelledby="order-title">
      <Heading id="order-title">{heading}</Heading>
      <StepIndicator steps={ORDER_STEPS} current={step} />
      <Sub ref={stepHeading} tabIndex={-1} className={journey.stepTitle}>
        {ORDER_STEPS[step]}
      </Sub>
      {step === 0 ? (
        <div className={journey.panel}>
          <CarSummary car={car} />
          <dl className={journey.sums}>
            <div>
              <dt>Price</dt>
              <dd>
                {formatMoney(price)}
                {priceType}
              </dd>
            </div>
            <div>
              <dt>Deposit to place your order</dt>
              <dd>{formatMoney(deposit)}</dd>
            </div>
          </dl>
          <p>Order online in three steps: your details, delivery or pickup, then the deposit. You pay the balance when you take the car.</p>
          <button type="button" className="btn btn--primary btn--block" onClick={() => go(1)}>
            Start my order
          </button>
        </div>
      ) : step === 1 ? (
        <StepForm
          label="Your Details"
          config={{
            form: 'online_purchase',
            payload: contactPayload,
            check: (payload) => plainFieldIssues(OrderContactSchema, payload),
            local: (payload) => {
              setContact(payload as unknown as Contact);
              go(2);
            },
          }}
        >
          <TextField name="name" label="Full name" required autoComplete="name" defaultValue={contact?.name} />
          <FieldRow>
            <TextField name="email" label="Email" type="email" required autoComplete="email" inputMode="email" defaultValue={contact?.email} />
            <TextField name="phone" label="Mobile Number" type="tel" required autoComplete="tel" inputMode="tel" defaultValue={contact?.phone} />
          </FieldRow>
          <PostcodeField defaultValue={contact?.postcode} />
          <div className={journey.actions}>
            {back(0)}
            <SubmitButton>Next: Delivery or Pickup</SubmitButton>
          </div>
        </StepForm>
      ) : step === 2 ? (
        <StepForm
          label="Delivery or Pickup"
          config={{
            form: 'online_purchase',
            payload: deliveryPayload,
            check: (payload) => {
              const issues = plainFieldIssues(OrderRequestSchema, { ...contact, car_id: car.id, terms_conditions: true, ...payload });
              return issues.filter((issue) => issue.path === 'fulfilment' || issue.path === 'delivery_postcode');
            },
            local: (payload) => {
              setDelivery(payload as unknown as Delivery);
              go(3);
            },
          }}
        >
          <RadioGroupField
            name="fulfilment"
            label="How would you like to take the car?"
            options={FULFILMENT_LABELS}
            required
            defaultValue={FULFILMENT_LABELS.find((label) => FULFILMENT_OPTIONS[label] === (delivery?.fulfilment ?? 'pickup'))}
          />
          <p className={styles.note}>
            Pickup is free from {car.location_name}. Delivery is priced from our nearest yard to your postcode; the next step shows the price.
          </p>
          <PostcodeField name="delivery_postcode" label="Postcode to deliver to (for delivery)" required={false} defaultValue={delivery?.delivery_postcode ?? contact?.postcode} />
          <div className={journey.actions}>
            {back(1)}
            <SubmitButton>Next: Deposit</SubmitButton>
          </div>
        </StepForm>
      ) : contact && delivery ? (
        <DepositStep
          car={car}
          contact={contact}
          delivery={delivery}
          price={price}
          deposit={deposit}
          priceType={priceType}
          back={back(2)}
          onPlaced={(placed) => {
            if (placed.order_token) rememberPlacedOrder(tenant.slug, car.id, { id: placed.order_id, token: placed.order_token });
            // The provider's hosted payment page takes the deposit, then sends the shopper back here.
            if (placed.payment.status === 'requires_action' && placed.payment.redirect_url) {
              window.location.assign(placed.payment.redirect_url);
              return;
            }
            setOrder(placed);
            requestAnimationFrame(() => stepHeading.current?.focus());
          }}
        />
      ) : null}
    </section>
  );
}

function StepForm({ label, config, children }: { label: string; config: LeadFormConfig; children: ReactNode }) {
  return (
    <LeadForm label={label} config={config}>
      {children}
    </LeadForm>
  );
}

/** The order's sums as a list (price, delivery, total, deposit now, balance later). */
function OrderSums({
  totals,
  fulfilment,
  region,
  locationName,
  priceType,
}: {
  totals: { vehicle_price: number; delivery_fee: number; total: number; deposit: number; balance_due: number };
  fulfilment: Fulfilment;
  region: string | null | undefined;
  locationName: string;
  priceType: string;
}) {
  return (
    <dl className={journey.sums}>
      <div>
        <dt>Price</dt>
        <dd>
          {formatMoney(totals.vehicle_price)}
          {priceType}
        </dd>
      </div>
      <div>
        <dt>{fulfilment === 'delivery' ? `Delivery${region ? ` (${region})` : ''}` : `Pickup from ${locationName}`}</dt>
        <dd>{totals.delivery_fee > 0 ? formatMoney(totals.delivery_fee) : 'Free'}</dd>
      </div>
      <div className={journey.total}>
        <dt>Total</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
      <div>
        <dt>Deposit now</dt>
        <dd>{formatMoney(totals.deposit)}</dd>
      </div>
      <div>
        <dt>Balance when you take the car</dt>
        <dd>{formatMoney(totals.balance_due)}</dd>
      </div>
    </dl>
  );
}

/**
 * The last step: the sums (delivery priced by the platform's delivery lookup), the terms and the
 * deposit. The order goes to POST /api/orders with the total shown, through the form engine's
 * outbox (an Idempotency-Key per submission: a double click or a retry places one order).
 */
function DepositStep({
  car,
  contact,
  delivery,
  price,
  deposit,
  priceType,
  back,
  onPlaced,
}: {
  car: FormCar;
  contact: Contact;
  delivery: Delivery;
  price: number;
  deposit: number;
  priceType: string;
  back: ReactNode;
  onPlaced: (order: OrderResponse) => void;
}) {
  const tenant = useTenant();
  const delivering = delivery.fulfilment === 'delivery';
  const estimate = useDeliveryEstimate(delivering ? (delivery.delivery_postcode ?? null) : null, car.id);
  if (delivering && estimate.isPending) {
    return (
      <p role="status" aria-busy="true">
        Working out the delivery price to {delivery.delivery_postcode}…
      </p>
    );
  }
  if (delivering && (estimate.isError || estimate.data?.price === null || estimate.data?.price === undefined)) {
    return (
      <div>
        <p className={styles.warning} role="alert">
          {estimate.data?.message ?? tenant.labels.submitError}
        </p>
        <div className={journey.actions}>{back}</div>
      </div>
    );
  }
  const fee = delivering ? (estimate.data?.price ?? 0) : 0;
  const totals = orderTotals(price, fee, deposit);
  return (
    <LeadForm
      label="Deposit"
      config={{
        form: 'online_purchase',
        car,
        path: '/api/orders',
        payload: ({ fields }) => ({ terms_conditions: fields.terms_conditions === 'on' }),
        extra: { car_id: car.id, ...contact, ...delivery, expected_total: totals.total },
        check: (payload) => plainFieldIssues(OrderRequestSchema, payload),
        onSent: (_answer, _payload, body) => {
          const placed = OrderResponseSchema.safeParse(body);
          if (placed.success) onPlaced(placed.data);
        },
      }}
    >
      <OrderSums totals={totals} fulfilment={delivery.fulfilment} region={estimate.data?.region} locationName={car.location_name} priceType={priceType} />
      <div className={styles.external}>
        <p>
          <strong>Deposit {formatMoney(totals.deposit)}</strong>, fully refundable until the dealer confirms your order.
        </p>
        <p>Payment: this site takes no card details. Your order and deposit are recorded and the dealer takes the deposit with you directly.</p>
      </div>
      <p className={styles.note}>
        Ordering as {contact.name} ({contact.email}, {contact.phone}).
      </p>
      <CheckboxField name="terms_conditions" label="I agree to the ">
        <a href="/terms-and-conditions" target="_blank" rel="noopener">
          terms and conditions
        </a>
      </CheckboxField>
      <div className={journey.actions}>
        {back}
        <SubmitButton>Place order and pay {formatMoney(totals.deposit)} deposit</SubmitButton>
      </div>
    </LeadForm>
  );
}
