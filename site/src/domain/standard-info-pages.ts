import type { InfoPageKey } from './info-pages.ts';

/*
 * The standard text of the pages every dealer site has (privacy policy, terms and conditions,
 * about us) while the dealer has not supplied its own. It is written from the tenant's own
 * details, says nothing a dealer has not configured, and the editor's launch checklist lists
 * the privacy policy and terms until the dealer's own copy replaces it.
 */

/** What the standard text needs to know about the dealer. */
export interface StandardPageDealer {
  name: string;
  dealer: {
    dealerships: readonly { name: string; makes: readonly string[] }[];
    locations: readonly { name: string; visible?: boolean; primary?: boolean; phone: string; address: { street: string; suburb: string; state: string; postcode: string } }[];
  };
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The standard copy of one of the pages every site has, or undefined for other pages.
 * @param key the information page
 * @param tenant the dealer's name, dealerships and locations
 */
export function standardInfoPage(key: InfoPageKey, tenant: StandardPageDealer): { title: string; paragraphs: string[] } | undefined {
  const locations = tenant.dealer.locations.filter((l) => l.visible !== false);
  const main = locations.find((l) => l.primary) ?? locations[0];
  const contact = main ? `call ${main.name} on ${main.phone}, or write to ${main.address.street}, ${main.address.suburb} ${main.address.state} ${main.address.postcode}` : `contact ${tenant.name}`;
  switch (key) {
    case 'aboutUs': {
      const makes = [...new Set(tenant.dealer.dealerships.flatMap((d) => d.makes))];
      const places = locations.map((l) => `${l.name} in ${l.address.suburb} ${l.address.state}`);
      return {
        title: `About ${tenant.name}`,
        paragraphs: [
          `${tenant.name} sells ${makes.length ? listText(makes) : 'new and used'} vehicles${places.length ? ` from ${listText(places)}` : ''}.`,
          main ? `Visit us, or call ${main.phone}: our team is happy to help you find the right vehicle, arrange a test drive or talk through finance and trade-ins.` : 'Our team is happy to help you find the right vehicle, arrange a test drive or talk through finance and trade-ins.',
        ],
      };
    }
    case 'privacy':
      return {
        title: 'Privacy policy',
        paragraphs: [
          `${tenant.name} handles personal information under the Privacy Act 1988 and the Australian Privacy Principles.`,
          'When you send an enquiry, book a test drive or a service, apply for finance or value a trade-in on this site, we collect what you enter (such as your name, email address, phone number, postcode and details of the vehicle) and use it to answer you and to provide what you asked for.',
          'We send you news and offers only if you ask us to, and every message lets you unsubscribe. We do not sell your personal information.',
          'We may share your details with the businesses that help us answer you (for example a finance provider you asked for a quote, or the systems that deliver our email), and only for that purpose.',
          `To see or correct the information we hold about you, or to make a privacy complaint, ${contact}. If you are not satisfied with our answer you can contact the Office of the Australian Information Commissioner (oaic.gov.au).`,
        ],
      };
    case 'terms':
      return {
        title: 'Terms and conditions',
        paragraphs: [
          `This site is operated by ${tenant.name}. By using it you agree to these terms.`,
          'Vehicles, prices and offers shown are subject to availability and may change without notice. Photos may show options or accessories that are not included. Please confirm the details of a vehicle with us before you buy.',
          'Repayments and finance figures are estimates only, not an offer of finance: finance is subject to the lender’s approval criteria, and fees and charges apply.',
          `Nothing in these terms limits your rights under the Australian Consumer Law. For questions about these terms, ${contact}.`,
        ],
      };
    default:
      return undefined;
  }
}
