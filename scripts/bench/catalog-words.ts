/**
 * The words the bench's data generator (./grow-catalog.ts) builds a large catalogue from, and
 * the deterministic pieces of text it makes of them: product names, 30-80-word descriptions,
 * attributes, review comments and people's names. Plain data and pure functions of a seeded
 * pseudo-random generator: the same seed gives the same catalogue on every machine.
 *
 * Facts the bench and its test rely on:
 * - "walnut" is common (a wood, a knife's handle: about 3 per cent of the products);
 * - each word of RARE_NAME_WORDS and RARE_DESCRIPTION_WORDS appears nowhere else in the
 *   vocabulary (nor inside another word of it), so a search for one finds exactly the products
 *   it was given to; the description ones never appear in a name;
 * - some names and descriptions carry accented words (café, naïve, Zürich, crème, façade).
 */

/** A pseudo-random generator: returns a float in [0, 1) on each call. */
export type Random = () => number;

/**
 * mulberry32: a small, fast 32-bit generator, good enough for test data (not for secrets).
 * @param seed any integer; equal seeds give equal sequences
 */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator for item `index` of stream `stream` under `seed`: items never share a sequence. */
export function randomFor(seed: number, stream: number, index: number): Random {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f) ^ Math.imul(index + 1, 0x165667b1);
  h ^= h >>> 16;
  return mulberry32(h);
}

