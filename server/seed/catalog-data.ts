/** What a demo product's drawn picture shows (./images.ts draws each). */
export type ImageShape =
  | 'chef-knife'
  | 'hunting-knife'
  | 'folding-knife'
  | 'painting'
  | 'vase'
  | 'bowl'
  | 'mug'
  | 'carving';

/**
 * Seed content for the reference shop API:
 * two demo tenants with site settings, company info, categories, products, images (drawn at
 * seed time by ./images.ts from the shape and palette given here) and reviews.
 *
 * Plain data only: no database access. Money is in integer cents (the database's minor
 * units); the API serves it as decimal strings. Review usernames are unique across both
 * tenants, so the inserting code may create one user per distinct username.
 *
 * Facts the tests rely on:
 * - the word "damascus" appears (case-insensitively) in the name and description of exactly
 *   four active demo products, and of one inactive product that must never be listed;
 * - the second tenant shares no product name with the demo tenant and never says "damascus";
 * - every product has its own palette, so the centre pixels of the main images differ.
 */

export interface SeedImage {
  shape: ImageShape;
  /** [backdrop, main, accent] as #rrggbb. */
  palette: [string, string, string];
  alt_text: string;
}

export interface SeedReview {
  /** null = a review left without an account (shown as 'Anonymous User'). */
  username: string | null;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  is_verified_purchase: boolean;
  /** Age of the review in days, relative to the moment the seed runs. */
  days_ago: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  category_slug: string;
  price_cents: number;
  price_before_discount_cents?: number;
  /**
   * The prices it had before its current one, oldest first, each with the days ago it took
   * effect; the current price took effect `price_since_days_ago` days ago (default 7). Default
   * history: a product with a price before discount had that price from 60 days ago (an honest
   * discount, Directive 98/6/EC art. 6a); one without, no earlier price.
   */
  price_history?: { price_cents: number; days_ago: number }[];
  price_since_days_ago?: number;
  stock: number;
  /** Plain text, one or two sentences. */
  description: string;
  /** HTML (<p>, <h3>, <ul><li>, <strong>), sanitized by the SPA before display. */
  long_html_description: string;
  /** Ordered: the array index is the attribute's `order`. */
  attributes: { key: string; value: string }[];
  /** 1 to 4; the first is the main image. */
  images: SeedImage[];
  reviews: SeedReview[];
  /** Defaults to true. */
  is_active?: boolean;
}

export interface SeedCategory {
  slug: string;
  name: string;
  description_html: string;
}

export interface SeedTenant {
  token: string;
  name: string;
  /** Folder under data/media/ that holds this tenant's generated files. */
  media_slug: string;
  /**
   * ISO 4217 code every price of the shop is in: USD for demo-handcraft (the spec's demo), GBP
   * for demo-pottery, so the demos show a shop priced in its own currency (issue 38).
   */
  currency: string;
  site: {
    site_title: string;
    site_description: string;
    theme_name: string;
    google_analytics_id: string | null;
    contact_email: string;
    social_media_links: Record<string, string> | null;
  };
  /**
   * Who the seller is (E-Commerce Regulations 2002 reg. 6): its legal name, address lines,
   * company and VAT numbers, and the VAT rate its prices include in basis points (null: not
   * VAT registered, "No VAT is charged"). Its e-mail is the contact e-mail.
   */
  seller: {
    legal_name: string;
    address: string[];
    company_number: string | null;
    vat_number: string | null;
    vat_rate_bp: number | null;
  };
  logo: { text: string; palette: [string, string, string] };
  company: {
    tagline: string;
    history_summary: string;
    mission_statement: string;
    vision_statement: string;
    core_values: { name: string; description: string }[];
  };
  categories: SeedCategory[];
  products: SeedProduct[];
}

// ---------------------------------------------------------------------------------------
// Small builders that keep attribute keys and their order consistent per category
// ---------------------------------------------------------------------------------------

type Attributes = SeedProduct['attributes'];

function knifeAttributes(a: {
  steel: string;
  blade: string;
  overall: string;
  handle: string;
  hrc: string;
  weight: string;
}): Attributes {
  return [
    { key: 'Steel', value: a.steel },
    { key: 'Blade length', value: a.blade },
    { key: 'Overall length', value: a.overall },
    { key: 'Handle', value: a.handle },
    { key: 'Hardness (HRC)', value: a.hrc },
    { key: 'Weight', value: a.weight },
  ];
}

function paintingAttributes(a: {
  medium: string;
  dimensions: string;
  frame: string;
  year: string;
}): Attributes {
  return [
    { key: 'Medium', value: a.medium },
    { key: 'Dimensions', value: a.dimensions },
    { key: 'Frame', value: a.frame },
    { key: 'Year', value: a.year },
  ];
}

function ceramicAttributes(a: {
  clay: string;
  glaze: string;
  dimensions: string;
  capacity: string;
  dishwasher: 'Yes' | 'No';
}): Attributes {
  return [
    { key: 'Clay', value: a.clay },
    { key: 'Glaze', value: a.glaze },
    { key: 'Dimensions', value: a.dimensions },
    { key: 'Capacity', value: a.capacity },
    { key: 'Dishwasher safe', value: a.dishwasher },
  ];
}

function carvingAttributes(a: { wood: string; finish: string; dimensions: string }): Attributes {
  return [
    { key: 'Wood', value: a.wood },
    { key: 'Finish', value: a.finish },
    { key: 'Dimensions', value: a.dimensions },
  ];
}

/** Several shots of one object: same palette, different alt text (which also varies the pose). */
function shots(shape: ImageShape, palette: [string, string, string], alts: string[]): SeedImage[] {
  return alts.map((alt_text) => ({ shape, palette, alt_text }));
}

// ---------------------------------------------------------------------------------------
// Demo tenant: Ember & Oak Workshop
// ---------------------------------------------------------------------------------------

const demoCategories: SeedCategory[] = [
  {
    slug: 'chef-knives',
    name: 'Chef Knives',
    description_html:
      '<p>Kitchen knives forged one at a time at our bench: gyutos, santokus, petty knives and nakiris, ground thin behind the edge so they glide through an onion rather than wedge it apart.</p>' +
      '<p>Every blade is heat-treated in-house, sharpened by hand on water stones and <strong>test-cut before it leaves the workshop</strong>.</p>',
  },
  {
    slug: 'hunting-knives',
    name: 'Hunting Knives',
    description_html:
      '<p>Fixed blades for the field: drop points, skinners and camp knives with full tangs, pinned handles and <strong>wet-formed leather sheaths</strong> made to fit each knife.</p>' +
      '<p>We favour tough tool steels that hold an edge through a long day and can be touched up on a pocket stone.</p>',
  },
  {
    slug: 'folding-knives',
    name: 'Folding Knives',
    description_html:
      '<p>Pocket knives from traditional slipjoints to modern liner-locks. Each one is fitted and lapped by hand, so the blade walks and talks with a crisp, even snap.</p>' +
      '<p><strong>Note:</strong> please check your local carry laws before ordering a locking blade.</p>',
  },
  {
    slug: 'paintings',
    name: 'Paintings',
    description_html:
      '<p>Original oils, acrylics and watercolours by Mara Lindqvist, painted from sketches made on walks around the estuary and the hills behind the workshop.</p>' +
      '<p>Originals are one of a kind and arrive <strong>framed and ready to hang</strong>; signed giclée prints and etchings are available in small editions.</p>',
  },
  {
    slug: 'ceramics',
    name: 'Ceramics',
    description_html:
      '<p>Wheel-thrown stoneware fired to cone 10 in our gas kiln: everyday mugs and bowls alongside larger vases and moon jars.</p>' +
      '<p>Our glazes are mixed from raw materials in small batches, so <strong>no two pieces are exactly alike</strong>.</p>',
  },
  {
    slug: 'wood-carvings',
    name: 'Wood Carvings',
    description_html:
      '<p>Spoons, boards, bowls and small figures carved from storm-felled and offcut hardwoods that would otherwise be burned.</p>' +
      '<p>Everything is finished with <strong>food-safe oils and beeswax</strong> and can be refreshed at home with a little oil.</p>',
  },
];

