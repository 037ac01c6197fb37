import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TenantSummary } from '../../../shared/workspace-api.ts';
import { siteUrlProblem, slugProblem, suburbProblem, suggestSlug, type NewTenantSetup, type PostcodePlace } from '../../../shared/new-tenant.ts';

/** A modal built on <dialog>: focus trap, Escape and the top layer come from the browser. */
export function Modal({ title, children, onClose, wide }: { title: string; children: ReactNode; onClose: () => void; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${wide ? 'wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** A dialog's buttons: the way out (Cancel, Close) first, then its main action (a submit button inside a form). */
export function ModalActions({ cancelLabel = 'Cancel', onCancel, action, extra }: {
  cancelLabel?: string;
  onCancel: () => void;
  action: { label: ReactNode; onClick?: () => void; submit?: boolean; disabled?: boolean; danger?: boolean };
  extra?: ReactNode;
}) {
  return (
    <div className="modal-actions">
      {extra}
      <button type="button" className="button subtle" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type={action.submit ? 'submit' : 'button'} className={`button ${action.danger ? 'danger' : 'primary'}`} onClick={action.onClick} disabled={action.disabled}>
        {action.label}
      </button>
    </div>
  );
}

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  extra?: ReactNode;
}) {
  return (
    <Modal title={props.title} onClose={props.onCancel}>
      <div className="modal-body">{props.children}</div>
      <ModalActions onCancel={props.onCancel} action={{ label: props.confirmLabel, onClick: props.onConfirm, danger: props.danger ?? false }} extra={props.extra} />
    </Modal>
  );
}

type CreateFrom = { kind: 'template'; template: string } | { kind: 'duplicate'; source: string };
type PostcodeAnswer = { place?: PostcodePlace; available: boolean };

/** A labelled input with its hint or (once shown) its problem, described by id for screen readers. */
function Field(props: { label: string; value: string; onChange: (v: string) => void; problem?: string | undefined; show: boolean; hint: ReactNode; inputMode?: 'numeric' | 'tel' | 'url'; placeholder?: string; spellCheck?: boolean; list?: string }) {
  const id = useId();
  const bad = props.show && !!props.problem;
  return (
    <label className="stacked">
      <span>{props.label}</span>
      <input
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={bad}
        aria-describedby={id}
        {...(props.inputMode ? { inputMode: props.inputMode } : {})}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        spellCheck={props.spellCheck ?? true}
        {...(props.list ? { list: props.list, autoComplete: 'off' } : {})}
      />
      <small id={id} className={bad ? 'error-text' : 'hint'}>
        {bad ? props.problem : props.hint}
      </small>
    </label>
  );
}

const required = (v: string, what: string) => (v.trim() ? undefined : `Enter ${what}.`);

/** One location's answers in the dialog. */
type LocationAnswers = { name: string; street: string; suburb: string; postcode: string; phone: string };
const NO_LOCATION: LocationAnswers = { name: '', street: '', suburb: '', postcode: '', phone: '' };

const trimmed = (l: LocationAnswers) => ({ name: l.name.trim(), street: l.street.trim(), suburb: l.suburb.trim(), postcode: l.postcode.trim(), phone: l.phone.trim() });

/** The place of a location's postcode, looked up while typing (undefined until known). */
function usePostcodePlace(postcode: string, onLookupPostcode: (postcode: string) => Promise<PostcodeAnswer | undefined>) {
  const pc = postcode.trim();
  const [lookup, setLookup] = useState<{ postcode: string; answer: PostcodeAnswer | undefined } | undefined>();
  useEffect(() => {
    if (!/^\d{4}$/.test(pc)) return;
    let live = true;
    void onLookupPostcode(pc).then((answer) => {
      if (live) setLookup({ postcode: pc, answer });
    });
    return () => {
      live = false;
    };
  }, [pc, onLookupPostcode]);
  return { pc, looked: lookup?.postcode === pc, place: lookup?.postcode === pc ? lookup.answer?.place : undefined };
}

/** What is wrong with a location's answers, field by field. */
function locationProblems(loc: LocationAnswers, postcode: ReturnType<typeof usePostcodePlace>) {
  const { pc, looked, place } = postcode;
  return {
    locationName: required(loc.name, 'the location name'),
    street: required(loc.street, 'the street address'),
    suburb: !loc.suburb.trim() ? (place ? `Enter the suburb. Suburbs of ${place.postcode}: ${place.localities.join(', ')}.` : 'Enter the suburb.') : place ? suburbProblem(loc.suburb, place) : undefined,
    postcode: !/^\d{4}$/.test(pc) ? 'Enter the 4-digit postcode.' : !looked ? 'Looking up the postcode…' : !place ? `${pc} is not a known Australian postcode.` : undefined,
    phone: /^[0-9 +()]{8,20}$/.test(loc.phone.trim()) ? undefined : 'Enter a phone number of 8 to 20 digits, spaces, + or brackets.',
  };
}

/** A location's fields: name, street, suburb (the postcode's suburbs offered), postcode (state and map position shown), phone. */
function LocationFields({ legend, value, onChange, postcode, show, nameHint, children }: { legend: string; value: LocationAnswers; onChange: (next: LocationAnswers) => void; postcode: ReturnType<typeof usePostcodePlace>; show: boolean; nameHint: string; children?: ReactNode }) {
  const problems = locationProblems(value, postcode);
  const { pc, place } = postcode;
  const suburbListId = useId();
  const set = (patch: Partial<LocationAnswers>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="stack">
      <legend>{legend}</legend>
      {children}
      <Field label="Location name" value={value.name} onChange={(v) => set({ name: v })} problem={problems.locationName} show={show} hint={nameHint} />
      <Field label="Street" value={value.street} onChange={(v) => set({ street: v })} problem={problems.street} show={show} hint="Street number and name." />
      <Field
        label="Suburb"
        value={value.suburb}
        onChange={(v) => set({ suburb: v })}
        problem={problems.suburb}
        show={show || (!!place && !!value.suburb.trim())}
        hint={place ? `Suburbs of ${place.postcode}: ${place.localities.join(', ')}` : 'As on the address; the postcode lists its suburbs.'}
        list={suburbListId}
      />
      <datalist id={suburbListId}>
        {(place?.localities ?? []).map((l) => (
          <option key={l} value={l}>{l}</option>
        ))}
      </datalist>
      <Field
        label="Postcode"
        value={value.postcode}
        onChange={(v) => set({ postcode: v })}
        problem={problems.postcode}
        show={show || pc.length === 4}
        hint={place ? `${place.state} · map position ${place.lat.toFixed(4)}, ${place.lng.toFixed(4)}` : 'Sets the state and the map position.'}
        inputMode="numeric"
      />
      <Field label="Phone" value={value.phone} onChange={(v) => set({ phone: v })} problem={problems.phone} show={show} hint="e.g. (07) 5443 1234" inputMode="tel" />
    </fieldset>
  );
}

/**
 * New tenant: what a valid tenant needs (name, slug suggested from it and checked while typing,
 * site address, template, first dealership and location with coordinates from the postcode), so
 * the file it creates is valid, previews and builds at once. A duplicate needs only a name, slug
 * and its own site address.
 */
export function NewTenantDialog({
  templates,
  tenants,
  duplicateOf,
  onSubmit,
  onLookupPostcode,
  onCancel,
}: {
  templates: { id: string; label: string; description: string }[];
  tenants: TenantSummary[];
  duplicateOf?: string;
  onSubmit: (slug: string, name: string, from: CreateFrom, extra: { setup?: NewTenantSetup; siteUrl?: string }) => Promise<boolean>;
  onLookupPostcode: (postcode: string) => Promise<PostcodeAnswer | undefined>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState(duplicateOf ? `${duplicateOf}-copy` : '');
  const [slugEdited, setSlugEdited] = useState(!!duplicateOf);
  const [siteUrl, setSiteUrl] = useState('');
  const [source, setSource] = useState<string>(duplicateOf ? `dup:${duplicateOf}` : `tpl:${templates[0]?.id ?? ''}`);
  const [dealershipName, setDealershipName] = useState('');
  const [makes, setMakes] = useState('');
  const [licence, setLicence] = useState('');
  const [location, setLocation] = useState<LocationAnswers>(NO_LOCATION);
  // A second location (the service centre, say), and which of the two shoppers see first.
  const [second, setSecond] = useState<(LocationAnswers & { type: 'sales' | 'service' }) | undefined>();
  const [primary, setPrimary] = useState<'first' | 'second'>('first');
  const firstPlace = usePostcodePlace(location.postcode, onLookupPostcode);
  const secondPlace = usePostcodePlace(second?.postcode ?? '', onLookupPostcode);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const fromTemplate = source.startsWith('tpl:');
  const secondProblems = second ? locationProblems(second, secondPlace) : {};

  const problems = {
    name: required(name, 'the dealer or group name'),
    slug: slugProblem(slug, tenants.map((t) => t.slug)),
    siteUrl: siteUrlProblem(siteUrl.trim()),
    ...(fromTemplate
      ? {
          dealershipName: required(dealershipName || name, 'the dealership name'),
          makes: makes.split(',').some((m) => m.trim()) ? undefined : 'Enter at least one make, e.g. Toyota, Mazda.',
          licence: required(licence, 'the dealer licence number'),
          ...locationProblems(location, firstPlace),
          ...Object.fromEntries(Object.entries(secondProblems).map(([k, v]) => [`second.${k}`, v])),
        }
      : {}),
  };
  const firstProblem = Object.values(problems).find(Boolean);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (firstProblem) {
      // Straight to the first field to fix, as a form should.
      const form = e.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    const from: CreateFrom = fromTemplate ? { kind: 'template', template: source.slice(4) } : { kind: 'duplicate', source: source.slice(4) };
    const extra = fromTemplate
      ? {
          setup: {
            siteUrl: siteUrl.trim(),
            dealership: { name: (dealershipName || name).trim(), makes: makes.split(',').map((m) => m.trim()).filter(Boolean), licenceNumber: licence.trim() },
            location: trimmed(location),
            ...(second ? { secondLocation: { ...trimmed(second), type: second.type }, primary } : {}),
          },
        }
      : { siteUrl: siteUrl.trim() };
    const ok = await onSubmit(slug, name.trim(), from, extra);
    setBusy(false);
    if (ok) onCancel();
  };
  const tpl = templates.find((t) => `tpl:${t.id}` === source);
  return (
    <Modal title={duplicateOf ? `Duplicate ${duplicateOf}` : 'New tenant'} onClose={onCancel} wide>
      <form onSubmit={submit} noValidate className="modal-body stack new-tenant">
        <Field
          label="Site name"
          value={name}
          onChange={(v) => {
            setName(v);
            if (!slugEdited) setSlug(suggestSlug(v));
          }}
          problem={problems.name}
          show={touched}
          hint="Shown in the header, title and footer."
        />
        <Field
          label="Slug (file name and host)"
          value={slug}
          onChange={(v) => {
            setSlug(v.trim());
            setSlugEdited(true);
          }}
          problem={problems.slug}
          // Checked while typing: a taken or malformed slug shows at once.
          show={touched || !!slug}
          hint={`Creates tenants/${slug || '<slug>'}.json, previewed at ${slug || '<slug>'}.localhost`}
          spellCheck={false}
        />
        <Field label="Site address" value={siteUrl} onChange={setSiteUrl} problem={problems.siteUrl} show={touched || siteUrl.length > 8} hint="The dealer's own web address, e.g. https://www.coastalmotors.com.au" inputMode="url" spellCheck={false} />
        <label className="stacked">
          <span>Start from</span>
          <select value={source} onChange={(e) => setSource(e.target.value)}>
            <optgroup label="Templates">
              {templates.map((t) => (
                <option key={t.id} value={`tpl:${t.id}`}>
                  {t.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Copy of an existing tenant">
              {tenants.map((t) => (
                <option key={t.slug} value={`dup:${t.slug}`}>
                  {t.name ?? t.slug} ({t.slug})
                </option>
              ))}
            </optgroup>
          </select>
          {tpl && <small className="hint">{tpl.description}</small>}
        </label>
        {fromTemplate && (
          <>
            <fieldset className="stack">
              <legend>First dealership</legend>
              <Field label="Dealership name" value={dealershipName} onChange={setDealershipName} problem={problems.dealershipName} show={touched} hint={name ? `Leave empty to use "${name}".` : 'The trading name on the licence.'} placeholder={name} />
              <Field label="Makes sold" value={makes} onChange={setMakes} problem={problems.makes} show={touched} hint="Separate makes with commas, e.g. Toyota, Mazda." />
              <Field label="Dealer licence number" value={licence} onChange={setLicence} problem={problems.licence} show={touched} hint="Shown in the footer, as the law asks." />
            </fieldset>
            <LocationFields legend="First location" value={location} onChange={setLocation} postcode={firstPlace} show={touched} nameHint="e.g. Coastal Motors Maroochydore" />
            {second ? (
              <>
                <LocationFields legend="Second location" value={second} onChange={(next) => setSecond({ ...second, ...next })} postcode={secondPlace} show={touched} nameHint="e.g. Coastal Motors Service Centre">
                  <label className="stacked">
                    <span>What it is</span>
                    <select value={second.type} onChange={(e) => setSecond({ ...second, type: e.target.value as 'sales' | 'service' })}>
                      <option value="sales">Sales yard</option>
                      <option value="service">Service centre</option>
                    </select>
                  </label>
                  <button type="button" className="button subtle small" onClick={() => (setSecond(undefined), setPrimary('first'))}>
                    Remove the second location
                  </button>
                </LocationFields>
                <fieldset className="stack">
                  <legend>Primary location</legend>
                  <small className="hint">The location shoppers see first: on the home page, the contact page and in search.</small>
                  <label className="inline-check">
                    <input type="radio" name="primary-location" checked={primary === 'first'} onChange={() => setPrimary('first')} /> {location.name.trim() || 'First location'}
                  </label>
                  <label className="inline-check">
                    <input type="radio" name="primary-location" checked={primary === 'second'} onChange={() => setPrimary('second')} /> {second.name.trim() || 'Second location'}
                  </label>
                </fieldset>
              </>
            ) : (
              <button type="button" className="button small" onClick={() => setSecond({ ...NO_LOCATION, suburb: location.suburb, postcode: location.postcode, type: 'service' })}>
                Add a second location (a service centre, say)
              </button>
            )}
          </>
        )}
        {touched && firstProblem && (
          <p className="error-text" role="alert">
            Fix the fields marked above to create the tenant.
          </p>
        )}
        <ModalActions onCancel={onCancel} action={{ label: busy ? 'Creating…' : 'Create tenant', submit: true, disabled: busy }} />
      </form>
    </Modal>
  );
}

export function RenameDialog({ from, tenants, onSubmit, onCancel }: { from: string; tenants: TenantSummary[]; onSubmit: (to: string) => Promise<boolean>; onCancel: () => void }) {
  const [to, setTo] = useState(from);
  const [touched, setTouched] = useState(false);
  const problem = to === from ? 'Enter a different slug.' : slugProblem(to, tenants.map((t) => t.slug));
  return (
    <Modal title={`Rename ${from}`} onClose={onCancel}>
      <form
        className="modal-body stack"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setTouched(true);
          if (problem) return;
          if (await onSubmit(to)) onCancel();
        }}
      >
        <label className="stacked">
          <span>New slug</span>
          <input value={to} onChange={(e) => setTo(e.target.value.trim())} aria-invalid={touched && !!problem} aria-describedby="rename-help" spellCheck={false} />
          <small id="rename-help" className={touched && problem ? 'error-text' : 'hint'}>
            {touched && problem ? problem : `Renames the file to tenants/${to}.json and sets "slug" inside it.`}
          </small>
        </label>
        <ModalActions onCancel={onCancel} action={{ label: 'Rename', submit: true }} />
      </form>
    </Modal>
  );
}
