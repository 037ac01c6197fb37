import { useState } from 'react';
import { SpinRequestSchema, SpinResponseSchema } from '../../../../schema/api/spin-to-win.ts';
import type { LeadRuleIssue } from '../../../../schema/api/lead-rules.ts';
import { useServices } from '../../lib/use-services.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { CheckboxField, SubmitButton, TextField } from '../../components/form-kit/fields.tsx';
import type { FormEntries } from '../../components/form-kit/lead-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { chanceText, noPrizeChance, spinState } from '../../domain/spin-to-win.ts';
import { zonedDateTimeText } from '../../../../schema/zoned-time.ts';
import styles from './spin-to-win.module.css';
import { plainFieldIssues } from '../../../../schema/plain-issue.ts';

/** The wheel's segment colours, in prize order (the no-prize segment is the last). */
const SEGMENT_COLOURS = ['#f2c94c', '#56ccf2', '#6fcf97', '#f2994a', '#bb6bd9', '#eb5757', '#2d9cdb', '#27ae60', '#9b51e0', '#f299c2', '#b7950b', '#5d6d7e'];
const NO_PRIZE_COLOUR = '#e0e0e0';

/** The spin's payload: who spins and that they agree to the terms (the server draws the prize). */
export function spinPayload({ fields }: FormEntries): Record<string, unknown> {
  return { name: fields.name?.trim(), email: fields.email?.trim(), phone: fields.phone?.trim(), terms_conditions: fields.terms_conditions === 'on' };
}

/** The spin's problems as the server would name them (the email is the account's where the page is gated). */
function spinIssues(payload: Record<string, unknown>): LeadRuleIssue[] {
  const issues = plainFieldIssues(SpinRequestSchema, payload);
  if (!__FEATURE_GATED_SPIN_TO_WIN__ && !payload.email) issues.push({ path: 'email', message: 'Please enter your email address.' });
  return issues;
}

/**
 * Spin to win (spec §2 /spin-to-win; signed in first where features.gatedSpinToWin is on): the
 * tenant's promotion (content.spinToWin) with its dates, prizes and their chances, and terms. A
 * shopper spins once; the server draws the prize and records it for the dealer. The wheel is
 * decoration: the result is text in a live region. Only in bundles with features.spinToWin on.
 */
export default function SpinToWin({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const services = useServices();
  const promo = tenant.content.spinToWin;
  const [result, setResult] = useState<{ prize: string | null } | null>(null);
  if (!tenant.content.spinToWin || !promo) return null;
  const { title, intro, terms } = tenant.content.spinToWin;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const state = spinState(promo, new Date(services.now()), tenant.timeZone);
  const start = zonedDateTimeText(new Date(tenant.content.spinToWin.start), tenant.timeZone);
  const expiry = zonedDateTimeText(new Date(tenant.content.spinToWin.expiry), tenant.timeZone);
  const none = noPrizeChance(promo.prizes);

  // Conic segments sized by chance; the wheel turns so the won segment ends under the pointer at the top.
  let at = 0;
  const stops: string[] = [];
  const middles: number[] = [];
  promo.prizes.forEach((prize, i) => {
    stops.push(`${SEGMENT_COLOURS[i % SEGMENT_COLOURS.length]} ${at}% ${at + prize.chance}%`);
    middles.push(at + prize.chance / 2);
    at += prize.chance;
  });
  if (none > 0) stops.push(`${NO_PRIZE_COLOUR} ${at}% 100%`);
  const won = result ? promo.prizes.findIndex((p) => p.label === result.prize) : -1;
  const landing = result ? (won >= 0 ? (middles[won] ?? 0) : (at + 100) / 2) : 0;
  const turn = result ? 5 * 360 + (360 - (landing / 100) * 360) : 0;

  const prizeTable = (
    <table className={styles.prizes}>
      <caption className="visually-hidden">Prizes and the chance of winning each on one spin</caption>
      <thead>
        <tr>
          <th scope="col">Prize</th>
          <th scope="col">Chance</th>
        </tr>
      </thead>
      <tbody>
        {promo.prizes.map((prize, i) => (
          <tr key={prize.label}>
            <td>
              <span className={styles.swatch} style={{ background: SEGMENT_COLOURS[i % SEGMENT_COLOURS.length] }} aria-hidden="true" />
              {prize.label}
            </td>
            <td>{chanceText(prize.chance)}</td>
          </tr>
        ))}
        {none > 0 ? (
          <tr>
            <td>
              <span className={styles.swatch} style={{ background: NO_PRIZE_COLOUR }} aria-hidden="true" />
              No prize
            </td>
            <td>{chanceText(none)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );

  return (
    <>
      <Heading>{title}</Heading>
      {intro ? <p>{intro}</p> : null}
      <p>
        Open from {start} until {expiry}. One spin per person.
      </p>
      <div className={styles.layout}>
        <div>
          <div className={styles.pointer} aria-hidden="true">
            <div className={styles.wheel} style={{ background: `conic-gradient(${stops.join(', ')})`, transform: `rotate(${turn}deg)` }} />
          </div>
          {prizeTable}
        </div>
        <div>
          <div role="status">
            {result ? (
              <p className={styles.result}>{result.prize ? `You won: ${result.prize}` : 'No prize this time. Thanks for playing!'}</p>
            ) : null}
          </div>
          {result ? (
            <p>{result.prize ? `The ${tenant.name} team will contact you to arrange your prize.` : 'Keep an eye out for our next promotion.'}</p>
          ) : state === 'upcoming' ? (
            <p>Spinning opens on {start}.</p>
          ) : state === 'ended' ? (
            <p>This promotion has ended.</p>
          ) : (
            <LeadFormSection
              title="Spin the Wheel"
              config={{
                form: 'spin_to_win',
                path: '/api/spin-to-win',
                payload: spinPayload,
                check: spinIssues,
                onSent: (_answer, _payload, body) => {
                  const parsed = SpinResponseSchema.safeParse(body);
                  if (parsed.success) setResult({ prize: parsed.data.prize });
                },
              }}
            >
              <TextField name="name" label="Full name" required autoComplete="name" />
              {__FEATURE_GATED_SPIN_TO_WIN__ ? null : <TextField name="email" label="Email" type="email" required autoComplete="email" />}
              <TextField name="phone" label="Mobile Number" type="tel" required autoComplete="tel" />
              <CheckboxField name="terms_conditions" label="I agree to the terms and conditions of this promotion" />
              <SubmitButton>Spin the Wheel</SubmitButton>
            </LeadFormSection>
          )}
        </div>
      </div>
      <section aria-labelledby="spin-terms-title" className={styles.termsSection}>
        <h2 id="spin-terms-title">Terms and conditions</h2>
        <p className={styles.terms}>{terms}</p>
      </section>
    </>
  );
}