const demoProducts: SeedProduct[] = [
  // ----- Chef knives -----------------------------------------------------------------
  {
    slug: 'damascus-gyuto-210mm',
    name: 'Damascus Gyuto 210mm',
    category_slug: 'chef-knives',
    price_cents: 38500,
    price_before_discount_cents: 42000,
    stock: 6,
    description:
      'A 210mm gyuto with a VG-10 core clad in 67 layers of damascus steel. Light, thin behind the edge and balanced just in front of the bolster.',
    long_html_description:
      '<p>The gyuto is the knife we reach for first. This one is forged around a <strong>VG-10 core</strong> and clad in 67 layers of nickel and carbon steel, then etched so the pattern rises like wood grain across the flat.</p>' +
      '<h3>How it cuts</h3><p>The profile has a gentle belly for rocking through herbs and a long flat section for push-cutting. We grind it thin behind the edge, so it passes through carrots and squash without cracking them.</p>' +
      '<h3>In the box</h3><ul><li>Knife with a hand-sharpened 15° edge</li><li>Magnolia wood saya</li><li>Care card and a lifetime resharpening voucher</li></ul>',
    attributes: knifeAttributes({
      steel: 'VG-10 core, 67-layer damascus cladding',
      blade: '210 mm',
      overall: '345 mm',
      handle: 'Stabilised walnut with nickel silver bolster and three brass rivets',
      hrc: '60-61',
      weight: '185 g',
    }),
    images: shots(
      'chef-knife',
      ['#e0d0c8', '#5b3a29', '#8a6f4e'],
      [
        'Damascus Gyuto 210mm on a studio backdrop',
        'Damascus Gyuto 210mm, blade detail showing the layered pattern',
        'Damascus Gyuto 210mm seen from the spine side',
      ],
    ),
    reviews: [
      {
        username: 'chef_tomasz',
        rating: 5,
        comment:
          'Out of the box it was sharper than anything in my kitchen. Six months of daily service later it only needs the odd strop.',
        is_verified_purchase: true,
        days_ago: 182,
      },
      {
        username: 'hannah.w',
        rating: 5,
        comment: 'Beautiful pattern and the balance is spot on. The saya is a lovely touch.',
        is_verified_purchase: true,
        days_ago: 64,
      },
      {
        username: null,
        rating: 4,
        comment:
          'Great knife, a little heavier than I expected for a gyuto, but it tracks straight.',
        is_verified_purchase: false,
        days_ago: 21,
      },
    ],
  },
  {
    slug: 'damascus-santoku-180mm',
    name: 'Damascus Santoku 180mm',
    category_slug: 'chef-knives',
    price_cents: 32000,
    stock: 4,
    description:
      'A compact 180mm santoku in damascus-clad SG2 powder steel, ideal for vegetables, fish and boneless meat.',
    long_html_description:
      '<p>The santoku — "three virtues" — slices, dices and minces. Ours has a flatter edge than the gyuto and a sheepsfoot tip that keeps your knuckles clear of the board.</p>' +
      '<p>The core is <strong>SG2 powder steel</strong> hardened to 62 HRC, so it takes a very fine edge and keeps it. The cladding is a soft, 33-layer twist pattern.</p>' +
      '<ul><li>Octagonal chestnut handle with a buffalo horn ferrule</li><li>Suitable for left- and right-handed cooks</li><li>Hand wash and dry straight away</li></ul>',
    attributes: knifeAttributes({
      steel: 'SG2 powder steel core, 33-layer twist damascus',
      blade: '180 mm',
      overall: '315 mm',
      handle: 'Octagonal chestnut with buffalo horn ferrule',
      hrc: '62',
      weight: '152 g',
    }),
    images: shots(
      'chef-knife',
      ['#d9ecde', '#6e4b2a', '#2b2b2b'],
      [
        'Damascus Santoku 180mm on a studio backdrop',
        'Damascus Santoku 180mm, detail of the twist pattern near the heel',
      ],
    ),
    reviews: [
      {
        username: 'mei_cooks',
        rating: 5,
        comment: 'Perfect size for my small kitchen. It makes short work of spring onions.',
        is_verified_purchase: true,
        days_ago: 40,
      },
      {
        username: null,
        rating: 5,
        comment: 'Bought as a wedding present; the couple use it every day.',
        is_verified_purchase: true,
        days_ago: 133,
      },
    ],
  },
  {
    slug: 'carbon-steel-petty-150mm',
    name: 'Carbon Steel Petty 150mm',
    category_slug: 'chef-knives',
    price_cents: 14500,
    stock: 12,
    description:
      'A nimble 150mm utility knife in white #2 carbon steel for shallots, citrus and fiddly trimming jobs.',
    long_html_description:
      '<p>Every kitchen needs a small knife for the jobs a chef knife is too big for. This petty is ground from <strong>Shirogami #2</strong>, a simple, very pure carbon steel that sharpens in a few strokes.</p>' +
      '<p>Carbon steel develops a blue-grey patina with use. It protects the blade and tells the story of what you have cooked; wipe it dry and it will last for decades.</p>',
    attributes: knifeAttributes({
      steel: 'Shirogami #2 carbon steel',
      blade: '150 mm',
      overall: '270 mm',
      handle: 'Ho wood with black pakka ferrule',
      hrc: '61-62',
      weight: '78 g',
    }),
    images: shots(
      'chef-knife',
      ['#cbc8e0', '#a9805a', '#1f1f1f'],
      ['Carbon Steel Petty 150mm on a studio backdrop'],
    ),
    reviews: [],
  },
  {
    slug: 'blue-2-bunka-165mm',
    name: 'Blue #2 Bunka 165mm',
    category_slug: 'chef-knives',
    price_cents: 26500,
    stock: 1,
    description:
      'A k-tip bunka in Aogami #2 with a rustic forge-scale finish, the last of this batch.',
    long_html_description:
      '<p>The bunka pairs a santoku-like flat edge with an aggressive reverse-tanto tip, which is brilliant for scoring onions and lifting fine slices of garlic.</p>' +
      '<p>We leave the <strong>kurouchi forge scale</strong> on the upper blade: it reduces food sticking and gives each knife its own texture. The lower bevel is polished to a misty kasumi finish.</p>' +
      '<h3>Care</h3><ul><li>Hand wash, dry at once</li><li>A drop of camellia oil if you store it for long</li></ul>',
    attributes: knifeAttributes({
      steel: 'Aogami #2 (blue paper) carbon steel',
      blade: '165 mm',
      overall: '300 mm',
      handle: 'Walnut wa-handle with horn ferrule',
      hrc: '62-63',
      weight: '142 g',
    }),
    images: shots(
      'chef-knife',
      ['#efd8d3', '#3e2c23', '#b7a37a'],
      [
        'Blue #2 Bunka 165mm on a studio backdrop',
        'Blue #2 Bunka 165mm, close-up of the kurouchi finish',
        'Blue #2 Bunka 165mm with its walnut handle in focus',
        'Blue #2 Bunka 165mm from the other side',
      ],
    ),
    reviews: [
      {
        username: 'ollie_at_home',
        rating: 4,
        comment:
          'That tip is addictive for fine work. Needed to oil it more often than my stainless knives.',
        is_verified_purchase: true,
        days_ago: 95,
      },
    ],
  },
  {
    slug: 'forged-chefs-knife-200mm',
    name: "Forged Chef's Knife 200mm",
    category_slug: 'chef-knives',
    price_cents: 21000,
    price_before_discount_cents: 24000,
    stock: 9,
    description:
      "A Western-style chef's knife in stainless 14C28N with a full tang and a heavier, confident feel.",
    long_html_description:
      "<p>For cooks who grew up with a German knife in hand, this is our take on the classic: a <strong>full tang</strong>, a sloped bolster that's comfortable in a pinch grip, and a pronounced belly for rocking.</p>" +
      '<p>14C28N stainless is forgiving and easy to maintain, yet holds a keen edge far longer than mass-produced blades.</p>' +
      '<ul><li>Canvas micarta scales, three stainless rivets</li><li>Dishwasher-resistant, though we still recommend hand washing</li></ul>',
    attributes: knifeAttributes({
      steel: 'Sandvik 14C28N stainless',
      blade: '200 mm',
      overall: '330 mm',
      handle: 'Canvas micarta scales, full tang, three rivets',
      hrc: '60',
      weight: '228 g',
    }),
    images: shots(
      'chef-knife',
      ['#c8e0c8', '#2f3b2f', '#9aa39a'],
      [
        "Forged Chef's Knife 200mm on a studio backdrop",
        "Forged Chef's Knife 200mm showing the full tang and rivets",
      ],
    ),
    reviews: [],
  },
  {
    slug: 'kurouchi-nakiri-170mm',
    name: 'Kurouchi Nakiri 170mm',
    category_slug: 'chef-knives',
    price_cents: 19000,
    stock: 0,
    description:
      'A flat-edged vegetable knife with a forge-scale finish that chops straight down through cabbage and squash.',
    long_html_description:
      '<p>The nakiri is a vegetable cleaver in spirit: a <strong>dead-flat edge</strong> meets the board along its whole length, so every cut goes all the way through.</p>' +
      '<p>This batch has sold out. We forge nakiri twice a year; join the newsletter to hear when the next ones are ready.</p>',
    attributes: knifeAttributes({
      steel: 'Shirogami #1 carbon steel, soft iron cladding',
      blade: '170 mm',
      overall: '305 mm',
      handle: 'Octagonal cherry with walnut ferrule',
      hrc: '62',
      weight: '160 g',
    }),
    images: shots(
      'chef-knife',
      ['#d9dcec', '#8b4f36', '#5f6b73'],
      ['Kurouchi Nakiri 170mm on a studio backdrop', 'Kurouchi Nakiri 170mm seen at an angle'],
    ),
    reviews: [],
  },
  {
    slug: 'honesuki-150mm',
    name: 'Honesuki Boning Knife 150mm',
    category_slug: 'chef-knives',
    price_cents: 17500,
    stock: 7,
    description:
      'A stiff triangular boning knife for breaking down poultry, with a strong tip that works around joints.',
    long_html_description:
      '<p>The honesuki is built for poultry. Its triangular blade is stiff, and the tall heel gives you knuckle clearance when you cut along the bone.</p>' +
      '<p>We grind it with a slight <strong>asymmetric bevel</strong> (70/30), which is easy to maintain on a single fine stone.</p>',
    attributes: knifeAttributes({
      steel: 'AEB-L stainless',
      blade: '150 mm',
      overall: '285 mm',
      handle: 'Black linen micarta with red liners',
      hrc: '61',
      weight: '135 g',
    }),
    images: shots(
      'chef-knife',
      ['#e0c8cd', '#1e1e24', '#a33b2f'],
      ['Honesuki Boning Knife 150mm on a studio backdrop'],
    ),
    reviews: [],
  },
  {
    slug: 'damascus-nakiri-prototype',
    name: 'Damascus Nakiri Prototype 165mm',
    category_slug: 'chef-knives',
    price_cents: 29500,
    stock: 1,
    description: 'A damascus nakiri prototype, kept for testing and not for sale.',
    long_html_description:
      '<p>A test piece for our next damascus pattern. It stays in the workshop.</p>',
    attributes: knifeAttributes({
      steel: '1084 and 15N20 damascus',
      blade: '165 mm',
      overall: '300 mm',
      handle: 'Unfinished maple',
      hrc: '60',
      weight: '170 g',
    }),
    images: shots(
      'chef-knife',
      ['#dfecd9', '#c2a27c', '#444444'],
      ['Damascus Nakiri Prototype on the workbench'],
    ),
    reviews: [],
    is_active: false,
  },

  // ----- Hunting knives --------------------------------------------------------------
  {
    slug: 'damascus-drop-point-hunter',
    name: 'Damascus Drop-Point Hunter',
    category_slug: 'hunting-knives',
    price_cents: 34000,
    stock: 3,
    description:
      'A full-tang drop-point hunter in hand-forged damascus with a desert ironwood handle and a wet-formed leather sheath.',
    long_html_description:
      '<p>We forge the billet ourselves from <strong>1084 and 15N20</strong>, folding it to around 200 layers before the blade is drawn out. The result is a tough, fine-grained steel with a flowing ladder pattern.</p>' +
      '<h3>Built for the field</h3><ul><li>Full tang with a tapered spine for balance</li><li>Brass guard and pins, lanyard tube</li><li>Desert ironwood handle, naturally oily and water resistant</li><li>Left- or right-hand sheath on request</li></ul>' +
      '<p>A knife for dressing game and camp chores that will outlast its owner.</p>',
    attributes: knifeAttributes({
      steel: '1084/15N20 ladder-pattern damascus',
      blade: '105 mm',
      overall: '225 mm',
      handle: 'Desert ironwood, brass guard and pins',
      hrc: '58-59',
      weight: '198 g',
    }),
    images: shots(
      'hunting-knife',
      ['#c8d1e0', '#4b2e1f', '#b08a4a'],
      [
        'Damascus Drop-Point Hunter on a studio backdrop',
        'Damascus Drop-Point Hunter, detail of the ladder pattern',
        'Damascus Drop-Point Hunter with its brass guard',
      ],
    ),
    reviews: [
      {
        username: 'ridge_runner',
        rating: 5,
        comment:
          'Dressed two deer with it this season and it still shaves. The sheath fits like a glove.',
        is_verified_purchase: true,
        days_ago: 210,
      },
      {
        username: 'k.macleod',
        rating: 4,
        comment: 'Stunning pattern. I would have liked a slightly longer handle for gloves.',
        is_verified_purchase: true,
        days_ago: 48,
      },
    ],
  },
  {
    slug: 'o1-bushcraft-knife',
    name: 'O1 Bushcraft Knife',
    category_slug: 'hunting-knives',
    price_cents: 17500,
    price_before_discount_cents: 19500,
    stock: 14,
    description:
      'A Scandi-ground bushcraft knife in O1 tool steel with a spine squared for striking a ferro rod.',
    long_html_description:
      '<p>The <strong>Scandi grind</strong> is one wide bevel straight to the edge: easy to sharpen in the field and superb for carving feather sticks and notches.</p>' +
      '<p>O1 is a classic oil-hardening tool steel. We temper it a little softer than our kitchen knives so it shrugs off batoning and twisting cuts.</p>' +
      '<ul><li>Spine ground square for a ferro rod</li><li>Oiled elm handle with a lanyard hole</li><li>Dangler sheath in 4 mm veg-tan leather</li></ul>',
    attributes: knifeAttributes({
      steel: 'O1 tool steel',
      blade: '100 mm',
      overall: '220 mm',
      handle: 'Oiled elm, two brass pins',
      hrc: '58',
      weight: '175 g',
    }),
    images: shots(
      'hunting-knife',
      ['#ecd9e3', '#7a5230', '#6b7f3a'],
      ['O1 Bushcraft Knife on a studio backdrop', 'O1 Bushcraft Knife showing the Scandi grind'],
    ),
    reviews: [
      {
        username: 'woodsy_al',
        rating: 5,
        comment: 'Feather sticks like curls of butter. Comfortable for hours of carving.',
        is_verified_purchase: true,
        days_ago: 15,
      },
    ],
  },
  {
    slug: 'antler-caping-knife',
    name: 'Antler Caping Knife',
    category_slug: 'hunting-knives',
    price_cents: 13000,
    stock: 8,
    description:
      'A short, precise caping blade with a shed-antler handle for detailed skinning work.',
    long_html_description:
      '<p>Caping calls for control, so this blade is short, thin and pointed. The handle is made from <strong>naturally shed red deer antler</strong>, collected on the hill each spring; no animal is harmed for it.</p>' +
      '<p>Each antler crown is different, so your knife will vary slightly from the photograph.</p>',
    attributes: knifeAttributes({
      steel: '80CrV2 carbon steel',
      blade: '75 mm',
      overall: '185 mm',
      handle: 'Shed red deer antler, brass spacer',
      hrc: '59',
      weight: '110 g',
    }),
    images: shots(
      'hunting-knife',
      ['#d5e0c8', '#c9b79c', '#7d5a3c'],
      ['Antler Caping Knife on a studio backdrop'],
    ),
    reviews: [],
  },
  {
    slug: 'elk-ridge-skinner',
    name: 'Elk Ridge Skinner',
    category_slug: 'hunting-knives',
    price_cents: 15500,
    stock: 0,
    description: 'A sweeping skinner with a generous belly and a stabilised maple burl handle.',
    long_html_description:
      '<p>The long, curved edge of a skinner lets you work with long strokes without the tip nicking the hide. The handle is <strong>stabilised maple burl</strong>, dyed a deep amber.</p>' +
      '<p>Currently sold out: the next batch is in the heat-treat queue.</p>',
    attributes: knifeAttributes({
      steel: 'CPM 154 stainless',
      blade: '95 mm',
      overall: '210 mm',
      handle: 'Stabilised maple burl, stainless pins',
      hrc: '60',
      weight: '160 g',
    }),
    images: shots(
      'hunting-knife',
      ['#d9e6ec', '#b4662a', '#5b5f66'],
      ['Elk Ridge Skinner on a studio backdrop', 'Elk Ridge Skinner, burl handle detail'],
    ),
    reviews: [],
  },
  {
    slug: 'frontier-bowie-230mm',
    name: 'Frontier Bowie 230mm',
    category_slug: 'hunting-knives',
    price_cents: 46000,
    stock: 1,
    description:
      'A big clip-point bowie with a brass guard and a stacked leather handle, built as a working camp knife.',
    long_html_description:
      '<p>A bowie is as much a tool as a statement. This one carries a <strong>230 mm clip-point blade</strong> with a sharpened swedge, a brass double guard and a stacked leather handle with a red fibre spacer.</p>' +
      '<h3>Details</h3><ul><li>Differentially hardened: hard edge, springy spine</li><li>Brass pommel peened over the tang</li><li>Frontier-style sheath with a belt loop and keeper</li></ul>' +
      '<p>A one-off: once it is gone, it is gone.</p>',
    attributes: knifeAttributes({
      steel: '5160 spring steel, differentially hardened',
      blade: '230 mm',
      overall: '365 mm',
      handle: 'Stacked leather with red fibre spacer, brass pommel',
      hrc: '58 edge / 45 spine',
      weight: '410 g',
    }),
    images: shots(
      'hunting-knife',
      ['#e0c8da', '#6a3f24', '#b33a2a'],
      [
        'Frontier Bowie 230mm on a studio backdrop',
        'Frontier Bowie 230mm, detail of the clip point',
        'Frontier Bowie 230mm with the stacked leather handle',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'stacked-leather-camp-knife',
    name: 'Stacked Leather Camp Knife',
    category_slug: 'hunting-knives',
    price_cents: 21500,
    stock: 6,
    description:
      'A medium camp knife with a warm stacked leather grip that stays comfortable in the cold and wet.',
    long_html_description:
      '<p>Leather washers compressed over the tang make a grip that is <strong>warm in winter and secure when wet</strong>. We seal the stack with a wax and oil blend so it ages to a deep brown.</p>' +
      '<p>The blade is long enough for camp food prep and stout enough to split kindling.</p>',
    attributes: knifeAttributes({
      steel: '1095 high carbon steel',
      blade: '140 mm',
      overall: '265 mm',
      handle: 'Stacked leather, aluminium guard',
      hrc: '58',
      weight: '240 g',
    }),
    images: shots(
      'hunting-knife',
      ['#e8ead0', '#5a3a22', '#2f4858'],
      [
        'Stacked Leather Camp Knife on a studio backdrop',
        'Stacked Leather Camp Knife, handle detail',
      ],
    ),
    reviews: [],
  },

  // ----- Folding knives --------------------------------------------------------------
  {
    slug: 'damascus-gentlemans-folder',
    name: "Damascus Gentleman's Folder",
    category_slug: 'folding-knives',
    price_cents: 29000,
    stock: 5,
    description:
      'A slim slipjoint with a raindrop damascus blade and mammoth-ivory-coloured bone scales, made to carry with a suit.',
    long_html_description:
      "<p>A gentleman's folder should disappear into a pocket and come out for the apple, the parcel string and the after-dinner cheese. This one is only <strong>9 mm thick</strong> and weighs under 60 grams.</p>" +
      '<p>The blade is <strong>raindrop-pattern damascus</strong>; the scales are stabilised bone, hand-polished, over nickel silver bolsters.</p>' +
      '<ul><li>Half-stop slipjoint action, non-locking</li><li>Nail nick for opening</li><li>Comes in a slip pouch of vegetable-tanned leather</li></ul>',
    attributes: knifeAttributes({
      steel: 'Raindrop damascus (1084/15N20)',
      blade: '70 mm',
      overall: '165 mm (open)',
      handle: 'Stabilised bone, nickel silver bolsters',
      hrc: '59',
      weight: '58 g',
    }),
    images: shots(
      'folding-knife',
      ['#c8dee0', '#d9ccb0', '#8c7a5b'],
      [
        "Damascus Gentleman's Folder open on a studio backdrop",
        "Damascus Gentleman's Folder, blade detail",
      ],
    ),
    reviews: [
      {
        username: 'james.r',
        rating: 5,
        comment: 'Elegant and properly sharp. The half-stop is crisp and safe.',
        is_verified_purchase: true,
        days_ago: 77,
      },
      {
        username: null,
        rating: 3,
        comment: 'Lovely knife but the bone scales picked up a scratch quickly.',
        is_verified_purchase: false,
        days_ago: 12,
      },
    ],
  },
  {
    slug: 'walnut-slipjoint-pocket-knife',
    name: 'Walnut Slipjoint Pocket Knife',
    category_slug: 'folding-knives',
    price_cents: 12000,
    price_before_discount_cents: 14000,
    stock: 18,
    description:
      'A classic single-blade slipjoint with English walnut scales and a spear-point blade.',
    long_html_description:
      '<p>Our everyday pocket knife. The <strong>spear-point blade</strong> is centred, so it is equally handy for opening post and peeling fruit.</p>' +
      '<p>English walnut scales, brass liners and pins. No lock, so it is UK-legal to carry with a blade under three inches.</p>',
    attributes: knifeAttributes({
      steel: '12C27 stainless',
      blade: '70 mm',
      overall: '170 mm (open)',
      handle: 'English walnut over brass liners',
      hrc: '58',
      weight: '72 g',
    }),
    images: shots(
      'folding-knife',
      ['#ecd9ec', '#6b4428', '#b88a3e'],
      [
        'Walnut Slipjoint Pocket Knife open on a studio backdrop',
        'Walnut Slipjoint Pocket Knife, scale detail',
        'Walnut Slipjoint Pocket Knife at a low angle',
      ],
    ),
    reviews: [
      {
        username: 'dad_of_three',
        rating: 5,
        comment: 'Bought one for each of my sons. Solid, simple and it will last them a lifetime.',
        is_verified_purchase: true,
        days_ago: 301,
      },
    ],
  },
  {
    slug: 'micarta-liner-lock-edc',
    name: 'Micarta Liner-Lock EDC',
    category_slug: 'folding-knives',
    price_cents: 18500,
    stock: 11,
    description:
      'A modern everyday-carry folder with green canvas micarta, a liner lock and a reversible pocket clip.',
    long_html_description:
      '<p>For people who use their knife every day. <strong>Green canvas micarta</strong> gives a grippy, warm feel and polishes with use. The blade runs on phosphor-bronze washers and locks open with a stainless liner.</p>' +
      '<ul><li>Thumb hole for one-handed opening</li><li>Reversible pocket clip</li><li>Fully serviceable with Torx screws</li></ul>',
    attributes: knifeAttributes({
      steel: 'Böhler M390 powder steel',
      blade: '85 mm',
      overall: '200 mm (open)',
      handle: 'Green canvas micarta, stainless liners',
      hrc: '61',
      weight: '98 g',
    }),
    images: shots(
      'folding-knife',
      ['#e0ddc8', '#2e4a3f', '#7f8c8d'],
      [
        'Micarta Liner-Lock EDC open on a studio backdrop',
        'Micarta Liner-Lock EDC showing the pocket clip',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'bog-oak-friction-folder',
    name: 'Bog Oak Friction Folder',
    category_slug: 'folding-knives',
    price_cents: 9500,
    price_before_discount_cents: 11000,
    stock: 20,
    description:
      'A simple friction folder with a 5,000-year-old bog oak handle and a carbon steel blade.',
    long_html_description:
      '<p>The oldest kind of folding knife: no spring and no lock, just a tang that you hold closed with your thumb while you cut. The handle is <strong>bog oak</strong>, preserved for millennia in a peat bog and turned almost black.</p>' +
      '<p>A great first knife and a talking point on any picnic blanket.</p>',
    attributes: knifeAttributes({
      steel: '1075 carbon steel',
      blade: '75 mm',
      overall: '180 mm (open)',
      handle: 'Bog oak, brass pivot',
      hrc: '57',
      weight: '64 g',
    }),
    images: shots(
      'folding-knife',
      ['#d3e8d6', '#2b2420', '#a58d5c'],
      ['Bog Oak Friction Folder open on a studio backdrop'],
    ),
    reviews: [],
  },
  {
    slug: 'titanium-frame-lock-flipper',
    name: 'Titanium Frame-Lock Flipper',
    category_slug: 'folding-knives',
    price_cents: 26500,
    stock: 0,
    description:
      'A flipper-opening frame lock with anodised titanium and a drop-point blade running on ceramic bearings.',
    long_html_description:
      '<p>Our most technical folder: a <strong>6Al4V titanium frame lock</strong> with a steel lock-bar insert, ceramic bearings and a detent tuned for a snappy flip.</p>' +
      '<p>Made in batches of twelve. This batch is sold out; the next is planned for the spring.</p>',
    attributes: knifeAttributes({
      steel: 'CPM S35VN',
      blade: '88 mm',
      overall: '205 mm (open)',
      handle: 'Bronze-anodised titanium frame lock',
      hrc: '60',
      weight: '112 g',
    }),
    images: shots(
      'folding-knife',
      ['#d8c8e0', '#8a6a3f', '#3d5a80'],
      [
        'Titanium Frame-Lock Flipper open on a studio backdrop',
        'Titanium Frame-Lock Flipper, detail of the pivot',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'stag-trapper-two-blade',
    name: 'Stag Trapper Two-Blade',
    category_slug: 'folding-knives',
    price_cents: 21000,
    stock: 2,
    description:
      'A traditional two-blade trapper with genuine stag scales, a clip blade and a spey blade.',
    long_html_description:
      '<p>The trapper pattern has been carried by trappers and farmers for over a century. Ours has a <strong>clip blade</strong> for general work and a <strong>spey blade</strong> for skinning, both on half-stop springs.</p>' +
      '<p>Sambar stag scales are becoming scarce; we have just two left from our last supply.</p>',
    attributes: knifeAttributes({
      steel: 'CPM 154',
      blade: '80 mm (clip), 78 mm (spey)',
      overall: '190 mm (open)',
      handle: 'Sambar stag, nickel silver bolsters',
      hrc: '59',
      weight: '105 g',
    }),
    images: shots(
      'folding-knife',
      ['#ece5d9', '#7b5b45', '#c2b8a3'],
      [
        'Stag Trapper Two-Blade open on a studio backdrop',
        'Stag Trapper Two-Blade, stag scale detail',
      ],
    ),
    reviews: [],
  },

  // ----- Paintings -------------------------------------------------------------------
  {
    slug: 'harbour-at-dusk-oil',
    name: 'Harbour at Dusk — Oil on Canvas',
    category_slug: 'paintings',
    price_cents: 64000,
    stock: 1,
    description:
      'An original oil painting of fishing boats settling in the harbour as the last light fades.',
    long_html_description:
      '<p>Painted over three evenings on the quay, finished in the studio. The water is built up in <strong>thin glazes</strong> so the reflections glow as the light in the room changes.</p>' +
      '<h3>About the piece</h3><ul><li>Original, signed on the front and back</li><li>Framed in a hand-gilded oak moulding</li><li>Certificate of authenticity included</li></ul>' +
      '<p>Ships wrapped and crated, with tracked delivery.</p>',
    attributes: paintingAttributes({
      medium: 'Oil on linen canvas',
      dimensions: '60 × 45 cm (framed 72 × 57 cm)',
      frame: 'Hand-gilded oak',
      year: '2024',
    }),
    images: shots(
      'painting',
      ['#efe9df', '#3f6e8c', '#c29b57'],
      [
        'Harbour at Dusk, oil painting in a gilded frame',
        'Harbour at Dusk, seen on the studio wall',
      ],
    ),
    reviews: [
      {
        username: 'gallery_fan_sue',
        rating: 5,
        comment: 'Even more luminous in person. It takes pride of place above our fireplace.',
        is_verified_purchase: true,
        days_ago: 260,
      },
    ],
  },
  {
    slug: 'morning-fog-oil-on-board',
    name: 'Morning Fog over the Loch — Oil on Board',
    category_slug: 'paintings',
    price_cents: 48000,
    stock: 1,
    description:
      'Soft blues and greys as the fog lifts off still water, painted en plein air on gesso board.',
    long_html_description:
      '<p>The fog only hangs for an hour or so after sunrise, so this was painted quickly, <strong>alla prima</strong>, with loose strokes that leave the board showing through in places.</p>' +
      '<p>Framed in a simple limed-oak float frame that lets the edges of the board show.</p>',
    attributes: paintingAttributes({
      medium: 'Oil on gesso board',
      dimensions: '50 × 40 cm',
      frame: 'Limed oak float frame',
      year: '2023',
    }),
    images: shots(
      'painting',
      ['#e6e9ec', '#6d8ea6', '#d8cfc0'],
      ['Morning Fog over the Loch in a limed oak frame'],
    ),
    reviews: [],
  },
  {
    slug: 'larch-wood-in-october-acrylic',
    name: 'Larch Wood in October — Acrylic',
    category_slug: 'paintings',
    price_cents: 36000,
    price_before_discount_cents: 42000,
    stock: 1,
    description: 'Golden larches against a dark hillside, in bold layered acrylic on canvas.',
    long_html_description:
      '<p>Larch is the only conifer that turns gold and drops its needles. For two weeks each October the hillside behind the workshop <strong>glows like embers</strong>.</p>' +
      '<p>Painted in heavy-body acrylics with palette-knife texture in the foreground trees.</p>',
    attributes: paintingAttributes({
      medium: 'Acrylic on canvas',
      dimensions: '70 × 50 cm',
      frame: 'Dark walnut box frame',
      year: '2024',
    }),
    images: shots(
      'painting',
      ['#ece4da', '#b8742a', '#4a3626'],
      [
        'Larch Wood in October, acrylic painting in a walnut frame',
        'Larch Wood in October, detail of the palette-knife texture',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'salt-marsh-low-tide-watercolour',
    name: 'Salt Marsh, Low Tide — Watercolour',
    category_slug: 'paintings',
    price_cents: 18500,
    stock: 1,
    description:
      'A quiet watercolour of creeks winding through the salt marsh at low tide, mounted and framed.',
    long_html_description:
      '<p>Watercolour suits the marsh: the paint pools and blooms like water finding its level. Painted on <strong>300 gsm cold-pressed cotton paper</strong>.</p>' +
      '<ul><li>Conservation mount in off-white</li><li>UV-filtering glass</li><li>Ash frame with a natural oil finish</li></ul>',
    attributes: paintingAttributes({
      medium: 'Watercolour on cotton paper',
      dimensions: '38 × 28 cm (framed 55 × 45 cm)',
      frame: 'Natural ash with conservation mount',
      year: '2025',
    }),
    images: shots(
      'painting',
      ['#e3e8e1', '#7f9a6a', '#d6c3a0'],
      [
        'Salt Marsh, Low Tide watercolour in an ash frame',
        'Salt Marsh, Low Tide watercolour hanging in a hallway',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'quarry-pond-gouache-study',
    name: 'Quarry Pond — Gouache Study',
    category_slug: 'paintings',
    price_cents: 14500,
    stock: 0,
    description: 'A small, bright gouache study of the flooded quarry on a summer afternoon.',
    long_html_description:
      '<p>A study made for a larger oil that is still on the easel. Gouache gives flat, chalky colour that <strong>reads beautifully in a small frame</strong>.</p>' +
      '<p>Sold. Prints of this study may be offered later in the year.</p>',
    attributes: paintingAttributes({
      medium: 'Gouache on paper',
      dimensions: '24 × 18 cm',
      frame: 'Black painted tulipwood with mount',
      year: '2025',
    }),
    images: shots(
      'painting',
      ['#eae6f0', '#3f8c7a', '#2a2a2a'],
      ['Quarry Pond gouache study in a black frame'],
    ),
    reviews: [],
  },
  {
    slug: 'upland-pasture-giclee-print',
    name: 'Upland Pasture — Signed Giclée Print',
    category_slug: 'paintings',
    price_cents: 6500,
    stock: 25,
    description:
      'A signed, numbered giclée print of our best-loved landscape, in an edition of 100.',
    long_html_description:
      '<p>Printed with <strong>archival pigment inks</strong> on Hahnemühle German Etching paper, which has a velvety texture close to the original.</p>' +
      '<ul><li>Edition of 100, signed and numbered</li><li>Supplied in a white mount, ready for a standard 40 × 30 cm frame</li><li>Frame shown is not included</li></ul>',
    attributes: paintingAttributes({
      medium: 'Giclée print on Hahnemühle German Etching',
      dimensions: '30 × 20 cm (mounted 40 × 30 cm)',
      frame: 'Unframed, white mount',
      year: '2022',
    }),
    images: shots(
      'painting',
      ['#f0ece4', '#8aa456', '#6e5a44'],
      [
        'Upland Pasture giclée print shown mounted and framed',
        'Upland Pasture giclée print on a living room wall',
        'Upland Pasture giclée print, close framing',
      ],
    ),
    reviews: [
      {
        username: 'priya.n',
        rating: 5,
        comment:
          'The print quality is superb; the colours match the original I saw at the open studio.',
        is_verified_purchase: true,
        days_ago: 120,
      },
      {
        username: null,
        rating: 4,
        comment: 'Lovely print, arrived well packed. Took a while to find the right frame.',
        is_verified_purchase: true,
        days_ago: 33,
      },
    ],
  },
  {
    slug: 'winter-ridge-etching',
    name: 'Winter Ridge — Hand-Pulled Etching',
    category_slug: 'paintings',
    price_cents: 9500,
    stock: 12,
    description:
      'A hand-inked etching of a snow-covered ridge at first light, with a watercolour wash.',
    long_html_description:
      '<p>Etched on copper, inked and wiped by hand, and pulled on our small etching press. Each impression is <strong>hand-tinted</strong> with a pale watercolour wash, so no two are identical.</p>' +
      '<p>Edition of 40, signed in pencil.</p>',
    attributes: paintingAttributes({
      medium: 'Etching with watercolour wash',
      dimensions: '20 × 15 cm (mounted 35 × 28 cm)',
      frame: 'Unframed, ivory mount',
      year: '2023',
    }),
    images: shots(
      'painting',
      ['#e4e6ea', '#5c6f8a', '#9c8c74'],
      ['Winter Ridge etching shown in a mount', 'Winter Ridge etching on a grey wall'],
    ),
    reviews: [],
  },

  // ----- Ceramics --------------------------------------------------------------------
  {
    slug: 'celadon-bottle-vase',
    name: 'Celadon Bottle Vase',
    category_slug: 'ceramics',
    price_cents: 12000,
    stock: 5,
    description:
      'A wheel-thrown bottle vase in a pale jade celadon that pools darker in the throwing lines.',
    long_html_description:
      '<p>Celadon is an iron glaze fired in a reduction atmosphere: the same iron that turns rust red in an electric kiln becomes this <strong>soft, watery green</strong>.</p>' +
      '<p>The narrow neck holds one or two stems upright; it is just as handsome empty on a shelf.</p>',
    attributes: ceramicAttributes({
      clay: 'Porcellaneous stoneware',
      glaze: 'Celadon with oatmeal drip',
      dimensions: 'H 24 cm × Ø 12 cm',
      capacity: '650 ml',
      dishwasher: 'No',
    }),
    images: shots(
      'vase',
      ['#ece6dc', '#2f5d62', '#d9c7a7'],
      [
        'Celadon Bottle Vase on a warm white backdrop',
        'Celadon Bottle Vase, glaze detail at the shoulder',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'tenmoku-tea-mug',
    name: 'Tenmoku Tea Mug',
    category_slug: 'ceramics',
    price_cents: 4500,
    stock: 22,
    description:
      'A generous everyday mug in a glossy tenmoku glaze that breaks to rust at the rim.',
    long_html_description:
      '<p>Our most popular mug: a roomy, straight-sided form with a <strong>pulled handle</strong> that fits three fingers. Tenmoku glaze runs from deep brown-black to warm rust where it thins over the edges.</p>' +
      '<ul><li>Microwave and dishwasher safe</li><li>Unglazed foot, sanded smooth</li></ul>',
    attributes: ceramicAttributes({
      clay: 'Buff stoneware',
      glaze: 'Tenmoku',
      dimensions: 'H 10 cm × Ø 8.5 cm',
      capacity: '350 ml',
      dishwasher: 'Yes',
    }),
    images: shots(
      'mug',
      ['#efe7dd', '#5a2e22', '#e1d4c0'],
      ['Tenmoku Tea Mug on a cream backdrop', 'Tenmoku Tea Mug from the handle side'],
    ),
    reviews: [
      {
        username: 'coffee_first',
        rating: 5,
        comment: 'The handle is just right and it keeps my tea hot for ages.',
        is_verified_purchase: true,
        days_ago: 9,
      },
      {
        username: 'lena.b',
        rating: 4,
        comment: 'Gorgeous glaze. A bit heavier than my other mugs, which I actually like.',
        is_verified_purchase: true,
        days_ago: 58,
      },
      {
        username: null,
        rating: 5,
        comment: 'Bought four as gifts and kept one for myself.',
        is_verified_purchase: false,
        days_ago: 141,
      },
    ],
  },
  {
    slug: 'ash-glazed-moon-jar',
    name: 'Ash-Glazed Moon Jar',
    category_slug: 'ceramics',
    price_cents: 34000,
    // A "discount" that is not one: $300.00 for months, raised to $420.00 twelve days ago, then
    // "reduced" to $340.00. The lowest price of the 30 days before is $300.00, so the storefront
    // shows no DISCOUNT OFFER, and the back office says why (the demo of the honest-price rule).
    price_before_discount_cents: 42000,
    price_history: [
      { price_cents: 30000, days_ago: 90 },
      { price_cents: 42000, days_ago: 12 },
    ],
    price_since_days_ago: 3,
    stock: 1,
    description:
      'A large moon jar thrown in two halves and joined, glazed with wood ash from our own stove.',
    long_html_description:
      '<p>The moon jar is a Korean form from the Joseon dynasty, thrown as two bowls and joined at the waist. The slight asymmetry at the seam is part of its character.</p>' +
      '<p>The glaze is made from <strong>ash from the workshop stove</strong>, which flows and gathers in emerald rivulets during the firing.</p>',
    attributes: ceramicAttributes({
      clay: 'Grogged stoneware',
      glaze: 'Wood ash over white slip',
      dimensions: 'H 34 cm × Ø 32 cm',
      capacity: '14 l',
      dishwasher: 'No',
    }),
    images: shots(
      'vase',
      ['#e8e5e0', '#c9c0a8', '#5f7d4e'],
      [
        'Ash-Glazed Moon Jar on a soft grey backdrop',
        'Ash-Glazed Moon Jar, the ash rivulets up close',
        'Ash-Glazed Moon Jar from the seam side',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'speckled-stoneware-serving-bowl',
    name: 'Speckled Stoneware Serving Bowl',
    category_slug: 'ceramics',
    price_cents: 9500,
    price_before_discount_cents: 11000,
    stock: 7,
    description:
      'A wide serving bowl in speckled clay with a satin white interior and an indigo outer band.',
    long_html_description:
      '<p>Big enough for a salad for six. The iron speckles in the clay <strong>bleed through the satin white glaze</strong>, and the outside is dipped in a deep indigo.</p>' +
      '<ul><li>Dishwasher and oven safe</li><li>Not for the hob or grill</li></ul>',
    attributes: ceramicAttributes({
      clay: 'Speckled buff stoneware',
      glaze: 'Satin white inside, indigo outside',
      dimensions: 'H 10 cm × Ø 28 cm',
      capacity: '3 l',
      dishwasher: 'Yes',
    }),
    images: shots(
      'bowl',
      ['#e2e8e4', '#34506e', '#ece2cf'],
      [
        'Speckled Stoneware Serving Bowl on a pale green-grey backdrop',
        'Speckled Stoneware Serving Bowl from above',
      ],
    ),
    reviews: [
      {
        username: 'sunday_roast',
        rating: 5,
        comment: 'Used it at every family dinner since it arrived. The indigo is stunning.',
        is_verified_purchase: true,
        days_ago: 27,
      },
    ],
  },
  {
    slug: 'copper-red-ewer',
    name: 'Copper Red Ewer',
    category_slug: 'ceramics',
    price_cents: 21000,
    stock: 0,
    description:
      'A tall pouring ewer in a copper red glaze that shifts from oxblood to strawberry.',
    long_html_description:
      '<p>Copper reds are temperamental: too much oxygen and they turn green, too little and they go liver-brown. When they work, the result is a <strong>deep oxblood</strong> like nothing else.</p>' +
      '<p>Sold out for now; copper red firings happen two or three times a year.</p>',
    attributes: ceramicAttributes({
      clay: 'Porcelain',
      glaze: 'Copper red (sang de boeuf)',
      dimensions: 'H 28 cm × Ø 14 cm',
      capacity: '1.1 l',
      dishwasher: 'No',
    }),
    images: shots(
      'vase',
      ['#efe4e1', '#8e1f2a', '#e3b4a0'],
      ['Copper Red Ewer on a blush backdrop'],
    ),
    reviews: [],
  },
  {
    slug: 'shino-noodle-bowl',
    name: 'Shino Noodle Bowl',
    category_slug: 'ceramics',
    price_cents: 5800,
    stock: 16,
    description: 'A deep bowl for ramen and soups in a creamy shino glaze with orange flashing.',
    long_html_description:
      '<p>Shino glazes are rich in feldspar and melt into a thick, <strong>marshmallow-soft</strong> surface. Where carbon is trapped, they flash orange and grey.</p>' +
      '<p>Deep enough for a full bowl of noodles with broth to spare.</p>',
    attributes: ceramicAttributes({
      clay: 'Red-brown stoneware',
      glaze: 'Carbon-trap shino',
      dimensions: 'H 9 cm × Ø 18 cm',
      capacity: '1 l',
      dishwasher: 'Yes',
    }),
    images: shots(
      'bowl',
      ['#ebe6e0', '#a0522d', '#f0dcc0'],
      ['Shino Noodle Bowl on a warm backdrop', 'Shino Noodle Bowl showing the carbon flashing'],
    ),
    reviews: [],
  },
  {
    slug: 'blue-drip-latte-mug',
    name: 'Blue Drip Latte Mug',
    category_slug: 'ceramics',
    price_cents: 4800,
    price_before_discount_cents: 5500,
    stock: 24,
    description: 'A tall latte mug with a cobalt glaze dripping over a toasted clay base.',
    long_html_description:
      '<p>Dipped by hand in <strong>cobalt blue</strong> and left to run, so each mug has its own drip line above the bare, toasted clay.</p>' +
      '<ul><li>Holds a double shot and plenty of milk</li><li>Dishwasher and microwave safe</li></ul>',
    attributes: ceramicAttributes({
      clay: 'Toasted speckled stoneware',
      glaze: 'Cobalt drip',
      dimensions: 'H 12 cm × Ø 8 cm',
      capacity: '400 ml',
      dishwasher: 'Yes',
    }),
    images: shots(
      'mug',
      ['#e5eaf0', '#1f4e8c', '#c9a27a'],
      [
        'Blue Drip Latte Mug on a pale blue backdrop',
        'Blue Drip Latte Mug, the drip line up close',
      ],
    ),
    reviews: [],
  },

  // ----- Wood carvings ---------------------------------------------------------------
  {
    slug: 'walnut-burl-serving-bowl',
    name: 'Walnut Burl Serving Bowl',
    category_slug: 'wood-carvings',
    price_cents: 26000,
    stock: 2,
    description:
      'A hand-turned bowl from a single walnut burl, finished with food-safe oil and beeswax.',
    long_html_description:
      '<p>Burls are knotted growths on the trunk where the grain swirls in every direction. They are hard to work and <strong>impossible to repeat</strong>; this one came from a storm-felled walnut in a neighbour’s orchard.</p>' +
      '<p>Turned green, dried slowly for a year, then returned to the lathe for its final shape.</p>' +
      '<ul><li>Finished with tung oil and beeswax</li><li>Hand wash only; re-oil when it looks dry</li></ul>',
    attributes: carvingAttributes({
      wood: 'English walnut burl',
      finish: 'Tung oil and beeswax',
      dimensions: 'H 11 cm × Ø 30 cm',
    }),
    images: shots(
      'bowl',
      ['#e8e4dc', '#6b4a33', '#c7a66c'],
      [
        'Walnut Burl Serving Bowl on a linen backdrop',
        'Walnut Burl Serving Bowl, the burl figure inside',
      ],
    ),
    reviews: [
      {
        username: 'farmhouse_table',
        rating: 5,
        comment: 'The figure in the wood is mesmerising. Photos do not do it justice.',
        is_verified_purchase: true,
        days_ago: 88,
      },
    ],
  },
  {
    slug: 'cherry-cooking-spoon',
    name: 'Cherry Cooking Spoon',
    category_slug: 'wood-carvings',
    price_cents: 4800,
    stock: 25,
    description:
      'A knife-finished cherry wood spoon for stirring and tasting, with a slightly asymmetric bowl.',
    long_html_description:
      '<p>Carved with an axe and knife from green cherry, then left with a <strong>faceted knife finish</strong> rather than sanded. The facets burnish over time and feel lovely in the hand.</p>' +
      '<p>The bowl is offset so it scrapes the side of a pan cleanly. Made for right-handed cooks unless you ask otherwise.</p>',
    attributes: carvingAttributes({
      wood: 'Wild cherry',
      finish: 'Raw linseed oil',
      dimensions: 'L 30 cm × W 6 cm',
    }),
    images: shots(
      'carving',
      ['#c8e0d4', '#b98a5c', '#6d4c33'],
      [
        'Cherry Cooking Spoon on a studio backdrop',
        'Cherry Cooking Spoon, the knife-finished bowl',
      ],
    ),
    reviews: [
      {
        username: 'slow_cook',
        rating: 5,
        comment: 'Such a simple thing, but it is the spoon I reach for every time.',
        is_verified_purchase: true,
        days_ago: 5,
      },
      {
        username: null,
        rating: 2,
        comment:
          'Nice spoon but it arrived with a small crack near the handle. Replaced promptly, to be fair.',
        is_verified_purchase: true,
        days_ago: 150,
      },
    ],
  },
  {
    slug: 'carved-oak-wren',
    name: 'Carved Oak Wren',
    category_slug: 'wood-carvings',
    price_cents: 13500,
    stock: 4,
    description: 'A small whittled wren on an oak log slice, its facets left crisp from the knife.',
    long_html_description:
      '<p>The wren is tiny, loud and fearless, and a regular visitor to the woodpile. This one is carved from <strong>a single piece of oak</strong>, with the legs pinned into a slice of the same branch.</p>' +
      '<p>Each bird takes around six hours of knife work; no two are the same.</p>',
    attributes: carvingAttributes({
      wood: 'English oak',
      finish: 'Danish oil and wax',
      dimensions: 'H 12 cm × W 14 cm',
    }),
    images: shots(
      'carving',
      ['#e6e9e0', '#a8744f', '#5d4530'],
      [
        'Carved Oak Wren on a pale sage backdrop',
        'Carved Oak Wren in profile',
        'Carved Oak Wren, the carved facets up close',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'olive-wood-cheese-board',
    name: 'Olive Wood Cheese Board',
    category_slug: 'wood-carvings',
    price_cents: 8800,
    price_before_discount_cents: 9800,
    stock: 10,
    description:
      'A cheese board with a carved handle, cut from a single plank of dense, wildly figured olive wood.',
    long_html_description:
      '<p>Olive wood is dense, close-grained and naturally resistant to bacteria, which makes it ideal for <strong>serving boards</strong>. Its dark streaks come from minerals taken up by the tree over centuries.</p>' +
      '<ul><li>Carved handle with a leather hanging loop</li><li>Finished with food-safe mineral oil</li></ul>',
    attributes: carvingAttributes({
      wood: 'Olive',
      finish: 'Food-safe mineral oil',
      dimensions: 'L 40 cm × W 20 cm × D 2 cm',
    }),
    images: shots(
      'carving',
      ['#dde3e6', '#b08d57', '#4b3a2a'],
      [
        'Olive Wood Cheese Board on a cool grey backdrop',
        'Olive Wood Cheese Board, the end grain figure',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'sycamore-eating-spoon-set',
    name: 'Sycamore Eating Spoon Set',
    category_slug: 'wood-carvings',
    price_cents: 7200,
    stock: 0,
    description:
      'A set of three pale sycamore eating spoons, light in the hand and smooth on the lips.',
    long_html_description:
      '<p>Sycamore is the traditional wood for Welsh dairy spoons: <strong>pale, odourless and tasteless</strong>, so it never flavours your food.</p>' +
      '<p>Sold out. We carve spoons through the winter, so new sets appear in early spring.</p>',
    attributes: carvingAttributes({
      wood: 'Sycamore',
      finish: 'Walnut oil',
      dimensions: 'L 19 cm each, set of three',
    }),
    images: shots(
      'carving',
      ['#e2d9ec', '#d8c09a', '#8d7356'],
      ['Sycamore Eating Spoon Set on a studio backdrop'],
    ),
    reviews: [],
  },
  {
    slug: 'lime-wood-kingfisher',
    name: 'Whittled Lime Wood Kingfisher',
    category_slug: 'wood-carvings',
    price_cents: 16500,
    price_before_discount_cents: 18500,
    stock: 3,
    description:
      'A kingfisher carved in lime wood and perched on a burr elm plinth, left in natural wood tones.',
    long_html_description:
      '<p>Lime (basswood) is the carver’s favourite for detail: soft, even and almost grainless. We leave the bird <strong>unpainted</strong>, so the shape does the talking.</p>' +
      '<p>The plinth is a slice of burr elm, oiled to bring out its dark, swirling figure.</p>',
    attributes: carvingAttributes({
      wood: 'Lime, on a burr elm plinth',
      finish: 'Clear matt wax',
      dimensions: 'H 16 cm × W 18 cm',
    }),
    images: shots(
      'carving',
      ['#e2e6ec', '#c49a6c', '#3a2a22'],
      [
        'Whittled Lime Wood Kingfisher on a pale blue backdrop',
        'Whittled Lime Wood Kingfisher from the front',
      ],
    ),
    reviews: [],
  },
  {
    slug: 'spalted-beech-bread-board',
    name: 'Spalted Beech Bread Board',
    category_slug: 'wood-carvings',
    price_cents: 11000,
    stock: 6,
    description:
      'A thick bread board in spalted beech, its black zone lines drawn by fungus in the fallen log.',
    long_html_description:
      '<p>Spalting happens when fungi colonise a fallen log and draw <strong>ink-black boundary lines</strong> through the wood. We catch the log at the right moment, before the wood softens, and dry it slowly.</p>' +
      '<ul><li>3 cm thick, heavy and stable</li><li>Carved handle, juice groove on request</li></ul>',
    attributes: carvingAttributes({
      wood: 'Spalted beech',
      finish: 'Beeswax and mineral oil',
      dimensions: 'L 45 cm × W 25 cm × D 3 cm',
    }),
    images: shots(
      'carving',
      ['#ece7e0', '#c8a878', '#1f1b18'],
      [
        'Spalted Beech Bread Board on an oat backdrop',
        'Spalted Beech Bread Board, spalting lines up close',
      ],
    ),
    reviews: [],
  },
];

export const demoTenant: SeedTenant = {
  token: 'demo-handcraft',
  name: 'Ember & Oak Workshop',
  media_slug: 'demo',
  currency: 'USD',
  site: {
    site_title: 'Ember & Oak Workshop',
    site_description:
      'Hand-forged kitchen and outdoor knives, original paintings, stoneware and wood carvings, made by a small family workshop on the edge of the estuary.',
    theme_name: 'ember',
    google_analytics_id: null,
    contact_email: 'hello@emberandoak.example',
    social_media_links: {
      instagram: 'https://www.instagram.com/emberandoakworkshop',
      facebook: 'https://www.facebook.com/emberandoakworkshop',
    },
  },
  seller: {
    legal_name: 'Ember & Oak Workshop Ltd',
    address: ['The Old Boatyard', 'Quay Lane', 'Topsham, Exeter EX3 0JB', 'United Kingdom'],
    company_number: '09876543',
    vat_number: 'GB284735126',
    vat_rate_bp: 2000,
  },
  logo: { text: 'Ember & Oak', palette: ['#1f1b16', '#f5efe6', '#c8693a'] },
  company: {
    tagline: 'Made slowly, by hand, to be used for a lifetime.',
    history_summary:
      'Ember & Oak began in 2014 in a rented cowshed, where Daniel Reyes built his first forge from a brake drum and a hair dryer. Mara Lindqvist joined with her easel and, a few years later, a potter’s wheel. Today four makers share the old boatyard workshop: forging knives, throwing pots, carving wood and painting the landscape around it.',
    mission_statement:
      'To make honest, useful and beautiful objects by hand, from materials we can trace, and to stand behind every one of them with free sharpening, repairs and advice for as long as they are in use.',
    vision_statement:
      'A home where the knife, the mug and the picture on the wall all have a maker’s name and a story, and are kept and mended rather than replaced.',
    core_values: [
      {
        name: 'Craft over speed',
        description:
          'We would rather make fewer things well than many things quickly. Every piece is finished and checked by the person who made it.',
      },
      {
        name: 'Traceable materials',
        description:
          'Our steel comes from named mills, our clay from a quarry two valleys away, and our wood from storm-felled and reclaimed trees.',
      },
      {
        name: 'Lifetime care',
        description:
          'Free resharpening for our knives, repairs for our ceramics and carvings, and honest advice on looking after them.',
      },
      {
        name: 'Open workshop',
        description:
          'Visitors are welcome on Saturdays to watch the forge, the wheel and the easel at work.',
      },
    ],
  },
  categories: demoCategories,
  products: demoProducts,
};

// ---------------------------------------------------------------------------------------
// Second tenant: Riverside Pottery Studio (small catalogue used to prove tenant isolation)
// ---------------------------------------------------------------------------------------

export const secondTenant: SeedTenant = {
  token: 'demo-pottery',
  name: 'Riverside Pottery Studio',
  media_slug: 'pottery',
  currency: 'GBP',
  site: {
    site_title: 'Riverside Pottery Studio',
    site_description:
      'Small-batch mugs and vases thrown by hand in a riverside studio and glazed in colours taken from the water.',
    theme_name: 'riverside',
    google_analytics_id: null,
    contact_email: 'studio@riversidepottery.example',
    social_media_links: null,
  },
  // A sole trader under the VAT threshold: no company number, no VAT charged.
  seller: {
    legal_name: 'Riverside Pottery Studio (Nell Harper)',
    address: ['2 Mill Race Cottages', 'Riverside Road', 'Totnes TQ9 5DF', 'United Kingdom'],
    company_number: null,
    vat_number: null,
    vat_rate_bp: null,
  },
  logo: { text: 'Riverside Pottery', palette: ['#1f3d4a', '#eef3f2', '#6fa8a9'] },
  company: {
    tagline: 'Clay from the riverbank, colour from the river.',
    history_summary:
      'Riverside Pottery Studio was set up in 2019 by Agnes Okafor in a converted mill by the river. She throws every piece herself and fires an electric kiln twice a week.',
    mission_statement: 'To make everyday pottery that is a pleasure to hold and easy to live with.',
    vision_statement: 'A studio where anyone can watch a pot being made and take one home.',
    core_values: [
      {
        name: 'Everyday use',
        description: 'Every mug and vase is tested at our own table before it goes on sale.',
      },
      {
        name: 'Local clay',
        description: 'We dig and process part of our clay from the riverbank ourselves.',
      },
      {
        name: 'Open studio',
        description:
          'Anyone can drop in on a Saturday morning, watch a pot being thrown and try the wheel.',
      },
      {
        name: 'Nothing wasted',
        description:
          'Trimmings are reclaimed, our glaze ash comes from our own willows, and we pack in recycled materials.',
      },
    ],
  },
  categories: [
    {
      slug: 'mugs',
      name: 'Mugs',
      description_html:
        '<p>Hand-thrown mugs with <strong>comfortable pulled handles</strong>, in sizes from espresso to pint.</p>',
    },
    {
      slug: 'vases',
      name: 'Vases',
      description_html:
        '<p>Bud vases and tall vases for single stems and armfuls of garden flowers. All are <strong>glazed inside</strong> and hold water.</p>',
    },
  ],
  products: [
    {
      slug: 'river-clay-morning-mug',
      name: 'River Clay Morning Mug',
      category_slug: 'mugs',
      price_cents: 3800,
      stock: 15,
      description: 'A rounded breakfast mug in riverbank clay with a glossy moss-green glaze.',
      long_html_description:
        '<p>Our first mug, still our favourite. The clay is dug from the riverbank below the studio and blended with a little buff stoneware for strength.</p>' +
        '<ul><li>Dishwasher safe</li><li>Holds a large tea</li></ul>',
      attributes: ceramicAttributes({
        clay: 'Riverbank earthenware blend',
        glaze: 'Moss green gloss',
        dimensions: 'H 9 cm × Ø 9 cm',
        capacity: '380 ml',
        dishwasher: 'Yes',
      }),
      images: shots(
        'mug',
        ['#e7efe8', '#4f6b3a', '#b07a52'],
        ['River Clay Morning Mug on a pale green backdrop'],
      ),
      reviews: [
        {
          username: 'river_walker',
          rating: 5,
          comment: 'My morning coffee tastes better from this. Lovely weight.',
          is_verified_purchase: true,
          days_ago: 30,
        },
      ],
    },
    {
      slug: 'heron-blue-espresso-cup',
      name: 'Heron Blue Espresso Cup',
      category_slug: 'mugs',
      price_cents: 2400,
      price_before_discount_cents: 2800,
      stock: 0,
      description: 'A small espresso cup in a grey-blue glaze the colour of a heron’s back.',
      long_html_description: '<p>Sized for a double espresso, with a tiny thumb-rest handle.</p>',
      attributes: ceramicAttributes({
        clay: 'Porcelain',
        glaze: 'Heron blue satin',
        dimensions: 'H 6 cm × Ø 6 cm',
        capacity: '90 ml',
        dishwasher: 'Yes',
      }),
      images: shots(
        'mug',
        ['#e9edf2', '#5a7184', '#d5d9de'],
        ['Heron Blue Espresso Cup on a light grey backdrop', 'Heron Blue Espresso Cup from above'],
      ),
      reviews: [],
    },
    {
      slug: 'willow-ash-bud-vase',
      name: 'Willow Ash Bud Vase',
      category_slug: 'vases',
      price_cents: 4200,
      stock: 9,
      description: 'A slender bud vase glazed with ash from riverside willow prunings.',
      long_html_description:
        '<p>Each winter we pollard the willows along the bank and burn the prunings for <strong>glaze ash</strong>. The result is a pale, honey-toned glaze with fine crazing.</p>',
      attributes: ceramicAttributes({
        clay: 'Stoneware',
        glaze: 'Willow ash',
        dimensions: 'H 16 cm × Ø 7 cm',
        capacity: '200 ml',
        dishwasher: 'No',
      }),
      images: shots(
        'vase',
        ['#f0ebe3', '#c9b27c', '#6f8f7a'],
        ['Willow Ash Bud Vase on a warm white backdrop'],
      ),
      reviews: [],
    },
    {
      slug: 'flood-plain-tall-vase',
      name: 'Flood Plain Tall Vase',
      category_slug: 'vases',
      price_cents: 11500,
      stock: 3,
      description:
        'A tall, straight vase in layered blue and brown glazes, like the river in flood.',
      long_html_description:
        '<p>Two glazes poured one over the other, so they <strong>mingle and run</strong> in the kiln. Tall enough for branches of blossom.</p>',
      attributes: ceramicAttributes({
        clay: 'Grogged stoneware',
        glaze: 'Layered river blue over iron brown',
        dimensions: 'H 32 cm × Ø 11 cm',
        capacity: '1.6 l',
        dishwasher: 'No',
      }),
      images: shots(
        'vase',
        ['#e4ebef', '#2c5872', '#8a5a3b'],
        ['Flood Plain Tall Vase on a pale blue backdrop', 'Flood Plain Tall Vase, glaze detail'],
      ),
      reviews: [],
    },
  ],
};

export const seedTenants: SeedTenant[] = [demoTenant, secondTenant];
