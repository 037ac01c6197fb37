/*
 * The phone number a car's page offers (spec §8 "No phone for a car: console warning"): the car's
 * location's number, else the tenant's record of that location. Without either the page says
 * "call the dealer" in words and warns in the console, so a missing number is noticed by whoever
 * looks after the site instead of vanishing silently.
 */

/**
 * The car's phone number, or null when neither the car's location nor the tenant's location has one.
 * @param carLocationPhone the phone on the car's own location record
 * @param tenantLocationPhone the phone of the tenant's matching location, when there is one
 */
export function carPhone(carLocationPhone: string | null | undefined, tenantLocationPhone: string | null | undefined): string | null {
  return carLocationPhone?.trim() || tenantLocationPhone?.trim() || null;
}

/** The console warning for a car without a phone number. */
export function noPhoneWarning(car: { id: number; location: { name: string } }): string {
  return `No phone number for car ${car.id} at ${car.location.name}: the page shows no number to call.`;
}
