/*
 * The finance disclaimer of a car (spec §7 "finance disclaimer by car id", §2 #financeDisclaimer):
 * the dealer's own disclaimer (`finance.disclaimer`) and, where the car carries one, the
 * disclaimer of the site's finance provider's figures on that car (its rate and comparison rate).
 * Nothing else: no rate is ever made up for a car without figures.
 */

/** A car's lender figures as the rule reads them. */
export type LenderDisclaimers = Readonly<Record<string, { disclaimer?: string | null | undefined } | undefined>>;

/**
 * The disclaimer a car's page and the disclaimer call give: the tenant's text, then the car's own
 * lender disclaimer for the active provider where it has one; null when there is neither.
 * @param lenders the car's finance_lenders
 * @param provider the tenant's finance provider key (finance.provider), or none
 * @param tenantDisclaimer the tenant's finance.disclaimer, or none
 */
export function carFinanceDisclaimer(lenders: LenderDisclaimers, provider: string | null | undefined, tenantDisclaimer: string | null | undefined): { lender: string | null; disclaimer: string | null } {
  const own = provider ? lenders[provider]?.disclaimer?.trim() : undefined;
  const parts = [tenantDisclaimer?.trim(), own].filter((part): part is string => Boolean(part));
  return { lender: own && provider ? provider : null, disclaimer: parts.length > 0 ? parts.join('\n\n') : null };
}
