/*
 * Demo article bodies for the seeded blog (see BLOG and BLOG_ARCHIVE in content.ts).
 *
 * Each body is an HTML fragment as a dealer's CMS would export it: mostly clean markup, with
 * some of the usual CMS debris here and there (a repeated <h1> title, inline styles and classes,
 * wrapping elements, empty paragraphs, an image, one leftover tracking <script> and one
 * javascript: link) so the server sanitiser has something realistic to clean.
 *
 * Bodies may contain the {make} and {model} placeholders, more than once, so replace every
 * occurrence (replaceAll) when substituting.
 */

/** The body of each seeded article, as the dealer's CMS would hold it: HTML, keyed by the heading template. */
export const ARTICLE_BODIES: Record<string, string> = {
  // ---------------------------------------------------------------- Vehicle Reviews
  '{make} {model} review: the family all-rounder tested on Australian roads': `
<p class="lead">Plenty of family cars look good in a brochure. We wanted to know how the {make} {model} copes with a
real Australian week, so we handed the keys to one of our sales consultants and her family of four for seven days of
school drop-offs, Saturday sport and a highway run to visit the grandparents.</p>
<h2>Around town</h2>
<p>In the suburbs the {model} is easy to live with. The driving position gives a clear view over the bonnet, the
steering is light enough for tight shopping-centre car parks, and the reversing camera earned its keep on a narrow
driveway. Over speed humps and patched bitumen the ride stayed settled, with only the sharpest potholes making
themselves heard.</p>
<h2>On the highway</h2>
<p>At 110&nbsp;km/h the cabin is quiet enough for a normal conversation with the back row. Adaptive cruise control took
the edge off a long stretch of dual carriageway, and the lane-keeping system was gentle rather than grabby. Overtaking
with a full load on board needs a little planning, which is typical of the class.</p>
<h3>What we liked</h3>
<ul>
  <li>Storage that works: door pockets that hold a water bottle, and a boot that took a pram plus the weekly shop</li>
  <li>Driver-assistance systems that help without nagging</li>
  <li>Simple controls for the things you adjust while driving</li>
</ul>
<h3>What we would change</h3>
<ul>
  <li>Rear-seat passengers would always welcome more charging points</li>
  <li>Check which spare wheel your variant carries before a big country trip</li>
</ul>
<h2>The verdict</h2>
<p>The {make} {model} does the everyday jobs well and never felt out of its depth on a long drive. Look up the
model's current safety rating on the <a href="https://www.ancap.com.au/">ANCAP website</a>, then
<a href="/contact-us">book a test drive</a> and bring the whole family along.</p>
`,

  'Hybrid vs diesel: which {make} suits your driving?': `
<p>It is one of the most common questions on our showroom floor: should the next {make} be a hybrid or a diesel? Both
can be frugal, both can be great to drive, but they suit very different kinds of kilometres.</p>
<h2 style="color:#1a3c6e;font-size:22px">Where a hybrid shines</h2>
<p>A self-charging hybrid recovers energy every time you brake and can run on electric power at low speeds, so it does
its best work in stop-start traffic. If your week is school runs, commuting on suburban arterials and trips to the
shops, a hybrid will usually use noticeably less fuel than a comparable petrol model, and there is nothing to plug in.</p>
<h2 style="color:#1a3c6e;font-size:22px">Where a diesel makes sense</h2>
<p>Diesels produce strong torque low in the rev range, which is why they remain popular for towing and for long,
steady highway runs. They do have a few needs of their own:</p>
<ul>
  <li><strong>Regular longer drives:</strong> the diesel particulate filter cleans itself during sustained highway
  running, and a diet of short trips can leave it struggling.</li>
  <li><strong>AdBlue:</strong> many modern diesels need this additive topped up between services.</li>
  <li><strong>Towing ratings:</strong> if you tow a heavy caravan or boat, compare braked towing capacities carefully,
  because they vary a lot between variants.</li>
</ul>
<h3>A quick rule of thumb</h3>
<ol>
  <li>Mostly city and suburban driving? Start with the hybrid.</li>
  <li>Regular heavy towing or long country distances? Look closely at the diesel.</li>
  <li>A bit of both? Test drive both on your own daily route before deciding.</li>
</ol>
<p>You can compare official fuel consumption and emissions figures for any model on the
<a href="https://www.greenvehicleguide.gov.au/">Green Vehicle Guide</a>. Then have a chat with our team via our
<a href="/contact-us">contact page</a>: tell us how and where you drive and we will line up the right {make} for a
back-to-back test drive.</p>
`,

  'Five things we love about the new {model}': `
<h1>Five things we love about the new {model}</h1>
<p>Our team has had the new {model} in the showroom and on the road for a few weeks now. Here are the five things that
keep coming up when we talk about it, and that customers mention after their test drives.</p>
<h2>Our top five</h2>
<ol>
  <li><strong>The cabin tech.</strong> Wireless or wired smartphone mirroring (depending on the variant) means your
  maps, music and podcasts come with you, and the screen is positioned where a glance is all you need.</li>
  <li><strong>The safety kit.</strong> Autonomous emergency braking, blind-spot monitoring and rear cross-traffic alert
  make crowded car parks and busy merges a lot less stressful.</li>
  <li><strong>Comfort on a long drive.</strong> Supportive seats and a quiet cabin at highway speeds mean you arrive
  in Port Macquarie or Bright feeling fresher than you expected.</li>
  <li><strong>Everyday practicality.</strong> Clever storage, easy-to-reach child-seat anchor points and a boot that
  is a sensible shape rather than just a big number on a spec sheet.</li>
  <li><strong>Peace of mind.</strong> Factory warranty cover and capped-price servicing make the running costs
  easy to budget for.</li>
</ol>
<p>&nbsp;</p>
<h2>See it for yourself</h2>
<p>Specifications vary between grades, so ask us which features come with the variant you are considering. Have a
look at our current <a href="/special-offers">special offers</a> on the {model}, read about our
<a href="/warranty">warranty cover</a>, and drop in for a test drive. We think you will find a few favourites of
your own.</p>
`,

  // ---------------------------------------------------------------- Buyer Advice
  'New, demo or used: how to choose your next car': `
<div class="article-body">
<p>Walk onto any dealership and you will find three kinds of stock: brand new, demonstrator and used. Each has its
place, and the right choice depends on your budget, how long you plan to keep the car and how much peace of mind you
want.</p>
<h2>Brand new</h2>
<p>A new car gives you the latest safety technology, the full factory warranty from the day it is registered in your
name, and the choice of colour and options. The trade-off is depreciation: a new car loses the most value in its first
few years.</p>
<h2>Demonstrator</h2>
<p>Demo vehicles have been registered by the dealership and used for test drives, usually for a few thousand kilometres.
You get a near-new car at a lower price, but remember:</p>
<ul>
  <li>The warranty started when the dealer first registered it, so some of it has already been used.</li>
  <li>Check the registration expiry, and whether any remaining rego is included in the price.</li>
  <li>Colour and option choice is limited to what is on the lot.</li>
</ul>
<h2>Used</h2>
<p>A quality used car is often the best value of all, because someone else has absorbed the steepest depreciation. Look
for a full service history, and ask whether any manufacturer warranty remains or whether an extended warranty is
available.</p>
<h3>Questions to ask yourself</h3>
<ul>
  <li>How many years will I keep it?</li>
  <li>Do I need the latest safety features for my family?</li>
  <li>What repayment fits comfortably in my budget?</li>
</ul>
<p>Whichever way you lean, our team can compare all three for you side by side. Read more about
<a href="/car-finance">car finance options</a> and our <a href="/warranty">warranty cover</a>, then come in for a
chat.</p>
</div>
`,

  'How to get the best price for your trade-in': `
<h1 style="font-size:28px">How to get the best price for your trade-in</h1>
<p>A trade-in valuation is based on what the car is worth to the next buyer. A little preparation helps the appraiser
see your car at its best, and that can make a real difference to the figure you are offered.</p>
<h2>Five steps before your appraisal</h2>
<ol>
  <li><strong>Clean it inside and out.</strong> A vacuum, a wipe of the dash and a wash take an afternoon and make a
  strong first impression. Remove the dog hair and the school-bag crumbs.</li>
  <li><strong>Find the service book.</strong> A complete, stamped logbook shows the car has been looked after. Bring
  receipts for tyres, brakes or other recent work too.</li>
  <li><strong>Bring both keys.</strong> A missing spare key is a cost the next owner would have to cover.</li>
  <li><strong>Fix the small things.</strong> A blown globe or a worn wiper blade costs little to replace but can
  suggest neglect.</li>
  <li><strong>Be upfront.</strong> Mention any known faults or past repairs. Surprises found later only slow things
  down.</li>
</ol>
<p>&nbsp;</p>
<h2>Know what affects the number</h2>
<ul>
  <li>Kilometres and age compared with similar cars on the market</li>
  <li>Condition of the paint, interior and tyres</li>
  <li>Demand for that model in your area right now</li>
  <li>Any finance still owing, which is settled as part of the deal</li>
</ul>
<p>Start with an instant estimate on our <a href="/trade-in">trade-in page</a>, then book a free appraisal. Not
buying just yet? We also buy cars outright, so see our <a href="/sell-my-car">sell my car</a> page.</p>
`,

  'Understanding comparison rates before you sign': `
<p>When you compare car loans, the advertised interest rate is only part of the story. Lenders in Australia must also
show a <strong>comparison rate</strong> next to the headline rate, and knowing how it works can save you from a
loan that looks cheaper than it really is.</p>
<h2>What the comparison rate includes</h2>
<p>The comparison rate combines the interest rate with most of the standard fees and charges of the loan, expressed as
one annual percentage. It typically takes in:</p>
<ul>
  <li>Establishment or application fees</li>
  <li>Ongoing monthly or annual account-keeping fees</li>
  <li>The interest rate itself</li>
</ul>
<h2>What it leaves out</h2>
<p>For consumer car loans, comparison rates are calculated on a standard example, a <span style="font-weight:bold">$30,000
loan over five years</span>. If you are borrowing a very different amount or over a different term, your real cost
may differ. It also does not cover:</p>
<ul>
  <li>Early repayment or break fees</li>
  <li>Late payment fees</li>
  <li>Optional extras such as insurance added to the loan</li>
  <li>The effect of a balloon or residual payment</li>
</ul>
<blockquote>Look for the warning that the comparison rate is true only for the example given and may not include all
fees and charges. It is there for a reason.</blockquote>
<h3>Before you sign</h3>
<p>Ask for the total amount you will repay over the life of the loan, and compare that figure across offers. The
<a href="https://www.moneysmart.gov.au/car-loans">Moneysmart car loans guide</a> has a handy calculator. When you
are ready, our finance team can walk you through every fee in plain English, or you can
<a href="/apply-for-finance">apply for finance online</a>.</p>
`,

  // ---------------------------------------------------------------- Motoring Tips
  'Road-trip checklist for the school holidays': `
<p>School holidays mean packed highways, busy roadhouses and kids asking "are we there yet?" before you reach the
edge of town. A little preparation in the week before you leave makes the whole trip smoother.</p>
<h2>Check the vehicle</h2>
<ul class="checklist">
  <li><strong>Tyres:</strong> check pressures cold, using the placard on the driver's door pillar, and adjust for a
  full load. Look for cuts and uneven wear, and don't forget the spare.</li>
  <li><strong>Fluids:</strong> engine oil, coolant, brake fluid and windscreen washer.</li>
  <li><strong>Lights and wipers:</strong> walk around the car with someone working the indicators and brake
  lights.</li>
  <li><strong>Service due?</strong> If a service falls due during the holidays, book it before you go.</li>
</ul>
<h2>Pack smart</h2>
<ul class="checklist">
  <li>Heavy items low and forward in the boot, secured so they cannot move in a sudden stop</li>
  <li>Water, snacks and a basic first-aid kit within reach</li>
  <li>Phone chargers, offline maps and downloaded entertainment for the back seat</li>
  <li>Roadside assistance details and your insurance policy number</li>
</ul>
<h2>Plan the drive</h2>
<ol>
  <li>Leave early, but well rested.</li>
  <li>Plan a break at least every two hours; driver reviver stops operate on many major routes during holiday
  periods.</li>
  <li>Share the driving where you can, and swap before anyone feels tired.</li>
  <li>Check road conditions and closures before you set off.</li>
</ol>
<p><a href="javascript:void(0)" class="print-link">Print this checklist</a></p>
<p>Need a pre-trip check? <a href="/service">Book a service</a> with our workshop, and see the
<a href="https://www.racq.com.au/">RACQ</a> for road conditions and travel planning if you are heading through
Queensland.</p>
`,

  'Towing a caravan safely: weights explained': `
<p>Caravan brochures and compliance plates are full of acronyms. Understanding them is the difference between a
relaxed trip and an overloaded, unstable rig. Here is what each weight means.</p>
<h2>The caravan's weights</h2>
<ul>
  <li><strong>Tare:</strong> the weight of the empty van as it left the factory, with no water, gas or
  belongings.</li>
  <li><strong>ATM (Aggregate Trailer Mass):</strong> the maximum the van may weigh fully loaded, including what
  its wheels carry and what sits on the towball.</li>
  <li><strong>GTM (Gross Trailer Mass):</strong> the maximum weight on the van's own axles when hitched up.</li>
  <li><strong>Ball weight:</strong> the downward force the loaded van puts on the towball. Around ten per cent of
  the van's loaded weight is a common guide, but follow your vehicle and van makers' figures.</li>
</ul>
<h2>The tow vehicle's limits</h2>
<ul>
  <li><strong>Braked towing capacity:</strong> the heaviest trailer the vehicle is rated to tow.</li>
  <li><strong>Maximum towball download:</strong> how much ball weight the vehicle and towbar can take.</li>
  <li><strong>GVM:</strong> the most the vehicle itself may weigh, with passengers, luggage and ball weight.</li>
  <li><strong>GCM:</strong> the combined limit for the vehicle and trailer together.</li>
</ul>
<p class="note" style="background:#fff6d6;padding:12px">Tip: a vehicle can be under its towing capacity and still over
its GCM or GVM once you add family, fuel and a loaded tub. Check every limit, not just one.</p>
<h2>Before you hit the road</h2>
<ol>
  <li>Weigh the rig fully loaded at a public weighbridge or with a mobile weighing service.</li>
  <li>Check the van's brakes and breakaway system are working.</li>
  <li>Set your towing mirrors and check all trailer lights.</li>
</ol>
<p>The <a href="https://www.racq.com.au/">RACQ</a> has more towing guides. If you are unsure whether your vehicle is a
good match for your van, <a href="/contact-us">ask our team</a> and we will go through the numbers with you.</p>
`,

  'Driving in wet weather: keep your family safe': `
<p>After a dry spell, the first rain lifts oil and rubber off the road surface and makes it especially slippery. Add
reduced visibility and other drivers in a hurry, and wet weather calls for a change of habits.</p>
<h2>Simple habits that help</h2>
<ul>
  <li><strong>Slow down.</strong> The speed limit is a maximum, not a target, and stopping distances grow on wet
  bitumen.</li>
  <li><strong>Double your gap.</strong> Stretch the usual three-second following distance to at least four or
  five.</li>
  <li><strong>Headlights on.</strong> Being seen matters as much as seeing. Use fog lights only in fog or heavy rain,
  and switch them off when it clears.</li>
  <li><strong>Smooth inputs.</strong> Brake, steer and accelerate gently to keep the tyres gripping.</li>
  <li><strong>Clear glass.</strong> Use the demister and air-conditioning to stop the windows fogging up.</li>
</ul>
<p>&nbsp;</p>
<h2>If the car aquaplanes</h2>
<p>If the steering suddenly feels light, the tyres may be riding on a film of water. Ease off the accelerator, hold the
wheel straight and avoid braking hard until you feel the tyres grip again.</p>
<h2>Floodwater</h2>
<blockquote><strong>If it's flooded, forget it.</strong> You cannot tell how deep the water is, how fast it is moving, or
whether the road underneath has washed away.</blockquote>
<p>Turn around and find another route, or wait it out somewhere safe.</p>
<h3>Get the car ready</h3>
<ul>
  <li>Wiper blades that smear or chatter should be replaced</li>
  <li>Tyres need healthy tread to clear water</li>
</ul>
<p>Our technicians can check tyres, wipers and lights in a few minutes, so <a href="/service">book a service</a>
before the wet season. For live road conditions in Queensland, see the
<a href="https://www.racq.com.au/">RACQ</a>.</p>
`,

  // ---------------------------------------------------------------- Servicing Insights
  'Capped-price servicing: what is included?': `
<p>Capped-price servicing takes the guesswork out of running costs: you know the price of each scheduled service before
you book. But what exactly does that price cover, and what might be extra?</p>
<h2>What is usually included</h2>
<p>A capped-price service follows the manufacturer's logbook schedule, typically every 12 months or a set number of
kilometres, whichever comes first. Depending on the service, it generally covers:</p>
<ul>
  <li>Engine oil and oil filter replacement</li>
  <li>The labour and parts listed for that specific logbook service</li>
  <li>Scheduled items such as air and cabin filters, spark plugs or brake fluid, when they fall due</li>
  <li>A multi-point inspection of brakes, tyres, suspension, lights and fluid levels</li>
  <li>Stamping your logbook (or updating the digital service record)</li>
</ul>
<h2>What is usually extra</h2>
<ul>
  <li>Wear-and-tear items such as tyres, brake pads, rotors and wiper blades</li>
  <li>Repairs found during the inspection (we always call you for approval first)</li>
  <li>Additional work you request, such as a wheel alignment or detailing</li>
</ul>
<blockquote class="pull-quote">Capped price does not mean cut corners. The service is the same factory-specified service,
carried out with genuine or equivalent parts.</blockquote>
<h2>Why it matters</h2>
<p>Servicing to schedule keeps the car safe and reliable, helps its resale value, and gives you a clear record for your
warranty. Ask us for the capped price of your next service, or <a href="/service">book online</a>. You can also read
how servicing relates to your <a href="/warranty">new car warranty</a>.</p>
`,

  'When should you replace your tyres?': `
<p>Tyres are the only part of your car that touches the road, so it pays to know when they are due for replacement.
There are three things to watch: tread depth, age and damage.</p>
<h2>Tread depth</h2>
<p>Australian rules require at least <strong>1.5&nbsp;mm</strong> of tread across the tyre. Small raised bars, called
tread wear indicators, sit in the grooves; when the tread wears down level with them, the tyre must be replaced. Grip
in the wet drops well before that point, so many drivers replace tyres earlier.</p>
<h2>Age</h2>
<p>Rubber hardens over time, even on a car that rarely leaves the garage. Find the four-digit date code on the
sidewall: "2419" means the 24th week of 2019. Many tyre makers recommend a yearly professional inspection once a tyre
passes five years, and replacement at around ten years regardless of tread. The Australian sun and heat can age tyres
faster.</p>
<h2>Signs to watch for</h2>
<ul>
  <li>Cracks in the sidewall or between the tread blocks</li>
  <li>Bulges or blisters, which mean internal damage: replace straight away</li>
  <li>Uneven wear on the inside or outside edges, often a sign of alignment problems</li>
  <li>Vibration through the steering wheel at highway speeds</li>
  <li>A tyre that keeps losing pressure</li>
</ul>
<h3>Make them last</h3>
<ol>
  <li>Check pressures monthly, when the tyres are cold.</li>
  <li>Rotate them at the intervals in your logbook.</li>
  <li>Have the wheel alignment checked after hitting a big pothole or kerb.</li>
</ol>
<p>Not sure about yours? Our technicians check tread depth and condition at every visit. <a href="/service">Book a
service</a> or drop in and ask for a quick tyre check.</p>
`,

  'EV servicing: what changes and what stays the same': `
<p>Electric vehicles have far fewer moving parts than petrol or diesel cars: no oil changes, no spark plugs, no exhaust
system. But "less maintenance" is not "no maintenance", and an EV still benefits from regular servicing.</p>
<h2>What changes</h2>
<ul>
  <li><strong>No engine oil, filters or spark plugs.</strong> The routine items of a combustion service simply are
  not there.</li>
  <li><strong>High-voltage checks.</strong> Technicians trained to work on high-voltage systems inspect the battery,
  cabling and connectors and read the battery health data.</li>
  <li><strong>Battery cooling.</strong> Many EVs use a liquid coolant loop to manage battery temperature, which is
  inspected and replaced on the manufacturer's schedule.</li>
  <li><strong>Software.</strong> Updates may be applied during a service visit if they are not delivered over the
  air.</li>
</ul>
<h2>What stays the same</h2>
<ul>
  <li><strong>Tyres.</strong> EVs are heavy and deliver instant torque, so keep a close eye on tread and rotate as
  scheduled.</li>
  <li><strong>Brakes.</strong> Regenerative braking means pads wear slowly, but brake fluid still needs replacing, and
  little-used rotors can corrode.</li>
  <li><strong>Suspension, steering and wipers.</strong> All checked just as they would be on any car.</li>
  <li><strong>Cabin air filter.</strong> Replaced on schedule to keep the air-conditioning fresh.</li>
  <li><strong>The 12-volt battery.</strong> Most EVs still have one to run accessories, and it still wears out.</li>
</ul>
<h2>Why service with us</h2>
<p>Our EV-trained technicians follow the manufacturer's schedule and keep your service record up to date, which
protects your warranty and resale value. Curious how electric models compare on energy use? The
<a href="https://www.greenvehicleguide.gov.au/">Green Vehicle Guide</a> lists them all. When it is time,
<a href="/service">book your EV service</a> online.</p>
`,

  // ---------------------------------------------------------------- 4x4xMORE Adventures
  'Fraser Coast four-wheel-drive weekend': `
<p>Few places in Australia match K'gari (formerly Fraser Island) for beach driving: a long sweep of sand on the eastern
beach, freshwater lakes inland and sandy tracks through the rainforest. Our team went over for a long weekend, and
here is what we learned.</p>
<img src="/images/blog/kgari-eastern-beach.jpg"
  alt="A four-wheel drive on the eastern beach of K'gari at low tide" width="800">
<h2>Before you go</h2>
<ul>
  <li><strong>Permits:</strong> you need a vehicle access permit, plus camping permits if you are staying in a
  national park camping area. Book through <a href="https://parks.des.qld.gov.au/">Queensland Parks</a> before you
  catch the barge.</li>
  <li><strong>Barge:</strong> services run from Inskip Point near Rainbow Beach and from River Heads near Hervey Bay.
  Book ahead in the holidays.</li>
  <li><strong>Tides:</strong> plan to drive the beach within about two hours either side of low tide, and never try to
  round a headland or cross a washout on a rising tide.</li>
</ul>
<h2>On the sand</h2>
<ol>
  <li>Lower your tyre pressures before you hit soft sand, and reinflate before you return to the bitumen.</li>
  <li>Engage four-wheel drive and keep momentum smooth and steady.</li>
  <li>The beach is a gazetted road: road rules, speed limits and drink-driving laws all apply.</li>
  <li>Watch for planes landing on the beach and for people fishing near the waterline.</li>
</ol>
<h3>Recovery gear we packed</h3>
<ul>
  <li>Tyre gauge, deflator and a quality air compressor</li>
  <li>A long-handled shovel and a pair of recovery boards</li>
  <li>Snatch strap and rated shackles, used only with rated recovery points</li>
</ul>
<p>Keep food secured and never feed the wongari (dingoes). Once home, salt and sand get everywhere, so give the
underside a thorough wash. Want your 4x4 checked before or after the trip? <a href="/contact-us">Get in touch</a>
with our team.</p>
`,

  'Cape York: planning the trip of a lifetime': `
<div class="adventure-post" style="max-width:760px">
<p>The drive to the tip of Cape York is on almost every four-wheel driver's wish list. It is remote, rough in places and
utterly rewarding, and good planning makes the difference between an adventure and an ordeal.</p>
<h2>When to go</h2>
<p>Travel during the dry season, broadly the middle of the year into spring. The wet season closes roads and rivers,
and even early in the dry some crossings can still be high. Check road reports right up until you leave.</p>
<h2>Permits</h2>
<ul>
  <li>Camping in national parks needs a permit booked through
  <a href="https://parks.des.qld.gov.au/">Queensland Parks</a>.</li>
  <li>Some areas are Aboriginal land, with their own camping or access permits. Research your route in advance.</li>
  <li>The Jardine River ferry fee covers camping in parts of the Northern Peninsula Area, so keep your receipt.</li>
</ul>
<h2>Fuel and supplies</h2>
<p>Fuel is available along the Peninsula Developmental Road at places like Laura, Coen and the Archer River
Roadhouse, and at Bamaga in the north, but stops are far apart and prices are higher than in the city. Carry extra
fuel in approved containers, and stay within your vehicle's payload.</p>
<h3>The gear our team swears by</h3>
<ul>
  <li>Two spare tyres and a tyre repair kit</li>
  <li>A UHF radio plus a satellite messenger or personal locator beacon</li>
  <li>Plenty of drinking water and a well-stocked first-aid kit</li>
  <li>Recovery gear, a compressor and spare fuses and belts</li>
</ul>
<blockquote>This is crocodile country. Never swim, and walk a crossing only when you are certain it is safe; if in doubt,
wait or turn back.</blockquote>
<p>Corrugations test every bolt, so have your 4x4 inspected before you head north. <a href="/service">Book a
pre-trip service</a> with our team.</p>
</div>
`,

  // ---------------------------------------------------------------- Vehicle Reviews (archive)
  'Long-term test: 12 months with the {make} {model}': `
<p>A test drive tells you how a car feels. Twelve months tells you how it lives. Our {make} {model} long-termer has done
the lot this year: school runs, the weekly shop, a caravan trip to the coast and one flat tyre on a wet Sunday
night.</p>
<img class="wp-image alignright" src="/images/blog/long-term-test.jpg"
  alt="The {make} {model} long-term test car at the dealership">
<h2>Everyday life</h2>
<p>Most of the kilometres were short suburban trips, the hardest kind of driving for any car. The {model} started every
morning without fuss, the air-conditioning cooled the cabin quickly through a hot summer, and the seats have worn
well despite daily muddy football boots.</p>
<h2>The caravan trip</h2>
<p>Hitched to a family van for a week at the coast, the {model} stayed within its ratings once we had weighed
everything properly. Fuel use rose, as it does for any vehicle towing, so we planned fuel stops with a healthy
margin.</p>
<h2>The flat tyre</h2>
<p>A screw in the tread on the way home from a birthday party. Changing the wheel by torchlight was straightforward
with the supplied jack and tools, and our service team repaired the tyre the next morning.</p>
<h3>Twelve-month report card</h3>
<ul>
  <li><strong>Reliability:</strong> no unscheduled visits apart from the puncture</li>
  <li><strong>Servicing:</strong> one logbook service, booked online and done while we waited</li>
  <li><strong>Comfort:</strong> still a favourite for long drives</li>
  <li><strong>Niggles:</strong> the boot floor scratches easily, so a cargo mat is worth adding</li>
</ul>
<p>Would we have it for another year? Without hesitation. Ask about the {model} on our
<a href="/contact-us">contact page</a>, or <a href="/service">book a service</a> for the one you already own.</p>
`,

  'The {model} on a Queensland summer road trip': `
<p>There is no tougher test of a car's air-conditioning than a Queensland summer. We loaded up the {model} and drove
from Brisbane up the Bruce Highway to Mackay and back, with a detour to Agnes Water and the Town of 1770, for a little
over 2,000&nbsp;km of hot highway.</p>
<h2>Keeping cool</h2>
<p>With the car parked in the sun at a roadhouse, the cabin felt like an oven. Running the air-conditioning on
recirculate for the first few minutes brought it down quickly, and rear-seat passengers were comfortable once it
settled. Tinted glass and a windscreen sunshade at every stop helped more than we expected.</p>
<h2>Fuel use</h2>
<p>On long, steady stretches at 100 to 110&nbsp;km/h, economy stayed close to the official combined figure, which is
typical of highway cruising. It rose with the air-conditioning working hard in the midday heat and in the stop-start
traffic around Rockhampton. Fuel is easy to find along the Bruce, but we still filled up before the longer gaps
between towns.</p>
<h2>Comfort over distance</h2>
<p>The seats stayed supportive over full days of driving, and adaptive cruise control made the long straights much less
tiring. Road noise rose on coarse-chip surfaces, as it does in most cars.</p>
<h3>Tips for your own summer run</h3>
<ul>
  <li>Set off early and avoid driving through the hottest part of the afternoon</li>
  <li>Carry more water than you think you need</li>
  <li>Stop every two hours, and swap drivers when you can</li>
  <li>Watch for wildlife around dawn and dusk</li>
</ul>
<p>For roadworks and conditions along the way, check the <a href="https://www.racq.com.au/">RACQ</a> before you go.
Keen to try the {model} yourself? <a href="/contact-us">Book a test drive</a>.</p>
`,

  'Back-seat review: what the kids thought of the {model}': `
<p>Most car reviews are written from the driver's seat. This one is not. We strapped three of our staff's children,
aged six, nine and twelve, into the back of the {model} for a week and asked for their honest opinions. They did not
hold back.</p>
<h2>The scores</h2>
<ul>
  <li><strong>USB ports:</strong> "Good, but there should be one for everybody." A clear win for the charging
  points that were there, and a request for more.</li>
  <li><strong>Legroom:</strong> our twelve-year-old, who is nearly as tall as his dad, could sit behind the driver's
  seat without his knees touching it.</li>
  <li><strong>Cup holders:</strong> rated highly for holding a full water bottle without tipping over on
  roundabouts.</li>
  <li><strong>Windows:</strong> high enough to feel safe, low enough to see the cows.</li>
  <li><strong>Air vents:</strong> the summer heat made this a hot topic, and cooling reached the back row without
  anyone complaining.</li>
</ul>
<h2>What the grown-ups noticed</h2>
<p>Fitting child restraints is where a family car earns its keep. The {model}'s ISOFIX points and top tether anchors
were easy to reach, and wide-opening rear doors made buckling in a booster seat much less of a contortion act.
Remember to follow your state's child restraint rules for each child's age and size.</p>
<h3>The kids' verdict</h3>
<ol>
  <li>"Comfy for long drives."</li>
  <li>"More USB ports, please."</li>
  <li>"Can we keep it?"</li>
</ol>
<p>Check the {model}'s occupant protection ratings, including for children, at
<a href="https://www.ancap.com.au/">ANCAP</a>, and bring your own back-seat critics to a
<a href="/contact-us">test drive</a>.</p>
`,

  // ---------------------------------------------------------------- Buyer Advice (archive)
  'What to check on a used car inspection': `
<p>A good used car can be fantastic value, but a careful inspection is what separates a bargain from a money pit.
Here is the checklist our own used-car team works through, and you can use it wherever you buy.</p>
<h2>Paperwork first</h2>
<ul>
  <li><strong>Service history:</strong> a logbook stamped on schedule, ideally backed by invoices.</li>
  <li><strong>PPSR search:</strong> a check on the Personal Property Securities Register shows whether money is owed
  on the car or it has been written off or reported stolen.</li>
  <li><strong>Registration and VIN:</strong> make sure the VIN on the papers matches the car.</li>
  <li><strong>Safety or roadworthy certificate:</strong> requirements differ by state, so ask what is included.</li>
</ul>
<h2 style="border-bottom:2px solid #ccc">On the car</h2>
<ol>
  <li><strong>Rust:</strong> check wheel arches, sills, door bottoms and under the boot mat, especially on cars from
  coastal areas.</li>
  <li><strong>Tyres:</strong> even wear and matching brands suggest a well-kept car; uneven wear can point to alignment
  or suspension issues.</li>
  <li><strong>Panels and paint:</strong> look for mismatched colours or uneven gaps, which can signal past
  repairs.</li>
  <li><strong>Under the bonnet:</strong> check for leaks, and look at the condition of the oil and coolant.</li>
  <li><strong>Test drive:</strong> start the engine cold, listen for knocks, and check the brakes pull up straight and
  the gears change smoothly.</li>
</ol>
<h2>Questions to ask</h2>
<ul>
  <li>Why is the car being sold?</li>
  <li>Has it been in any accidents?</li>
  <li>When is the next major service due, and what will it cost?</li>
</ul>
<p>Buying from a licensed dealer gives you statutory protections a private sale may not. Ask about our
<a href="/warranty">used car warranty options</a>, or <a href="/contact-us">book an inspection</a> of any car on our
lot.</p>
`,

  'Balloon payments explained': `
<p>A balloon payment, also called a residual, is a lump sum you agree to pay at the end of a car loan or lease. It
lowers your regular repayments, but it does not make the car any cheaper, and it is worth understanding before you
sign.</p>
<h2>How it works</h2>
<p>Say you finance $40,000 with a 30% balloon. You make repayments on the loan for the term, but $12,000 of the amount
financed is left to pay in one go at the end. Because that portion is not paid down along the way, you also pay
interest on it for the whole term.</p>
<h2>The upsides</h2>
<ul>
  <li>Lower monthly repayments, which can help with cash flow</li>
  <li>Common with business finance and novated leases, where it can suit how the vehicle is used</li>
  <li>Flexibility at the end of the term</li>
</ul>
<h2>The catches</h2>
<ul>
  <li>You will usually pay more interest overall than on a loan without a balloon</li>
  <li>You need a plan to pay the lump sum when it falls due</li>
  <li>If the car is worth less than the balloon at the end, you will need to make up the difference</li>
</ul>
<h3>Your options at the end of the term</h3>
<ol>
  <li>Pay the balloon in full and own the car outright.</li>
  <li>Refinance the balloon amount, subject to approval.</li>
  <li>Trade the car in, using its value towards the balloon and your next car.</li>
</ol>
<p>For novated leases, residual values follow minimums set out by the <a href="https://www.ato.gov.au/">ATO</a>, so talk
to your accountant about how they apply to you. To compare the total cost with and without a balloon, try the
<a href="https://www.moneysmart.gov.au/car-loans">Moneysmart car loan calculator</a>, then ask our
<a href="/car-finance">finance team</a> to model both for you.</p>
`,

  'Buying a car at the end of the financial year': `
<script>window.dataLayer=window.dataLayer||[];</script>
<p>The weeks leading up to 30 June are traditionally one of the busiest times of year in Australian dealerships, and
for good reason. There can be genuine advantages to buying in June, whether you are a private buyer or buying for your
business.</p>
<h2>Why June can be a good month</h2>
<ul>
  <li><strong>Sales targets:</strong> dealers and manufacturers often run end-of-financial-year campaigns with
  sharper pricing or bonus extras.</li>
  <li><strong>Stock clearance:</strong> dealers want to move current stock before new shipments and updated models
  arrive.</li>
  <li><strong>Demonstrators:</strong> demo cars are often released for sale around this time.</li>
</ul>
<h2>If you are buying for a business</h2>
<p>A vehicle used for business purposes may let you claim depreciation and running costs, and the timing of the
purchase can affect when you claim. The rules depend on your business structure and how the vehicle is used, and
limits and thresholds change from year to year.</p>
<ol>
  <li>Check the current rules on the <a href="https://www.ato.gov.au/">ATO website</a>.</li>
  <li>Talk to your accountant before you commit, not after.</li>
  <li>Keep records of business use, such as a logbook, from day one.</li>
  <li>Make sure the vehicle is delivered and ready to use, not just ordered, if timing matters to you.</li>
</ol>
<h2>Don't rush</h2>
<p>A deadline is no reason to buy the wrong car. Take the same care you would in any month: test drive, compare the
drive-away price, and read the finance terms in full.</p>
<p>See our current EOFY deals on the <a href="/special-offers">special offers</a> page, or
<a href="/contact-us">talk to our business sales team</a> about fleet and ABN pricing.</p>
`,

  // ---------------------------------------------------------------- Motoring Tips (archive)
  'How to drive on gravel roads': `
<p>Head far enough from the city in almost any direction and the bitumen gives way to gravel. Unsealed roads can be
driven safely in an ordinary car, but they reward a slower, smoother style of driving.</p>
<h2>Before you leave the bitumen</h2>
<ul>
  <li><strong>Tyre pressures:</strong> a modest drop from your road pressures can improve grip and ride on rough
  gravel. Follow your vehicle's guidance, and reinflate when you are back on the sealed road.</li>
  <li><strong>Headlights on:</strong> dust makes you hard to see, even in the middle of the day.</li>
  <li><strong>Secure the load:</strong> corrugations shake everything loose.</li>
</ul>
<h2>On the gravel</h2>
<ol>
  <li><strong>Slow down.</strong> Posted limits on country roads are the maximum in perfect conditions. Loose
  surfaces need more room to stop and to steer.</li>
  <li><strong>Leave a big gap.</strong> Drop well back from the car in front to stay out of its dust and away from
  flying stones.</li>
  <li><strong>Stay smooth.</strong> Brake before corners in a straight line, and avoid sudden steering.</li>
  <li><strong>Watch the edges.</strong> Soft shoulders and windrows of loose gravel can pull a wheel off line.</li>
  <li><strong>Approaching traffic:</strong> move left, slow right down, and consider stopping for road trains and
  trucks.</li>
</ol>
<h3>Creek crossings and washouts</h3>
<p>After rain, gravel roads can wash out or become impassable. Never drive into floodwater, and check conditions with
the local council before you set out.</p>
<p style="font-style:italic">Stones chip paint and windscreens, and dust gets into air filters. After a gravel trip, a
wash and a quick check can save a bigger bill later.</p>
<p>Planning a country trip? <a href="/service">Book a pre-trip service</a> and our technicians will check tyres,
suspension and filters before you go.</p>
`,

  'Keeping your car cool in an Australian summer': `
<span class="post-content">
<p>An Australian summer is hard on cars and the people inside them. A dashboard in full sun can get hot enough to burn,
and heat quietly shortens the life of batteries, tyres and interior trim. A few simple habits help.</p>
<h2>Park smart</h2>
<ul>
  <li>Choose shade or undercover parking whenever you can, even if it means a longer walk.</li>
  <li>In open car parks, park facing away from the afternoon sun to keep the steering wheel and seats cooler.</li>
  <li>Use a reflective windscreen sunshade every time. It is cheap and it works.</li>
</ul>
<h2>Cool down quickly</h2>
<ol>
  <li>Open the windows for the first minute to let the hottest air out.</li>
  <li>Run the air-conditioning on recirculate once the windows are closed.</li>
  <li>Point the vents at your upper body rather than straight at your face.</li>
</ol>
<h2>Look after the battery</h2>
<p>Heat, not cold, is the biggest enemy of most car batteries. High temperatures speed up the chemical wear inside, so a
battery can fail without warning after a hot summer. If yours is a few years old, have it tested before the heat
arrives.</p>
<h3>Other hot-weather checks</h3>
<ul>
  <li>Coolant level and hoses</li>
  <li>Air-conditioning performance, since a system that blows only cool air may need attention</li>
  <li>Tyre pressures, checked in the morning before the day heats up</li>
</ul>
<blockquote><strong>Never leave children or pets in a parked car</strong>, even for a few minutes with the windows down.
The temperature inside climbs very quickly.</blockquote>
<p>Our service team can test your battery, cooling system and air-conditioning in one visit.
<a href="/service">Book a summer check</a> today.</p>
</span>
`,

  'Kangaroos at dusk: staying safe on country roads': `
<h1>Kangaroos at dusk: staying safe on country roads</h1>
<p>Anyone who drives regularly in regional Australia has a kangaroo story. Wildlife strikes can cause serious damage and
injury, and most happen in the same predictable conditions. Knowing when and where to expect animals is the best
protection.</p>
<h2>When and where</h2>
<ul>
  <li><strong>Dawn and dusk:</strong> kangaroos and wallabies are most active in low light, when they are also hardest
  to see.</li>
  <li><strong>Night:</strong> driving after dark on country roads carries a higher risk.</li>
  <li><strong>Cooler months and dry spells:</strong> animals move more, and grass on road verges draws them close to
  traffic.</li>
  <li><strong>Near water and scrub:</strong> watch for creeks, dams, crops and the edges of bushland, and heed the
  yellow wildlife warning signs.</li>
</ul>
<h2>How to react</h2>
<ol>
  <li><strong>Slow down</strong> in high-risk areas and times. Lower speed gives you more time to stop.</li>
  <li><strong>Scan the verges</strong> as well as the road ahead, and use high beam when it is safe and legal.</li>
  <li><strong>Brake firmly in a straight line</strong> if an animal appears. Swerving can send you off the road or into
  oncoming traffic, which is often far more dangerous than the impact itself.</li>
  <li><strong>Expect more than one.</strong> Kangaroos often travel in groups, and one may follow another.</li>
</ol>
<h2>After a strike</h2>
<p>Pull over somewhere safe and switch on your hazard lights. If the animal is injured, do not approach it; call your
local wildlife rescue service. Check your vehicle for damage to lights, the radiator and coolant before driving on.</p>
<p>Thinking about driving lights or a bull bar for country touring? Our team can advise what suits your vehicle, and the
<a href="https://www.racq.com.au/">RACQ</a> has more on driving safely in the country. If you have had a strike,
<a href="/service">book an inspection</a> with our workshop.</p>
`,

  // ---------------------------------------------------------------- Servicing Insights (archive)
  'Why your logbook service keeps your warranty': `
<p>Your new car's warranty is a promise from the manufacturer to fix defects. In return, the manufacturer asks that the
car is maintained properly, and the logbook is how you prove it was.</p>
<h2>What the manufacturer asks for</h2>
<ul>
  <li>Servicing at the intervals in the logbook, by time or kilometres, whichever comes first</li>
  <li>Work carried out by qualified technicians to the manufacturer's specifications</li>
  <li>Parts and fluids that meet the manufacturer's specifications</li>
  <li>A record of each service, stamped in the logbook or entered in the digital service history</li>
</ul>
<h2>Do you have to service with the dealer?</h2>
<p>No. Under Australian consumer protections, your warranty should not be voided just because a service is done by an
independent workshop, provided the service follows the manufacturer's schedule and specifications and is properly
recorded. What matters is <em>how</em> the car is serviced and that you can show it.</p>
<blockquote>Missing services or using the wrong fluids can make it harder to have a warranty claim accepted if a related
fault appears.</blockquote>
<h2>How our workshop records it</h2>
<ol>
  <li>We service to the exact logbook schedule for your model and kilometres.</li>
  <li>We use genuine parts and factory-specified fluids.</li>
  <li>We stamp your logbook or update the manufacturer's digital record.</li>
  <li>You get an itemised invoice listing every part and check, so keep it with your records.</li>
</ol>
<p>A complete service history also helps when you sell or trade in. Read more about your
<a href="/warranty">warranty</a>, or <a href="/service">book your next logbook service</a> online.</p>
`,

  'Brake pads and rotors: when to replace them': `
<p>Your brakes work hard every time you drive, and they wear gradually, so it is easy not to notice until something
sounds or feels wrong. Here are the signs to listen and feel for, and what our technicians measure.</p>
<h2>The noises</h2>
<ul>
  <li><strong>High-pitched squeal:</strong> many pads have a small metal wear indicator that squeals when the pad is
  getting thin. It is an early warning, not an emergency, but book a check soon.</li>
  <li><strong>Grinding:</strong> metal on metal means the pad material may be gone. Stop driving and have it inspected
  straight away.</li>
  <li><strong>Clicking or knocking:</strong> can point to loose components.</li>
</ul>
<h2>The vibrations</h2>
<ul>
  <li>A pulsing brake pedal or a shaking steering wheel under braking often means the rotors have worn unevenly</li>
  <li>The car pulling to one side when you brake</li>
  <li>A pedal that feels soft or travels further than usual, which also needs checking promptly</li>
</ul>
<p>&nbsp;</p>
<h2>What our technicians measure</h2>
<ol>
  <li><strong>Pad thickness</strong> on each wheel, since fronts and rears wear at different rates.</li>
  <li><strong>Rotor thickness</strong> against the minimum specified by the manufacturer, often stamped on the rotor
  itself.</li>
  <li><strong>Rotor surface</strong> for scoring, heat spots and uneven wear.</li>
  <li><strong>Brake fluid</strong> condition, replaced on the schedule in your logbook.</li>
</ol>
<h3>Pads, rotors or both?</h3>
<p>Pads usually wear faster than rotors. Rotors that are still above minimum thickness and in good condition can often
stay, while worn or damaged ones are replaced in pairs on the same axle. How quickly either wears depends on your
driving: city traffic, hills and towing all add up.</p>
<p>If you notice any of these signs, <a href="/service">book a brake inspection</a>. We will show you the measurements
and explain your options before any work is done.</p>
`,

  'Battery health: signs your car battery is ageing': `
<p>A flat battery always seems to happen at the worst possible moment. The good news is that most batteries give a few
warnings before they fail completely, if you know what to look for.</p>
<h2>Warning signs</h2>
<ul>
  <li><strong>Slow starts:</strong> the engine turns over sluggishly, especially first thing in the morning</li>
  <li><strong>Warning lights:</strong> a battery or charging light on the dash, or unusual electrical messages</li>
  <li><strong>Dim lights:</strong> headlights or interior lights that dim when starting or idling</li>
  <li><strong>Electrical quirks:</strong> the clock resetting or infotainment rebooting</li>
  <li><strong>Stop-start stops working:</strong> many cars disable idle stop-start when the battery is weak</li>
  <li><strong>Corrosion:</strong> white or green build-up on the terminals</li>
</ul>
<p>&nbsp;</p>
<h2>How long should a battery last?</h2>
<p>It depends on the battery type, how the car is used and the climate. Australian heat is tough on batteries, and so
are lots of short trips that never fully recharge them. A car that sits unused for weeks can also run its battery
down.</p>
<h2>Get it tested</h2>
<p>A proper battery test measures how well the battery holds and delivers charge, which tells us far more than a
simple voltage reading. At our service centre:</p>
<ol>
  <li>We test your battery and charging system for free while you wait.</li>
  <li>We print or send you the result, so you can see its condition.</li>
  <li>If it needs replacing, we quote the correct battery for your vehicle. Cars with stop-start or advanced
  electronics often need a specific type.</li>
</ol>
<h3>Make your battery last longer</h3>
<ul>
  <li>Take a longer drive at least once a week</li>
  <li>Turn off lights and accessories before switching off</li>
  <li>Keep the terminals clean and tight</li>
</ul>
<p><a href="/service">Book a free battery test</a> with your next service, or <a href="/contact-us">contact us</a> to
drop in.</p>
`,
};