/** One element of `items`, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** An integer in [min, max], uniformly. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** The index of the weight `random` falls in (weights need not sum to 1). */
export function weighted(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** A category the generated products go in: the demo's own, or one the generator adds. */
export interface CategoryWords {
  slug: string;
  /** Name and HTML description, for a category the demo shop does not have yet. */
  name: string;
  description_html: string;
  /** Share of the generated products (relative weight). */
  weight: number;
  /** Kinds of piece: the name's last words. */
  kinds: readonly string[];
  /** Materials or subjects: the word before the kind. */
  materials: readonly string[];
  /** Appended to some names ("210mm"). */
  sizes?: readonly string[];
  /** Price range in whole currency units. */
  price: readonly [number, number];
  /** The demo category whose images the new products reuse (no new image files). */
  imagesFrom: string;
  /** Sentences of the description; `{material}`, `{kind}`, `{handle}`, `{place}` are filled in. */
  sentences: readonly string[];
  /** Attributes: key and the values it takes (`{material}` filled in). */
  attributes: readonly (readonly [string, readonly string[]])[];
  /** A bladed article: sold to adults only. */
  ageRestricted?: boolean;
}

const KNIFE_STEELS = ['Damascus', 'Carbon Steel', 'Stainless', 'San-mai', 'Blue Steel', 'Wootz'];
const HANDLES = [
  'walnut',
  'bog oak',
  'ebony',
  'olive wood',
  'stabilised maple',
  'micarta',
  'stag',
  'desert ironwood',
  'burr elm',
  'yew',
  'bone',
];
const PLACES = [
  'Sheffield',
  'Zürich',
  'Hathersage',
  'Lyon',
  'Whitby',
  'Bakewell',
  'Kyoto',
  'Inverness',
];
const SUBJECTS = [
  'Harbour',
  'Moorland',
  'Orchard',
  'Estuary',
  'Lighthouse',
  'Café Terrace',
  'Zürich Rooftops',
  'Birch Wood',
  'Heather',
  'Quayside',
  'Allotment',
  'Snowfield',
];
const KNIFE_SENTENCES = [
  'The blade is forged from {material} and ground thin behind the edge for clean, quiet cuts.',
  'A {handle} handle is shaped by hand, oiled and fitted without a gap.',
  'Heat treated in small batches in our Sheffield forge and tested for hardness before it leaves.',
  'It takes a keen edge quickly on a fine stone and holds it through weeks of daily use.',
  'Balanced just in front of the bolster, it feels lighter than it looks.',
  'Every {kind} is signed on the tang and comes with a leather sleeve.',
  'Wipe it dry after use and oil the {handle} now and then; it will outlast its owner.',
  'The spine is rounded and the choil eased, so a pinch grip never bites.',
];
const POTTERY_SENTENCES = [
  'Thrown on the wheel in {material} and trimmed when leather hard.',
  'The glaze breaks to a warm brown on the rims and pools deep where the wall meets the foot.',
  'Fired to cone 10 in a gas kiln, so it is tough enough for the oven and the dishwasher.',
  'Each {kind} varies a little in size and colour; that is the nature of the firing.',
  'Its shape came from an old café {kind} we found in a market near {place}.',
  'Comfortable in the hand, with a foot ring left unglazed to show the clay.',
  'Glazed in our crème celadon, which turns faintly green where it runs thick.',
];
const WOOD_SENTENCES = [
  'Carved from green {material} with an axe and a hook knife, then left to dry slowly.',
  'Finished with food-safe oil and beeswax that brings up the figure of the grain.',
  'The {material} came from a tree felled in a storm near {place}.',
  'No two are alike: the grain decides the final shape of each {kind}.',
  'Hand wash only, and rub in a little oil when the surface looks dry.',
  'Turned on a pole lathe and smoothed with the tool, not sanded, so the facets catch the light.',
  'A naïve little detail, a notch on the handle, lets it hang on a hook.',
];
const PICTURE_SENTENCES = [
  'Painted from life over three mornings, {kind} of the {material} as the light changed.',
  'A small, naïve picture full of weather, in a palette of greys and warm ochres.',
  'Inspired by walks around {place}, where the same view is never the same twice.',
  'Signed and dated on the front, titled on the back, with a certificate of authenticity.',
  'The paper is heavy cotton rag, acid free, with a deckle edge left untrimmed.',
  'It hangs well on its own or in a group, and suits a plain oak or ash frame.',
  'Each impression is pulled by hand, so the ink sits a little differently on every sheet.',
];
const METAL_SENTENCES = [
  'Raised from a single sheet of {material} with hammers and stakes, then planished smooth.',
  'The hammer marks are left on the surface and catch the light like water.',
  'Lined with tin where it touches food, as a {kind} has been for centuries.',
  'Made at the bench in {place}, one piece at a time, over several days.',
  'It will darken gently with use; a little polish brings the shine back.',
  'The handle is riveted, not soldered, so it never works loose.',
];
const TEXTILE_SENTENCES = [
  'Woven on a floor loom from {material} spun in a small mill near {place}.',
  'Soft from the first wash and softer every year after.',
  'The selvedges are left as the loom made them, and the ends finished with a hand-knotted fringe.',
  'Dyed with madder, weld and indigo in small batches, so each {kind} is a little different.',
  'Cool wash, dry flat, and it will last for decades.',
];
const COMMON_SENTENCES = [
  'Made by hand in our workshop, start to finish, by one maker.',
  'Sent in recycled packaging with a card that tells the story of the piece.',
  'A good present, or a piece to keep and use every day.',
  'We make only a few each month, so each one gets the time it needs.',
  'Photographs show a typical example; yours will have its own character.',
  'Questions about sizes or a custom order are always welcome.',
  'It looks as much at home in a modern kitchen as on an old farmhouse table.',
  'Designed to be used, not kept in a cupboard, and to get better with age.',
  'Our Zürich customers asked for a smaller version, and this is it.',
  'The façade of our workshop is on the postcard that comes with every order.',
];

/**
 * The categories of the generated catalogue. The first six are the demo shop's (their name and
 * description here are used only when the shop lacks one); the last three are added by the
 * generator.
 */
export const CATEGORIES: readonly CategoryWords[] = [
  {
    slug: 'chef-knives',
    name: 'Chef Knives',
    description_html: '<p>Kitchen knives forged in our workshop.</p>',
    weight: 14,
    kinds: [
      'Gyuto',
      'Santoku',
      'Nakiri',
      'Petty Knife',
      'Bunka',
      'Chef Knife',
      'Bread Knife',
      'Cleaver',
      'Paring Knife',
      'Sujihiki',
    ],
    materials: KNIFE_STEELS,
    sizes: ['120mm', '150mm', '180mm', '210mm', '240mm', '270mm'],
    price: [90, 520],
    imagesFrom: 'chef-knives',
    sentences: KNIFE_SENTENCES,
    attributes: [
      ['Steel', ['VG-10', 'SG2', 'Shirogami #2', 'Aogami Super', '1095', 'AEB-L']],
      ['Blade length', ['120 mm', '150 mm', '180 mm', '210 mm', '240 mm']],
      ['Handle', HANDLES],
      ['Hardness (HRC)', ['58', '60', '61', '62', '63']],
      ['Weight', ['110 g', '145 g', '170 g', '190 g', '230 g']],
    ],
    ageRestricted: true,
  },
  {
    slug: 'hunting-knives',
    name: 'Hunting Knives',
    description_html: '<p>Fixed blades for the field.</p>',
    weight: 8,
    kinds: [
      'Drop Point Hunter',
      'Skinner',
      'Bushcraft Knife',
      'Caping Knife',
      'Trailing Point Knife',
    ],
    materials: KNIFE_STEELS,
    sizes: ['90mm', '100mm', '110mm', '120mm'],
    price: [120, 460],
    imagesFrom: 'hunting-knives',
    sentences: KNIFE_SENTENCES,
    attributes: [
      ['Steel', ['O1', '80CrV2', '1084', 'Damasteel', 'N690']],
      ['Blade length', ['90 mm', '100 mm', '110 mm', '120 mm']],
      ['Handle', HANDLES],
      ['Sheath', ['Veg-tan leather', 'Kydex', 'Waxed canvas']],
    ],
    ageRestricted: true,
  },
  {
    slug: 'folding-knives',
    name: 'Folding Knives',
    description_html: '<p>Pocket knives for every day.</p>',
    weight: 8,
    kinds: ['Folder', 'Friction Folder', 'Slipjoint', 'Lockback', 'Pocket Knife'],
    materials: KNIFE_STEELS,
    price: [80, 380],
    imagesFrom: 'folding-knives',
    sentences: KNIFE_SENTENCES,
    attributes: [
      ['Steel', ['M390', '14C28N', 'Damascus', 'CPM-S35VN', '1095']],
      ['Blade length', ['65 mm', '75 mm', '82 mm', '90 mm']],
      ['Handle', HANDLES],
      ['Lock', ['Slipjoint', 'Lockback', 'Friction', 'Liner lock']],
    ],
    ageRestricted: true,
  },
  {
    slug: 'paintings',
    name: 'Paintings',
    description_html: '<p>Original paintings.</p>',
    weight: 10,
    kinds: ['Oil Painting', 'Watercolour', 'Study', 'Landscape', 'Seascape', 'Nocturne'],
    materials: SUBJECTS,
    price: [140, 2400],
    imagesFrom: 'paintings',
    sentences: PICTURE_SENTENCES,
    attributes: [
      [
        'Medium',
        ['Oil on linen', 'Oil on board', 'Watercolour on paper', 'Gouache', 'Acrylic on canvas'],
      ],
      ['Dimensions', ['20 x 25 cm', '30 x 40 cm', '40 x 50 cm', '60 x 80 cm']],
      ['Frame', ['Unframed', 'Oak frame', 'Walnut frame', 'Ash frame']],
      ['Year', ['2021', '2022', '2023', '2024', '2025', '2026']],
    ],
  },
  {
    slug: 'ceramics',
    name: 'Ceramics',
    description_html: '<p>Wheel-thrown pottery.</p>',
    weight: 19,
    kinds: [
      'Bowl',
      'Vase',
      'Mug',
      'Jug',
      'Ewer',
      'Plate',
      'Teapot',
      'Bottle',
      'Platter',
      'Beaker',
      'Café Cup',
    ],
    materials: [
      'Stoneware',
      'Porcelain',
      'Earthenware',
      'Celadon',
      'Tenmoku',
      'Ash-glazed',
      'Salt-glazed',
      'Ceramic',
      'Shino',
    ],
    price: [18, 340],
    imagesFrom: 'ceramics',
    sentences: POTTERY_SENTENCES,
    attributes: [
      ['Clay', ['Stoneware', 'Porcelain', 'Red earthenware', 'Buff stoneware']],
      ['Glaze', ['Celadon', 'Tenmoku', 'Shino', 'Ash', 'Crème satin', 'Iron red']],
      ['Capacity', ['250 ml', '350 ml', '500 ml', '1 l', '1.5 l']],
      ['Dimensions', ['9 x 9 cm', '12 x 8 cm', '18 x 10 cm', '24 x 6 cm', '30 x 14 cm']],
      ['Dishwasher safe', ['Yes', 'No']],
    ],
  },
  {
    slug: 'wood-carvings',
    name: 'Wood Carvings',
    description_html: '<p>Carved and turned wood.</p>',
    weight: 16,
    kinds: ['Spoon', 'Bowl', 'Board', 'Ladle', 'Box', 'Spatula', 'Scoop', 'Platter', 'Cup'],
    materials: [
      'Walnut',
      'Oak',
      'Cherry',
      'Maple',
      'Olive Wood',
      'Ash',
      'Elm',
      'Beech',
      'Yew',
      'Sycamore',
      'Birch',
      'Apple Wood',
      'Hazel',
      'Lime',
      'Holly',
      'Hornbeam',
      'Pear Wood',
      'Alder',
    ],
    price: [16, 280],
    imagesFrom: 'wood-carvings',
    sentences: WOOD_SENTENCES,
    attributes: [
      ['Wood', ['{material}']],
      ['Finish', ['Food-safe oil', 'Beeswax', 'Raw', 'Tung oil', 'Milk paint']],
      ['Dimensions', ['20 x 5 cm', '28 x 7 cm', '35 x 22 cm', '16 cm across', '24 cm across']],
    ],
  },
  {
    slug: 'prints',
    name: 'Prints',
    description_html:
      '<p>Hand-pulled prints in small editions: etchings, linocuts and lithographs.</p>',
    weight: 9,
    kinds: ['Print', 'Etching', 'Linocut', 'Lithograph', 'Woodcut', 'Screenprint'],
    materials: SUBJECTS,
    price: [35, 420],
    imagesFrom: 'paintings',
    sentences: PICTURE_SENTENCES,
    attributes: [
      ['Medium', ['Etching', 'Linocut', 'Lithograph', 'Woodcut', 'Screenprint']],
      ['Edition', ['of 20', 'of 30', 'of 50', 'of 75', 'of 100']],
      ['Paper', ['Somerset 300 gsm', 'Hahnemühle 350 gsm', 'Japanese kozo']],
      ['Dimensions', ['A4', 'A3', '30 x 30 cm', '50 x 70 cm']],
    ],
  },
  {
    slug: 'metalwork',
    name: 'Metalwork',
    description_html:
      '<p>Raised and forged vessels and tools in copper, brass, bronze and iron.</p>',
    weight: 9,
    kinds: [
      'Ewer',
      'Candlestick',
      'Kettle',
      'Tray',
      'Bell',
      'Beaker',
      'Bowl',
      'Spoon',
      'Jug',
      'Hook',
    ],
    materials: ['Copper', 'Brass', 'Bronze', 'Pewter', 'Hand-forged Iron', 'Tinned Copper'],
    price: [25, 650],
    imagesFrom: 'ceramics',
    sentences: METAL_SENTENCES,
    attributes: [
      ['Metal', ['{material}']],
      ['Finish', ['Hammered', 'Planished', 'Patinated', 'Waxed', 'Polished']],
      ['Capacity', ['200 ml', '500 ml', '1 l', '1.5 l']],
      ['Weight', ['180 g', '320 g', '540 g', '900 g', '1.4 kg']],
    ],
  },
  {
    slug: 'textiles',
    name: 'Textiles',
    description_html: '<p>Hand-woven throws, scarves and table linen.</p>',
    weight: 7,
    kinds: ['Throw', 'Scarf', 'Table Runner', 'Cushion', 'Tea Towel', 'Blanket'],
    materials: ['Linen', 'Wool', 'Alpaca', 'Cotton', 'Hemp', 'Merino'],
    price: [22, 360],
    imagesFrom: 'wood-carvings',
    sentences: TEXTILE_SENTENCES,
    attributes: [
      ['Fibre', ['{material}']],
      ['Dimensions', ['50 x 50 cm', '40 x 180 cm', '130 x 180 cm', '150 x 200 cm']],
      ['Care', ['Hand wash', 'Cool machine wash', 'Dry clean']],
    ],
  },
];

/** Adjectives in front of some names. */
const ADJECTIVES = [
  'Hammered',
  'Hand-forged',
  'Burnished',
  'Smoked',
  'Speckled',
  'Rustic',
  'Everyday',
  'Heirloom',
  'Naïve',
  'Tall',
  'Small',
  'Large',
  'Carved',
  'Oiled',
  'Café',
  'Zürich',
  'Highland',
  'Coastal',
  'Midnight',
  'Ember',
  'Harvest',
  'Winter',
  'Sunday',
  'Workshop',
];

/**
 * Words given to exactly one product in RARE_STRIDE (the one whose index modulo RARE_STRIDE is
 * the word's offset in RARE_OFFSETS): in the name (and so found by a name-only search), or only
 * in the description (found only by a search that reads descriptions). At 100,000 generated
 * products each is in 50.
 */
export const RARE_NAME_WORDS = ['Mokume', 'Sgraffito', 'Kurinuki'] as const;
export const RARE_DESCRIPTION_WORDS = ['kintsugi', 'marquetry', 'verdigris'] as const;
export const RARE_STRIDE = 2000;
/** Offsets of the rare words (name words first), all small so that a few hundred products hold each once. */
const RARE_OFFSETS = [50, 87, 124, 161, 198, 235];
const RARE_SENTENCES: Record<(typeof RARE_DESCRIPTION_WORDS)[number], string> = {
  kintsugi: 'A repaired crack is traced in gold in the kintsugi manner, so its history shows.',
  marquetry: 'The lid carries a small panel of marquetry in contrasting veneers.',
  verdigris: 'A soft verdigris bloom is encouraged on the surface and then sealed.',
};

/** The generated text of one product. */
export interface ProductText {
  name: string;
  /** Plain text, 30 to 80 words. */
  description: string;
  /** HTML of <p>, <ul>, <li>, <strong> only (as the seed's). */
  longHtml: string;
  attributes: { key: string; value: string }[];
}

function fill(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? key);
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Name, description, long description and 2-4 attributes of generated product `index` in
 * `category`, drawn from `random`.
 */
export function productText(random: Random, category: CategoryWords, index: number): ProductText {
  const kind = pick(random, category.kinds);
  const material = pick(random, category.materials);
  const handle = pick(random, HANDLES);
  const place = pick(random, PLACES);
  const words = { material: material.toLowerCase(), kind: kind.toLowerCase(), handle, place };
  const rare = RARE_OFFSETS.indexOf(index % RARE_STRIDE);
  const rareName = rare >= 0 && rare < RARE_NAME_WORDS.length ? RARE_NAME_WORDS[rare] : null;
  const rareDescription =
    rare >= RARE_NAME_WORDS.length ? RARE_DESCRIPTION_WORDS[rare - RARE_NAME_WORDS.length]! : null;

  const adjective = rareName ?? (random() < 0.55 ? pick(random, ADJECTIVES) : null);
  const size = category.sizes && random() < 0.5 ? ` ${pick(random, category.sizes)}` : '';
  const name = `${adjective ? `${adjective} ` : ''}${material} ${kind}${size}`;

  // 30 to 80 words: category sentences first, then common ones, never the same one twice.
  const target = between(random, 30, 72);
  const pool = [...category.sentences];
  const sentences: string[] = [];
  if (rareDescription) sentences.push(RARE_SENTENCES[rareDescription]);
  let count = sentences.reduce((n, s) => n + wordCount(s), 0);
  let common = [...COMMON_SENTENCES];
  while (count < target) {
    const source = pool.length > 0 && random() < 0.7 ? pool : common;
    if (source.length === 0) common = [...COMMON_SENTENCES];
    const from = source.length > 0 ? source : common;
    const [sentence] = from.splice(Math.floor(random() * from.length), 1);
    const text = fill(sentence!, words);
    if (count >= 30 && count + wordCount(text) > 80) break;
    sentences.push(text);
    count += wordCount(text);
  }
  // The rare sentence goes second, so the description does not always start with it.
  if (rareDescription && sentences.length > 1) sentences.push(sentences.shift()!);
  const description = sentences.join(' ');

  const attributeCount = Math.min(category.attributes.length, between(random, 2, 4));
  const keys = [...category.attributes];
  const attributes: { key: string; value: string }[] = [];
  for (let i = 0; i < attributeCount; i++) {
    const [key, values] = keys.splice(Math.floor(random() * keys.length), 1)[0]!;
    attributes.push({ key, value: fill(pick(random, values), { material }) });
  }
  const longHtml =
    `<p>${description}</p>` +
    `<ul>${attributes.map((a) => `<li><strong>${a.key}:</strong> ${a.value}</li>`).join('')}</ul>` +
    `<p>${fill(pick(random, COMMON_SENTENCES), words)}</p>`;
  return { name, description, longHtml, attributes };
}

/** Slug of a name: ASCII letters and digits, accents dropped, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dev',
  'Elif',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tomás',
  'Uma',
  'Vera',
  'Wen',
  'Yusuf',
  'Zoë',
  'Amir',
  'Bea',
  'Carl',
  'Dara',
  'Emil',
];
const LAST_NAMES = [
  'Archer',
  'Brook',
  'Carter',
  'Dunn',
  'Ellis',
  'Fraser',
  'Gill',
  'Hart',
  'Iqbal',
  'Jones',
  'Khan',
  'Lund',
  'Moss',
  'Nash',
  'Owen',
  'Patel',
  'Reid',
  'Shaw',
  'Tait',
  'Vogel',
  'Walsh',
  'Young',
  'Müller',
  'Novak',
];

/** A person's full name. */
export function personName(random: Random): string {
  return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
}

/** A reviewer's display name ("Ada A."), or null: a review left without an account. */
export function reviewerName(random: Random): string | null {
  if (random() < 0.12) return null;
  return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES).charAt(0)}.`;
}

/** Ratings 1..5 as shoppers give them: mostly fives and fours. */
export function reviewRating(random: Random): number {
  return 5 - weighted(random, [56, 24, 10, 5, 5]);
}

const GOOD_COMMENTS = [
  'Beautiful piece, even better in person.',
  'Arrived quickly and very well packed. Use it every day.',
  'You can feel the care that went into it.',
  'Bought as a present and it went down a storm.',
  'Lovely weight and balance. Will buy again.',
  'Exactly as pictured, and the card with its story was a nice touch.',
  'Second one I have bought; just as good as the first.',
  'The finish is superb. Worth every penny.',
];
const MIXED_COMMENTS = [
  'Nice, though a little smaller than I expected.',
  'Good piece, but delivery took longer than quoted.',
  'Fine for the price. The colour is darker than in the photos.',
];
const POOR_COMMENTS = [
  'Not for me, sadly. Returned without fuss.',
  'Arrived with a small chip; the shop replaced it quickly.',
];

/** A review's comment fitting its `rating`. */
export function reviewComment(random: Random, rating: number): string {
  return pick(random, rating >= 4 ? GOOD_COMMENTS : rating === 3 ? MIXED_COMMENTS : POOR_COMMENTS);
}

const STREETS = [
  'High Street',
  'Mill Lane',
  'Church Road',
  'Station Road',
  'Forge Lane',
  'Park Avenue',
  'Queen Street',
];
const CITIES = [
  ['Sheffield', 'S1 2AB'],
  ['Leeds', 'LS1 4DY'],
  ['York', 'YO1 7HH'],
  ['Bristol', 'BS1 5TR'],
  ['Manchester', 'M1 1AE'],
  ['Edinburgh', 'EH1 1YZ'],
  ['Norwich', 'NR2 1TF'],
] as const;

/** A UK delivery address (every demo method serves GB). */
export function ukAddress(random: Random): { street: string; city: string; postalCode: string } {
  const [city, postalCode] = pick(random, CITIES);
  return { street: `${between(random, 1, 180)} ${pick(random, STREETS)}`, city, postalCode };
}
