import { type Ref, useEffect, useRef, useState, type ReactNode } from 'react';
import { trackPhoneContact, type PhoneContext } from '../../lib/phone-contact.ts';
import { telHref } from '../../domain/location-pages.ts';

/**
 * A dealer's phone number as a `tel:` link; tapping it records the contact (analytics event 25
 * and the lead-tracking call, lib/phone-contact.ts). Every phone number the site shows is one.
 */
export function PhoneLink({
  phone,
  context,
  className,
  children,
  testId,
  linkRef,
}: {
  phone: string;
  context: PhoneContext;
  className?: string | undefined;
  children?: ReactNode;
  testId?: string;
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  return (
    <a ref={linkRef} href={telHref(phone)} className={className} data-testid={testId} onClick={() => trackPhoneContact('call', context)}>
      {children ?? phone}
    </a>
  );
}

/**
 * The phone block (spec §4): the number behind a button, or shown at once where the tenant says so
 * (`revealed`); revealing records the contact, as tapping the number does.
 */
export function PhoneReveal({
  phone,
  context,
  revealed: revealedAtFirst,
  noNumberText,
  icon,
  className,
  buttonClassName,
  linkClassName,
}: {
  phone: string | null;
  context: PhoneContext;
  revealed: boolean;
  /** Shown instead when there is no number (the tenant's 'Call the dealer'). */
  noNumberText: string;
  /** Shown before the button's text and the number. */
  icon: ReactNode;
  className?: string | undefined;
  buttonClassName?: string | undefined;
  linkClassName?: string | undefined;
}) {
  const [revealed, setRevealed] = useState(revealedAtFirst);
  const shown = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  // The button the shopper pressed is gone: focus goes to the number that replaced it.
  useEffect(() => {
    if (revealed && shown.current) link.current?.focus();
  }, [revealed]);
  useEffect(() => {
    if (!phone) console.warn('No phone for car', context.carId);
  }, [phone, context.carId]);
  if (!phone) return <p className={className}>{noNumberText}</p>;
  return (
    <div className={className}>
      {revealed ? (
        <PhoneLink phone={phone} context={context} className={linkClassName} testId="phone-number" linkRef={link}>
          {icon} {phone}
        </PhoneLink>
      ) : (
        <button
          type="button"
          className={buttonClassName}
          onClick={() => {
            shown.current = true;
            setRevealed(true);
            trackPhoneContact('reveal', context);
          }}
        >
          {icon} Show phone number
        </button>
      )}
    </div>
  );
}
