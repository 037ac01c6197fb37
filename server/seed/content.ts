import { ARTICLE_BODIES } from './article-bodies.ts';
import { BODY_TYPE_ORDER, CAR_MAKES, COLOURS, type CatalogMake } from './catalog.ts';
import { slugify, type Rng } from './random.ts';

/*
 * Content for the demo sites: brand directory copy, model pages (colours, variants,
 * specifications, driver-assistance systems), blog posts in the spec's categories, and offers.
 */

/**
 * Brand directory description paragraphs for a make.
 * @param make make name
 * @param country country of origin
 * @param dealer the dealer or group name
 */
export function brandDescription(make: string, country: string, dealer: string): string[] {
  return [
    `${dealer} is proud to represent ${make}, one of the best-known names from ${country} on Australian roads.`,
    `Browse new, demo and used ${make} stock, book a test drive, or talk to our ${make}-trained service team about capped-price servicing and genuine parts.`,
  ];
}

/** The 18 driver-assistance systems listed on model pages (spec §2: 6 shown, rest expandable). */
export const DRIVER_ASSISTANCE = [
  'Autonomous Emergency Braking', 'Adaptive Cruise Control', 'Lane Keep Assist', 'Lane Departure Warning',
  'Blind Spot Monitor', 'Rear Cross Traffic Alert', 'Rear Autonomous Emergency Braking', 'Traffic Sign Recognition',
  'Driver Attention Alert', 'Auto High Beam', 'Front Parking Sensors', 'Rear Parking Sensors', '360-Degree Camera',
  'Safe Exit Assist', 'Intersection Turn Assist', 'Emergency Lane Keeping', 'Tyre Pressure Monitoring', 'Hill Descent Control',
];

/** Generated model page data for one catalogue model. */
export interface GeneratedModel {
  slug: string;
  name: string;
  full_name: string;
  status: string;
  short_description: string;
  brochure_url: string | null;
  specifications: { category: string; value: string }[];
  driver_assistance: string[];
  colours: { name: string; hex: string; oem_id: string; variant_name: string; body_type: string | null }[];
  variants: { full_name: string; series: string; name: string; price: number; features: string[] }[];
}

/**
 * Model pages for a make.
 * @param rng seeded randomness
 * @param make catalogue make
 */
export function generateModels(rng: Rng, make: CatalogMake): GeneratedModel[] {
  return make.models.map((line, index) => {
    const fullName = `${make.make} ${line.model}`;
    const bodyTypes = line.body === 'SUV' ? ['wagon'] : [line.body.toLowerCase()];
    const colourNames = rng.sample(COLOURS, rng.int(5, 9));
    const variants = line.badges.map((badge, i) => ({
      full_name: `${fullName} ${badge}`,
      series: line.series,
      name: badge,
      price: line.basePrice + line.badgeStep * i,
      features: rng.sample(
        ['Wireless Apple CarPlay', 'Heated seats', 'Power tailgate', '360-degree camera', 'Head-up display', 'Leather-appointed trim', '19-inch alloy wheels', 'Panoramic sunroof', 'Premium audio', 'Tri-zone climate control'],
        4 + Math.min(i, 4),
      ),
    }));
    const colours = variants.flatMap((v) =>
      colourNames.map((c) => ({
        name: `${c.name}${rng.chance(0.3) ? ' Metallic' : ''}`,
        hex: c.hex,
        oem_id: `${slugify(make.make).slice(0, 3).toUpperCase()}${rng.int(100, 999)}`,
        variant_name: v.name,
        body_type: bodyTypes[0] ?? null,
      })),
    );
    colours.sort((a, b) => BODY_TYPE_ORDER.indexOf(a.body_type ?? '') - BODY_TYPE_ORDER.indexOf(b.body_type ?? ''));
    return {
      slug: slugify(fullName),
      name: line.model,
      full_name: fullName,
      // The last model of half the makes is coming soon; Kia's always (range-road-kia's model pages
      // show the Register Interest form in every seed). The roll is made either way, so the rest of
      // the seeded data does not change with this rule.
      status: index === make.models.length - 1 && (rng.chance(0.5) || make.make === 'Kia') ? 'coming_soon' : 'available',
      short_description: `The ${fullName} ${line.body === 'Ute' ? 'ute works as hard as you do' : line.body === 'SUV' ? 'SUV has room for the whole family' : 'is built for the way Australians drive'}, with ${line.fuels.map((f) => f.toLowerCase()).join(', ')} power and ${line.drives.join('/')} drive.`,
      brochure_url: `/api/models/${slugify(fullName)}/brochure.pdf`,
      specifications: [
        { category: 'Engine', value: line.engineLitres ? `${line.engineLitres.toFixed(1)}L ${line.cylinders ?? 4}-cylinder` : 'Electric motor' },
        { category: 'Fuel', value: line.fuels.join(' / ') },
        { category: 'Drive', value: line.drives.join(' / ') },
        { category: 'Seats', value: String(line.seats) },
        { category: 'Body', value: line.body },
        { category: 'ANCAP rating', value: '5 stars' },
      ],
      driver_assistance: DRIVER_ASSISTANCE,
      colours,
      variants,
    };
  });
}

/** Every car make of the catalogue. */
export function modelMakes(): CatalogMake[] {
  return CAR_MAKES;
}

const BLOG: Record<string, { heading: string; description: string }[]> = {
  'Vehicle Reviews': [
    { heading: '{make} {model} review: the family all-rounder tested on Australian roads', description: 'We spent a week with the {model} around town and on the highway to see how it stacks up.' },
    { heading: 'Hybrid vs diesel: which {make} suits your driving?', description: 'Running costs, towing and real-world economy compared.' },
    { heading: 'Five things we love about the new {model}', description: 'From the cabin tech to the safety kit, here is what stood out.' },
  ],
  'Buyer Advice': [
    { heading: 'New, demo or used: how to choose your next car', description: 'Warranty, depreciation and finance explained in plain English.' },
    { heading: 'How to get the best price for your trade-in', description: 'Simple steps that add real dollars to your valuation.' },
    { heading: 'Understanding comparison rates before you sign', description: 'What the comparison rate tells you, and what it leaves out.' },
  ],
  'Motoring Tips': [
    { heading: 'Road-trip checklist for the school holidays', description: 'Tyres, fluids, and what to pack before you leave the driveway.' },
    { heading: 'Towing a caravan safely: weights explained', description: 'Tare, ATM and ball weight demystified.' },
    { heading: 'Driving in wet weather: keep your family safe', description: 'Simple habits that make a big difference when it rains.' },
  ],
  'Servicing Insights': [
    { heading: 'Capped-price servicing: what is included?', description: 'A look at what your logbook service covers and why it matters.' },
    { heading: 'When should you replace your tyres?', description: 'Tread depth, age and the signs to watch for.' },
    { heading: 'EV servicing: what changes and what stays the same', description: 'Electric cars still need care; here is what our technicians check.' },
  ],
  '4x4xMORE Adventures': [
    { heading: 'Fraser Coast four-wheel-drive weekend', description: 'Beach driving, tide times and recovery gear for K\'gari.' },
    { heading: 'Cape York: planning the trip of a lifetime', description: 'Permits, fuel stops and the gear our team swears by.' },
  ],
};

/**
 * Older articles of the four main categories (the archive): every site has more than the 21 of
 * one page of /news, so its second page is real demo content.
 */
const BLOG_ARCHIVE: Record<string, { heading: string; description: string }[]> = {
  'Vehicle Reviews': [
    { heading: 'Long-term test: 12 months with the {make} {model}', description: 'School runs, a caravan trip to the coast and one flat tyre: how it held up.' },
    { heading: 'The {model} on a Queensland summer road trip', description: 'Air-conditioning, fuel use and comfort over 2,000 km of hot highway.' },
    { heading: 'Back-seat review: what the kids thought of the {model}', description: 'USB ports, legroom and the all-important cup holders, rated by our youngest testers.' },
  ],
  'Buyer Advice': [
    { heading: 'What to check on a used car inspection', description: 'Service history, tyres, rust and the questions to ask before you buy.' },
    { heading: 'Balloon payments explained', description: 'How a residual lowers your repayments, and what you owe at the end of the term.' },
    { heading: 'Buying a car at the end of the financial year', description: 'Why June can be a good month to buy, and what a business buyer should know.' },
  ],
  'Motoring Tips': [
    { heading: 'How to drive on gravel roads', description: 'Tyre pressures, speed and following distance away from the bitumen.' },
    { heading: 'Keeping your car cool in an Australian summer', description: 'Sunshades, parking habits and looking after the battery in the heat.' },
    { heading: 'Kangaroos at dusk: staying safe on country roads', description: 'When and where wildlife strikes happen, and how to react.' },
  ],
  'Servicing Insights': [
    { heading: 'Why your logbook service keeps your warranty', description: 'What the manufacturer asks for and how our workshop records it.' },
    { heading: 'Brake pads and rotors: when to replace them', description: 'The noises, the vibrations and the measurements our technicians take.' },
    { heading: 'Battery health: signs your car battery is ageing', description: 'Slow starts, warning lights and a free test at our service centre.' },
  ],
};

/**
 * An article's body as the dealer's CMS holds it (HTML, tidy or not; the server sanitises it
 * when it is served), for the site's make and model.
 */
function articleBody(heading: string, make: string, model: string): string {
  const body = ARTICLE_BODIES[heading];
  if (body === undefined) throw new Error(`No seeded body for the article "${heading}" (server/seed/article-bodies.ts)`);
  return body.replaceAll('{make}', make).replaceAll('{model}', model);
}

/**
 * Blog posts for a site across the spec's categories (4x4xMORE Adventures only where the site
 * sells four-wheel drives).
 * @param rng seeded randomness
 * @param now reference time
 * @param make a make the site sells, used in review headings
 * @param model a model of that make
 * @param adventures whether to include the 4x4xMORE Adventures category
 */
export function generateBlogPosts(rng: Rng, now: number, make: string, model: string, adventures: boolean) {
  const posts = [];
  for (const [category, items] of Object.entries(BLOG)) {
    if (category === '4x4xMORE Adventures' && !adventures) continue;
    for (const item of items) {
      const heading = item.heading.replace('{make}', make).replace('{model}', model);
      posts.push({
        slug: slugify(heading),
        category,
        heading,
        description: item.description.replace('{make}', make).replace('{model}', model),
        published_on: new Date(now - rng.int(3, 400) * 86_400_000).toISOString().slice(0, 10),
        featured: false,
        body_html: articleBody(item.heading, make, model),
      });
    }
  }
  // The archive is older than every article above (which go back at most 400 days); its dates are
  // fixed steps, so the seeded randomness, and everything seeded after the blog, stays as it was.
  Object.entries(BLOG_ARCHIVE)
    .flatMap(([category, items]) => items.map((item) => ({ category, item })))
    .forEach(({ category, item }, index) => {
      const heading = item.heading.replace('{make}', make).replace('{model}', model);
      const description = item.description.replace('{make}', make).replace('{model}', model);
      posts.push({
        slug: slugify(heading),
        category,
        heading,
        description,
        published_on: new Date(now - (410 + index * 17) * 86_400_000).toISOString().slice(0, 10),
        featured: false,
        body_html: articleBody(item.heading, make, model),
      });
    });
  posts.sort((a, b) => b.published_on.localeCompare(a.published_on));
  for (const p of posts.slice(0, 3)) p.featured = true;
  return posts;
}

/**
 * An offer's terms as the dealer's CMS holds them (HTML): drive-away, finance or servicing.
 * @param kind 0 drive-away, 1 finance, 2 servicing
 * @param financeRate the finance offer's comparison rate
 */
function offerTerms(kind: number, make: string, model: string, financeRate = '1.9% p.a.'): string {
  const common =
    '<li>Not available with any other offer. Fleet, government and rental buyers excluded.</li>' +
    '<li>The dealer may end the offer early; vehicles ordered before then are honoured.</li>';
  if (kind === 0) {
    return (
      `<p>Offer available on new ${make} ${model} vehicles ordered and delivered between the dates shown, while stocks last.</p>` +
      '<ul><li>The <strong>drive-away price</strong> includes 12 months\' registration, CTP insurance, stamp duty and dealer delivery.</li>' +
      `<li>Metallic and premium paint, accessories and options are extra.</li>${common}</ul>` +
      '<p>Questions about this offer? <a href="/contact-us">Contact our sales team</a>.</p>'
    );
  }
  if (kind === 1) {
    return (
      `<p>${financeRate} comparison rate on new ${make} ${model} vehicles financed through our preferred lender for terms up to 36 months.</p>` +
      '<ul><li>Finance is subject to <strong>credit approval</strong>; fees, charges, terms and conditions apply.</li>' +
      `<li>Comparison rate calculated on a $30,000 secured loan over 5 years. <em>Warning:</em> this comparison rate is true only for the example given and may not include all fees and charges.</li>${common}</ul>` +
      '<p>Read more about comparison rates at <a href="https://moneysmart.gov.au/car-loans">Moneysmart</a>, or <a href="/apply-for-finance">apply for finance</a> online.</p>'
    );
  }
  return (
    `<p>Three years or 45,000 km (whichever comes first) of scheduled servicing included with new ${make} ${model} vehicles purchased between the dates shown.</p>` +
    '<ul><li>Covers the logbook services at the intervals in the vehicle\'s service booklet: parts, labour and fluids listed for those services.</li>' +
    `<li>Tyres, brakes, wiper blades and wear-and-tear items are not included.</li>${common}</ul>` +
    '<p><a href="/service">Book a service</a> at any of our service centres.</p>'
  );
}

/**
 * Special offers for a site: current ones, one expired and one not yet started, so the
 * start/expiry window logic has something to hide.
 * @param rng seeded randomness
 * @param now reference time
 * @param makes makes the site sells
 */
export function generateOffers(rng: Rng, now: number, makes: { make: string; model: string; price: number }[]) {
  const DAY = 86_400_000;
  const offers: { slug: string; title: string; category: string; make: string; model: string; car_type: string; price: number | null; description: string; terms_html: string; campaign: string | null; starts_at: Date; expires_at: Date }[] = [];
  const picks = rng.sample(makes, Math.min(6, makes.length));
  picks.forEach((p, i) => {
    const start = i === picks.length - 1 ? new Date(now + 10 * DAY) : new Date(now - rng.int(5, 40) * DAY);
    const expiry = i === picks.length - 2 ? new Date(now - 2 * DAY) : new Date(start.getTime() + rng.int(30, 90) * DAY);
    const title = i % 3 === 0 ? `${p.make} ${p.model} drive-away deal` : i % 3 === 1 ? `${p.make} ${p.model} 1.9% p.a. finance offer` : `Free 3-year servicing on ${p.make} ${p.model}`;
    offers.push({
      slug: slugify(`${title} ${i + 1}`),
      title,
      category: i % 3 === 0 ? 'Drive Away' : i % 3 === 1 ? 'Finance' : 'Servicing',
      make: p.make,
      model: p.model,
      car_type: 'new',
      price: i % 3 === 0 ? Math.round(p.price * 0.96 / 10) * 10 - 10 : null,
      description: `For a limited time get the ${p.make} ${p.model} with ${i % 3 === 0 ? 'a sharp drive-away price' : i % 3 === 1 ? 'low-rate finance for approved applicants' : 'three years of scheduled servicing included'}.`,
      terms_html: offerTerms(i % 3, p.make, p.model),
      campaign: null,
      starts_at: start,
      expires_at: expiry,
    });
  });
  // The dealer's EOFY offers, scheduled for the coming June (1-30 June, Brisbane time): the EOFY
  // pages list them while the sale is on; before June they are not yet live anywhere.
  const year = new Date(now).getUTCFullYear() + (now > Date.UTC(new Date(now).getUTCFullYear(), 5, 30, 13, 59, 59) ? 1 : 0);
  const juneStart = new Date(Date.UTC(year, 4, 31, 14));
  // Its last second, 30 June 23:59:59 in Brisbane, so the offer reads 'Offer ends 30 June'.
  const juneEnd = new Date(Date.UTC(year, 5, 30, 13, 59, 59));
  picks.slice(0, 2).forEach((p, i) => {
    const title = i === 0 ? `EOFY ${p.make} ${p.model} drive-away deal` : `EOFY 0.9% p.a. finance on the ${p.make} ${p.model}`;
    offers.push({
      slug: slugify(`${title} ${year}`),
      title,
      category: i === 0 ? 'Drive Away' : 'Finance',
      make: p.make,
      model: p.model,
      car_type: 'new',
      price: i === 0 ? Math.round((p.price * 0.94) / 10) * 10 - 10 : null,
      description: `End of financial year: the ${p.make} ${p.model} with ${i === 0 ? 'our sharpest drive-away price of the year' : '0.9% p.a. finance for approved business and private buyers'}, throughout June.`,
      terms_html: offerTerms(i === 0 ? 0 : 1, p.make, p.model, '0.9% p.a.'),
      campaign: 'eofy',
      starts_at: juneStart,
      expires_at: juneEnd,
    });
  });
  return offers;
}
