import { REVIEW_POLICY_MODEL_HTML, REVIEW_POLICY_TITLE } from '../content/review-policy.ts';
import type { DocumentType } from '../content/tables.ts';
import type { SeedImage } from './catalog-data.ts';
import {
  ACCESSIBILITY_STATEMENT_TITLE,
  accessibilityStatementHtml,
} from '../content/accessibility-statement.ts';

/**
 * Seed content of with the two demo shops: blog posts with nested comments, FAQs, legal
 * documents, contact information, the comment-moderation setting, and a few reviews backed by
 * paid orders. Plain data only: ./content-seed.ts inserts it (and draws the pictures with
 * ./images.ts, like the product images).
 *
 * Authors, commenters and reviewers become accounts of their shop WITHOUT a usable password
 * (they cannot log in); their e-mails use the shop's `people_domain`.
 *
 * SCRIPT-INJECTION ATTEMPTS: some HTML fields (a blog post, an FAQ answer, a legal document)
 * and some plain-text fields (a comment, a review) deliberately carry the payloads of
 * {@link XSS_PAYLOADS}, inside otherwise ordinary content. They are here to prove, on real
 * pages, that the storefront sanitizes stored HTML and renders review and comment text as text:
 * every payload's only effect is `window.__xss=1` (or `parent.__xss=1` from inside a frame), so
 * an end-to-end test can assert that `window.__xss` stays undefined. Do not "clean them up".
 *
 * Facts the tests rely on:
 * - each shop has at least 6 published posts and one draft (never served); every published post
 *   except the last of each shop has a featured image; the first post of each shop has a thread
 *   nested at least three deep, and one comment awaiting moderation;
 * - at least 8 FAQs, both legal documents, 2 locations (exactly one HQ, with a map link, an
 *   OpenStreetMap embed and an image), 3 e-mails and the five social platforms per shop;
 * - the demo shop approves new comments at once, the pottery moderates them;
 * - reviews marked `paid_order` go on products whose catalogue reviews no test enumerates
 *   (not the demo shop's richest product, nor its first product without reviews).
 */

/**
 * The payloads, exactly as planted. In HTML fields they are markup the sanitizer must defuse;
 * in comments and reviews they are text that must show as typed.
 */
export const XSS_PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '<a href="javascript:window.__xss=1">',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
] as const;

/**
 * A stray block of all four payloads as HTML, inside a plausible sentence (what a pasted
 * snippet from another site or a compromised editor account might leave behind).
 */
function strayMarkup(lead: string, linkText: string): string {
  return (
    `<p>${lead} <a href="javascript:window.__xss=1">${linkText}</a>.` +
    ` <img src=x onerror="window.__xss=1"> <svg onload="window.__xss=1"></svg></p>` +
    `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`
  );
}

/** All four payloads as plain text, as a visitor might paste them into a text box. */
function strayText(): string {
  return XSS_PAYLOADS.join(' ');
}

export interface SeedComment {
  username: string;
  /** Plain text. */
  content: string;
  /** Hours after the post was published; replies come after their parent. */
  hours_after: number;
  /** Defaults to true; false = awaiting moderation (never served). */
  approved?: boolean;
  replies?: SeedComment[];
}

export interface SeedBlogPost {
  slug: string;
  title: string;
  /** Username of the author (an account of the shop); null shows as 'Admin'. */
  author: string | null;
  /** Drawn like a product image; null = a post without a featured image. */
  image: SeedImage | null;
  /** Plain text for the cards. */
  excerpt: string;
  /** HTML with headings, lists and links; sanitized by the SPA before display. */
  content_html: string;
  status: 'published' | 'draft';
  /** Days before the seed runs; null for a draft. */
  published_days_ago: number | null;
  comments: SeedComment[];
}

export interface SeedLocation {
  name: string;
  is_hq: boolean;
  address: string;
  phone_number: string | null;
  /** https://www.openstreetmap.org/export/embed.html?... (the only host the CSP frames). */
  map_embed_link: string | null;
  map_location_url: string | null;
  /** Picture of the place, drawn at seed time under contact/{image_file}.webp; or null. */
  image: (SeedImage & { file: string }) | null;
}

/**
 * Someone who bought the product they review: the seed places, pays and ships an order for them
 * (./content-seed-reviews.ts).
 */
export interface SeedBuyer {
  fullname: string;
  street: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, as checkout records it: a country the shop delivers to. */
  country: string;
  contact_number: string;
}

export interface SeedContentReview {
  product_slug: string;
  username: string;
  rating: 1 | 2 | 3 | 4 | 5;
  /** Plain text. */
  comment: string;
  days_ago: number;
  /** A shipped order of the product placed before the review (is_verified_purchase); or null. */
  paid_order: SeedBuyer | null;
  /** The reviewer received something in return, and the storefront says so (decision 085). */
  incentivised?: boolean;
}

export interface SeedContent {
  tenantToken: string;
  /** site_settings.comments_auto_approve */
  comments_auto_approve: boolean;
  /** E-mail domain of the seeded authors, commenters and reviewers. */
  people_domain: string;
  blog_posts: SeedBlogPost[];
  faqs: { question: string; answer_html: string }[];
  legal_documents: {
    document_type: DocumentType;
    title: string;
    content_html: string;
    updated_days_ago: number;
  }[];
  locations: SeedLocation[];
  emails: { purpose: string; email_address: string }[];
  social_profiles: { platform: string; platform_display: string; link: string }[];
  reviews: SeedContentReview[];
}

/** An OpenStreetMap embed centred on a point, with a marker (about 1.4 km across). */
export function osmEmbed(lat: number, lon: number): string {
  const f = (n: number) => n.toFixed(4);
  const bbox = [lon - 0.01, lat - 0.005, lon + 0.01, lat + 0.005].map(f).join('%2C');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${f(lat)}%2C${f(lon)}`;
}

/** A link to a point on openstreetmap.org. */
export function osmLink(lat: number, lon: number): string {
  const f = (n: number) => n.toFixed(4);
  return `https://www.openstreetmap.org/?mlat=${f(lat)}&mlon=${f(lon)}#map=17/${f(lat)}/${f(lon)}`;
}

// ---------------------------------------------------------------------------------------
// Demo tenant: Ember & Oak Workshop
// ---------------------------------------------------------------------------------------

/**
 * The demo shops' accessibility statements (decision 086): the model, filled in as an owner
 * would, with the enforcement body of a shop in Great Britain that sells to the EU too, dated the
 * day the demo is seeded.
 */
function demoStatement(shopName: string, contactEmail: string) {
  return {
    document_type: 'accessibility_statement' as const,
    title: ACCESSIBILITY_STATEMENT_TITLE,
    updated_days_ago: 0,
    content_html: accessibilityStatementHtml({
      shopName,
      contactEmail,
      replyDays: 5,
      enforcementBodyHtml:
        'the Equality Advisory and Support Service (<a href="https://www.equalityadvisoryservice.com/">equalityadvisoryservice.com</a>); the Equality and Human Rights Commission enforces accessibility in Great Britain. Shoppers in the EU can contact the authority of their country that enforces the European Accessibility Act',
      date: new Date(),
    }),
  };
}

const FORGE = { lat: 53.3811, lon: -1.4701 };
const GALLERY = { lat: 54.4858, lon: -0.6137 };

export const demoContent: SeedContent = {
  tenantToken: 'demo-handcraft',
  comments_auto_approve: true,
  people_domain: 'community.emberandoak.example',
  blog_posts: [
    {
      slug: 'caring-for-carbon-steel',
      title: 'Caring for carbon steel',
      author: 'daniel.reyes',
      image: {
        shape: 'chef-knife',
        palette: ['#dcd6cc', '#4a3b30', '#6f7a80'],
        alt_text: 'A carbon-steel gyuto with a blue-grey patina on a linen cloth',
      },
      excerpt:
        'Carbon steel takes a keener edge than stainless and rewards a little care. Here is the routine we use at the bench, and why a patina is your friend.',
      content_html:
        '<p>Carbon steel is what we forge most of our kitchen knives from. It takes a wickedly fine edge, it is easy to sharpen, and over the months it grows a <strong>patina</strong>: a thin, blue-grey layer of stable oxide that protects the blade from rust.</p>' +
        '<h2>The daily routine</h2>' +
        '<ol><li>Rinse the blade in warm water straight after use; a drop of washing-up liquid is fine.</li><li>Dry it at once with a tea towel, spine first, then the edge.</li><li>Once a week, wipe on a few drops of food-safe mineral oil or camellia oil.</li></ol>' +
        '<h2>What to avoid</h2>' +
        '<ul><li><strong>The dishwasher.</strong> Heat, salt and long wet cycles will pit the steel and crack the handle.</li><li>Leaving it on the draining board overnight.</li><li>Acidic foods left on the blade: lemon, tomato and onion juice etch it within minutes.</li></ul>' +
        '<h3>Forcing a patina</h3>' +
        '<p>If you would rather not wait, slice a few lemons or dip the blade in hot black tea for twenty minutes. Clean and dry it afterwards. The colours will be uneven at first and settle with use. You can read more about how patinas form on <a href="https://en.wikipedia.org/wiki/Patina">Wikipedia</a>.</p>' +
        '<h3>Spotted rust?</h3>' +
        '<p>Orange spots come off with a wine cork and a little baking soda paste, or a fine rust eraser. Then oil the blade. If the rust has pitted the edge, bring the knife to the workshop: <a href="/contact">resharpening is free</a> for every knife we made.</p>' +
        // A stray snippet, as pasted from another site: see XSS_PAYLOADS.
        strayMarkup('Printing this guide for your kitchen drawer? Download our', 'care card') +
        '<p>Browse our <a href="/products?category=chef-knives">carbon-steel chef knives</a>, or ask us anything in the comments below.</p>',
      status: 'published',
      published_days_ago: 40,
      comments: [
        {
          username: 'hannah.w',
          content:
            'My gyuto went a lovely slate blue after a month of tomatoes. Is it normal for the colour to be patchy near the heel?',
          hours_after: 5,
          replies: [
            {
              username: 'daniel.reyes',
              content:
                'Completely normal. The heel sees more onion and less wiping. It evens out over a few months of use.',
              hours_after: 9,
              replies: [
                {
                  username: 'hannah.w',
                  content: 'Good to know, thank you! I will stop trying to scrub it even.',
                  hours_after: 20,
                  replies: [
                    {
                      username: 'chef_tomasz',
                      content:
                        'Same here. Mine looks like a map of the Lake District now and cuts better than ever.',
                      hours_after: 31,
                    },
                  ],
                },
              ],
            },
            {
              username: 'mei_cooks',
              content: 'Mine did the same. Hot tea evened it out nicely.',
              hours_after: 14,
            },
          ],
        },
        {
          username: 'k.macleod',
          content:
            'Camellia oil or mineral oil: does it make a difference? I only have sunflower oil in the house.',
          hours_after: 30,
          replies: [
            {
              username: 'daniel.reyes',
              content:
                'Avoid cooking oils: they go sticky and rancid. Any food-safe mineral oil from the chemist is perfect.',
              hours_after: 33,
            },
          ],
        },
        {
          username: 'ridge_runner',
          content: strayText() + ' Does the comment box take HTML?',
          hours_after: 50,
        },
        {
          username: 'deal_finder_99',
          content: 'Cheap replica knives, best prices, visit my shop now!!!',
          hours_after: 60,
          approved: false,
        },
      ],
    },
    {
      slug: 'how-we-forge-a-damascus-billet',
      title: 'How we forge a Damascus billet',
      author: 'daniel.reyes',
      image: {
        shape: 'hunting-knife',
        palette: ['#d6d0c6', '#3a2c24', '#9aa0a6'],
        alt_text: 'A damascus hunting knife blank fresh from the etch',
      },
      excerpt:
        'Sixty-seven layers, two steels, one long day at the forge. A step-by-step look at how a pattern-welded billet becomes a blade.',
      content_html:
        '<p>Every Damascus blade we sell starts as a stack of flat bars on the anvil. The pattern you see after etching is the record of everything that happened to that stack in the fire.</p>' +
        '<h2>The stack</h2>' +
        '<p>We alternate <strong>1084</strong>, a simple high-carbon steel, with <strong>15N20</strong>, which carries a little nickel and stays bright in the etch. Eleven layers go into the first stack, ground clean and tack-welded at the corners.</p>' +
        '<h2>Fire and hammer</h2>' +
        '<ol><li>Soak the stack at a bright yellow heat with a sprinkle of borax flux.</li><li>Set the weld with light, quick blows under the power hammer.</li><li>Draw it out, cut it in three, restack and weld again: 11, 33, then 67 layers.</li></ol>' +
        '<h3>Making the pattern</h3>' +
        '<ul><li><em>Random</em>: leave the layers flat and grind them as they come.</li><li><em>Twist</em>: twist a square bar while hot for a ladder of stars.</li><li><em>Raindrop</em>: drill shallow holes, then forge flat again.</li></ul>' +
        '<p>After heat treatment and grinding, the blade spends ten minutes in ferric chloride. The nickel-rich layers stay silver while the plain carbon layers go dark. If you want the long history of pattern welding, the <a href="https://en.wikipedia.org/wiki/Pattern_welding">Wikipedia article</a> is a good start.</p>' +
        '<p>See the results in our <a href="/products?search=damascus">Damascus knives</a>.</p>',
      status: 'published',
      published_days_ago: 32,
      comments: [
        {
          username: 'woodsy_al',
          content: 'How many billets fail the weld? I tried this once and it delaminated.',
          hours_after: 12,
          replies: [
            {
              username: 'daniel.reyes',
              content:
                'About one in ten still. Clean grinding and enough flux solve most of it. Come to an open Saturday and watch a weld.',
              hours_after: 18,
            },
          ],
        },
      ],
    },
    {
      slug: 'choosing-your-first-kitchen-knife',
      title: 'Choosing your first kitchen knife',
      author: 'daniel.reyes',
      image: {
        shape: 'chef-knife',
        palette: ['#e4ddd0', '#6b4a2f', '#b9bec2'],
        alt_text: 'Three kitchen knives of different lengths laid side by side',
      },
      excerpt:
        'Gyuto, santoku or petty? If you are buying one good knife, here is how to choose the shape, the length and the steel.',
      content_html:
        '<p>If you only ever own one good knife, make it a chef knife you enjoy picking up. Everything else is a bonus.</p>' +
        '<h2>Shape</h2>' +
        '<ul><li><strong>Gyuto</strong>: the all-rounder, with a gentle curve for rocking and a pointed tip for fine work.</li><li><strong>Santoku</strong>: shorter and flatter, lovely for vegetables and small kitchens.</li><li><strong>Petty</strong>: a nimble utility knife, the perfect second knife.</li></ul>' +
        '<h2>Length</h2>' +
        '<p>A <strong>210 mm</strong> gyuto suits most home cooks. Choose 180 mm if your board is small or your hands are, and 240 mm if you break down a lot of squash.</p>' +
        '<h2>Steel</h2>' +
        '<ol><li>Stainless (VG-10, SG2): forgiving, holds an edge for months.</li><li>Carbon (Blue #2, White #1): sharper still, but it needs drying. See <a href="/blog/caring-for-carbon-steel">caring for carbon steel</a>.</li></ol>' +
        '<p>Still unsure? <a href="/contact">Write to us</a> with what you cook most, or visit on a Saturday and try a few on the board.</p>',
      status: 'published',
      published_days_ago: 24,
      comments: [
        {
          username: 'priya.n',
          content:
            'I went for the 180 mm santoku on this advice and it is perfect for my tiny kitchen.',
          hours_after: 40,
        },
      ],
    },
    {
      slug: 'sharpening-on-water-stones',
      title: 'Sharpening on water stones, step by step',
      author: 'daniel.reyes',
      image: {
        shape: 'folding-knife',
        palette: ['#d3d9d4', '#2f3a33', '#c0c4c8'],
        alt_text: 'A folding knife resting on a wet sharpening stone, close-up',
      },
      excerpt:
        'Two stones, a towel and ten quiet minutes. Our sharpening routine for kitchen and pocket knives.',
      content_html:
        '<p>You do not need a drawer full of gadgets to keep a knife sharp. Two water stones and a steady hand will do.</p>' +
        '<h2>What you need</h2>' +
        '<ul><li>A <strong>1000 grit</strong> stone to set the edge.</li><li>A <strong>4000–6000 grit</strong> stone to polish it.</li><li>A damp towel under the stone so it does not slide.</li></ul>' +
        '<h2>The routine</h2>' +
        '<ol><li>Soak the 1000 stone for ten minutes, until it stops fizzing.</li><li>Hold the blade at about 15°: two stacked coins under the spine.</li><li>Push the edge across the stone in sections, heel to tip, until you feel a small burr along the whole opposite side.</li><li>Repeat on the other side, then alternate single light strokes.</li><li>Finish on the fine stone with the lightest pressure.</li></ol>' +
        '<h3>Checking the edge</h3>' +
        '<p>Slice a sheet of newspaper held by one corner. A sharp edge glides through it silently. For a deeper dive, <a href="https://en.wikipedia.org/wiki/Sharpening_stone">this overview of sharpening stones</a> explains the grits.</p>',
      status: 'published',
      published_days_ago: 18,
      comments: [
        {
          username: 'chef_tomasz',
          content: 'The two coins trick is gold. I finally get a consistent bevel.',
          hours_after: 8,
          replies: [
            {
              username: 'k.macleod',
              content: 'Does it work for the curved tip as well?',
              hours_after: 10,
            },
          ],
        },
      ],
    },
    {
      slug: 'from-sketchbook-to-canvas',
      title: 'From sketchbook to canvas: painting the estuary',
      author: 'mara.lindqvist',
      image: {
        shape: 'painting',
        palette: ['#ece8e0', '#4d7390', '#c99a5b'],
        alt_text: 'An oil painting of an estuary at low tide on the studio easel',
      },
      excerpt:
        'Every painting in the shop starts as a pencil sketch on a cold morning walk. Mara on how a sketch becomes an oil.',
      content_html:
        '<p>I walk the estuary path most mornings with a small sketchbook and a pencil. Ten minutes, no more, before my fingers give up.</p>' +
        '<h2>In the sketchbook</h2>' +
        '<ul><li>Shapes first: the line of the far bank, the channel, the boats.</li><li>Notes on colour in words: "copper sky", "mud like wet slate".</li><li>The time and the tide, so I can go back.</li></ul>' +
        '<h2>In the studio</h2>' +
        '<ol><li>A small colour study in gouache on paper.</li><li>A thin underpainting in burnt sienna on the canvas.</li><li>Layers of oil over several weeks, thick only at the end.</li></ol>' +
        '<p>Finished originals are in the <a href="/products?category=paintings">paintings</a> section, framed and ready to hang.</p>',
      status: 'published',
      published_days_ago: 12,
      comments: [
        {
          username: 'gallery_fan_sue',
          content: 'I bought Harbour at Dusk last year and it is even better in the flesh.',
          hours_after: 6,
          replies: [
            {
              username: 'mara.lindqvist',
              content: 'Thank you, Sue! That one started as a sketch in the rain.',
              hours_after: 9,
            },
          ],
        },
      ],
    },
    {
      slug: 'cone-10-a-weekend-in-the-gas-kiln',
      title: 'Cone 10: a weekend in the gas kiln',
      author: 'mara.lindqvist',
      image: {
        shape: 'vase',
        palette: ['#e6e0d6', '#2f5d62', '#d8c4a0'],
        alt_text: 'A celadon vase cooling on a kiln shelf',
      },
      excerpt:
        'Thirty hours, two hundred pots and one very long Saturday night. What happens inside a reduction firing.',
      content_html:
        '<p>Four times a year we fill the gas kiln with everything thrown since the last firing. It takes a day to pack and thirty hours to fire and cool.</p>' +
        '<h2>The firing</h2>' +
        '<ol><li>Candle overnight at a low heat to drive off the last water.</li><li>Climb steadily to 1000 °C.</li><li>Cut the air to the burners: <strong>reduction</strong> turns copper red and iron celadon green.</li><li>Watch the cones melt at about 1300 °C, then shut down and wait.</li></ol>' +
        '<h3>Opening day</h3>' +
        '<p>Some pots crack, some glazes run and a few surprise us. The best go into the <a href="/products?category=ceramics">ceramics</a> section.</p>',
      status: 'published',
      published_days_ago: 6,
      comments: [],
    },
    {
      slug: 'carving-your-first-spoon',
      title: 'Carving your first spoon',
      author: null,
      image: null,
      excerpt:
        'A knife, a hook knife and a branch of green wood are all you need. Our beginner’s guide to spoon carving.',
      content_html:
        '<p>Spoon carving is the friendliest way into woodwork: no workshop, no noise, and you can eat with the result.</p>' +
        '<h2>You will need</h2>' +
        '<ul><li>A straight knife with a 6–8 cm blade.</li><li>A hook knife for the bowl.</li><li>A fresh branch of birch, cherry or sycamore, as thick as your wrist.</li></ul>' +
        '<h2>The steps</h2>' +
        '<ol><li>Split the branch in half and draw the spoon on the flat face.</li><li>Rough out the profile, then the outline, always carving away from the pith.</li><li>Hollow the bowl with the hook knife across the grain.</li><li>Let it dry for a week, then take the finishing cuts and oil it.</li></ol>' +
        '<p>Want a head start? Our <a href="/products?category=wood-carvings">carved spoons</a> show the shapes we like.</p>',
      status: 'published',
      published_days_ago: 3,
      comments: [],
    },
    {
      slug: 'winter-open-workshop-dates',
      title: 'Winter open workshop dates',
      author: 'daniel.reyes',
      image: null,
      excerpt: 'Draft: dates to be confirmed.',
      content_html: '<p>Dates to be confirmed.</p>',
      status: 'draft',
      published_days_ago: null,
      comments: [],
    },
  ],
  faqs: [
    {
      question: 'Do you ship knives abroad?',
      answer_html:
        '<p>Yes, to most countries. Knives travel in a locked, unmarked box and need a signature on delivery.</p><ul><li>UK: 2–3 working days</li><li>Europe: 5–8 working days</li><li>Rest of the world: 7–14 working days</li></ul>',
    },
    {
      question: 'Can anyone buy a knife from you?',
      answer_html:
        '<p>You must be <strong>18 or over</strong>. Our courier checks ID on delivery, and we cannot leave a knife with a neighbour.</p>',
    },
    {
      question: 'Carbon or stainless steel: which should I choose?',
      answer_html:
        '<p>Stainless is forgiving; carbon takes a finer edge but must be dried after use. Our guide <a href="/blog/caring-for-carbon-steel">Caring for carbon steel</a> explains the difference.</p>',
    },
    {
      question: 'Do you resharpen knives?',
      answer_html:
        '<p>Every knife we made is <strong>resharpened free for life</strong>. Post it to the workshop with a note, or bring it on an open Saturday. We sharpen other makers’ knives from £8.</p>',
    },
    {
      question: 'Can I return an item?',
      answer_html:
        '<p>Unused items can be returned within 30 days. Paintings and engraved pieces are made for you and cannot be returned unless faulty. See our <a href="/refund-policy">refund policy</a>.</p>',
    },
    {
      question: 'Do you take commissions?',
      answer_html:
        '<p>Yes, a few each season: custom knives, engraving, and paintings of a place you love.</p><ol><li>Tell us what you have in mind through the <a href="/contact">contact form</a>.</li><li>We reply with a sketch and a quote within a week.</li><li>A 30% deposit books your place in the queue.</li></ol>',
    },
    {
      question: 'Are your ceramics food and dishwasher safe?',
      answer_html:
        '<p>All our glazes are food safe. Mugs and bowls are dishwasher safe; vases and moon jars are <em>not</em>, and are best washed by hand.</p>',
    },
    {
      question: 'Can I visit the workshop?',
      answer_html:
        '<p>The workshop is open to visitors every <strong>Saturday, 10:00–16:00</strong>. Watch the forge, the wheel and the easel at work, and try a knife on the board.</p>' +
        // A stray snippet in an FAQ answer: see XSS_PAYLOADS.
        strayMarkup('Planning a trip? Open', 'directions on the map'),
    },
    {
      question: 'How are paintings shipped?',
      answer_html:
        '<p>Originals are framed, wrapped in glassine and bubble wrap and sent in a double-walled box, fully insured. Prints are rolled in a tube.</p>',
    },
    {
      question: 'Which payment methods do you accept?',
      answer_html:
        '<p>Card, bank transfer, or payment in person when you collect at the workshop.</p>',
    },
  ],
  legal_documents: [
    {
      document_type: 'refund_policy',
      title: 'Refund policy',
      updated_days_ago: 60,
      content_html:
        '<h2>Returns within 30 days</h2>' +
        '<p>If you are not happy with something you bought, return it unused within <strong>30 days</strong> of delivery for a full refund of the item price.</p>' +
        '<h3>What cannot be returned</h3>' +
        '<ul><li>Engraved or custom-made items, unless faulty.</li><li>Original paintings bought at a discount.</li><li>Knives that have been used or sharpened.</li></ul>' +
        '<h3>How to return</h3>' +
        '<ol><li>Write to us through the <a href="/contact">contact page</a> with your order number.</li><li>Pack the item securely; knives must be sent in a locked box.</li><li>We refund to your original payment method within 5 working days of receiving it.</li></ol>' +
        '<h3>Faulty items</h3>' +
        '<p>If something arrives damaged or develops a fault, we repair, replace or refund it, including postage.</p>' +
        // A stray snippet in a legal document: see XSS_PAYLOADS.
        strayMarkup('Prefer a printed returns form? Use the', 'printable returns form'),
    },
    {
      document_type: 'privacy_policy',
      title: 'Privacy policy',
      updated_days_ago: 90,
      content_html:
        '<h2>Who we are</h2>' +
        '<p>Ember & Oak Workshop Ltd, 12 Forge Lane, Sheffield S1 2AB, is responsible for the personal data you give us.</p>' +
        '<h2>What we collect</h2>' +
        '<ul><li>Your name, e-mail and delivery address, to fulfil orders.</li><li>Messages you send us, to answer them.</li><li>Comments and reviews you publish, with your username.</li></ul>' +
        '<h2>What we never do</h2>' +
        '<p>We never sell your data, and card details go straight to our payment provider: we never see or store them.</p>' +
        '<h2>Your rights</h2>' +
        '<p>You may ask for a copy of your data, or for its deletion, at any time through the <a href="/contact">contact page</a>. You can also complain to the <a href="https://ico.org.uk/">Information Commissioner’s Office</a>.</p>',
    },
    {
      document_type: 'review_policy',
      title: REVIEW_POLICY_TITLE,
      updated_days_ago: 1,
      content_html: REVIEW_POLICY_MODEL_HTML,
    },
    demoStatement('Ember & Oak Workshop', 'hello@emberandoak.example'),
  ],
  locations: [
    {
      name: 'The Forge (workshop and showroom)',
      is_hq: true,
      address: '12 Forge Lane, Sheffield S1 2AB, United Kingdom',
      phone_number: '+44 114 496 0000',
      map_embed_link: osmEmbed(FORGE.lat, FORGE.lon),
      map_location_url: osmLink(FORGE.lat, FORGE.lon),
      image: {
        shape: 'painting',
        palette: ['#e2ddd4', '#7a4a2c', '#d98a3a'],
        alt_text: 'The forge at dusk, lamps lit in the workshop windows',
        file: 'the-forge',
      },
    },
    {
      name: 'Harbourside Gallery',
      is_hq: false,
      address: '3 Quayside, Whitby YO21 1DH, United Kingdom',
      phone_number: '+44 1947 496 0123',
      map_embed_link: null,
      map_location_url: osmLink(GALLERY.lat, GALLERY.lon),
      image: {
        shape: 'painting',
        palette: ['#e6ebee', '#3d6a85', '#d9c08c'],
        alt_text: 'The gallery on the quay at high tide',
        file: 'harbourside-gallery',
      },
    },
  ],
  emails: [
    { purpose: 'Orders and general questions', email_address: 'hello@emberandoak.example' },
    { purpose: 'Commissions and engraving', email_address: 'commissions@emberandoak.example' },
    { purpose: 'Sharpening and repairs', email_address: 'workshop@emberandoak.example' },
  ],
  social_profiles: [
    {
      platform: 'facebook',
      platform_display: 'Facebook',
      link: 'https://www.facebook.com/emberandoakworkshop',
    },
    {
      platform: 'instagram',
      platform_display: 'Instagram',
      link: 'https://www.instagram.com/emberandoakworkshop',
    },
    {
      platform: 'linkedin',
      platform_display: 'LinkedIn',
      link: 'https://www.linkedin.com/company/emberandoakworkshop',
    },
    { platform: 'twitter', platform_display: 'Twitter (X)', link: 'https://x.com/emberandoak' },
    {
      platform: 'youtube',
      platform_display: 'YouTube',
      link: 'https://www.youtube.com/@emberandoakworkshop',
    },
  ],
  reviews: [
    {
      product_slug: 'o1-bushcraft-knife',
      username: 'fell_walker',
      rating: 5,
      comment:
        'Carried it on a week in the Cairngorms: feathered sticks, cut cord, even did the cooking. Still shaves hair.',
      days_ago: 15,
      paid_order: {
        fullname: 'Iain Fell',
        street: '7 Braemar Road',
        city: 'Ballater',
        postalCode: 'AB35 5RL',
        country: 'GB',
        contact_number: '+44 13397 496 010',
      },
    },
    {
      product_slug: 'tenmoku-tea-mug',
      username: 'anna.k',
      rating: 4,
      comment:
        'Gorgeous glaze that breaks to rust at the rim. A touch smaller than I expected, but my favourite mug now.',
      days_ago: 9,
      // The workshop gave her a second mug for the review: shown as an incentivised review.
      incentivised: true,
      paid_order: {
        fullname: 'Anna Kowalska',
        street: '22 Mill Street',
        city: 'Leeds',
        postalCode: 'LS9 8AB',
        country: 'GB',
        contact_number: '+44 113 496 0456',
      },
    },
    {
      product_slug: 'walnut-slipjoint-pocket-knife',
      username: 'pasted_from_notes',
      rating: 4,
      // A review that carries the payloads as text: see XSS_PAYLOADS.
      comment: `Lovely little knife with a crisp snap. My notes app pasted some odd code in here: ${strayText()}`,
      days_ago: 4,
      paid_order: null,
    },
  ],
};

// ---------------------------------------------------------------------------------------
// Second tenant: Riverside Pottery Studio (smaller, and it moderates comments)
// ---------------------------------------------------------------------------------------

const STUDIO = { lat: 52.7077, lon: -2.7538 };
const MARKET = { lat: 52.7069, lon: -2.7519 };

export const potteryContent: SeedContent = {
  tenantToken: 'demo-pottery',
  comments_auto_approve: false,
  people_domain: 'friends.riversidepottery.example',
  blog_posts: [
    {
      slug: 'digging-clay-from-the-riverbank',
      title: 'Digging clay from the riverbank',
      author: 'agnes.okafor',
      image: {
        shape: 'mug',
        palette: ['#e3eae4', '#5d6b3f', '#a9744f'],
        alt_text: 'A mug of riverbank clay drying on a board',
      },
      excerpt: 'How a bucket of sticky riverbank mud becomes the clay of our morning mugs.',
      content_html:
        '<p>Twice a year, when the river is low, we dig a few buckets of clay from the bank below the studio.</p>' +
        '<h2>From mud to clay</h2>' +
        '<ol><li>Slake the lumps in water for a week.</li><li>Sieve out roots and stones.</li><li>Dry the slurry on plaster until it can be wedged.</li></ol>' +
        '<p>We blend it with a little buff stoneware for strength. Try it in our <a href="/products?category=mugs">mugs</a>.</p>' +
        // A stray snippet on the second shop too: see XSS_PAYLOADS.
        strayMarkup('Want to dig your own? Read the', 'clay safety notes'),
      status: 'published',
      published_days_ago: 30,
      comments: [
        {
          username: 'river_walker',
          content: 'Is the riverbank clay safe for food once fired?',
          hours_after: 6,
          replies: [
            {
              username: 'agnes.okafor',
              content: 'Yes: it is fully vitrified under a food-safe glaze. We test every batch.',
              hours_after: 10,
              replies: [
                {
                  username: 'river_walker',
                  content: 'Brilliant, ordering a pair of mugs then.',
                  hours_after: 14,
                },
              ],
            },
          ],
        },
        {
          username: 'mudlark_jo',
          content: 'Can I come and dig with you next time?',
          hours_after: 30,
          approved: false,
        },
      ],
    },
    {
      slug: 'glazing-with-willow-ash',
      title: 'Glazing with willow ash',
      author: 'agnes.okafor',
      image: {
        shape: 'vase',
        palette: ['#efe9de', '#c4ab74', '#6f8f7a'],
        alt_text: 'A bud vase with a honey-coloured ash glaze',
      },
      excerpt: 'Winter prunings from the riverside willows become a pale, crazed glaze.',
      content_html:
        '<p>Each winter we pollard the willows and burn the prunings in a metal bin.</p>' +
        '<h2>The recipe</h2>' +
        '<ul><li>40 parts sieved willow ash</li><li>40 parts feldspar</li><li>20 parts riverbank clay</li></ul>' +
        '<p>See the result on our <a href="/products?category=vases">bud vases</a>.</p>',
      status: 'published',
      published_days_ago: 22,
      comments: [],
    },
    {
      slug: 'why-our-mugs-have-pulled-handles',
      title: 'Why our mugs have pulled handles',
      author: 'agnes.okafor',
      image: {
        shape: 'mug',
        palette: ['#e8ece9', '#3f5f6e', '#c9b28f'],
        alt_text: 'A mug with a pulled handle, seen from the side',
      },
      excerpt: 'A pulled handle is stretched from a lump of clay like milking a cow. Here is why.',
      content_html:
        '<p>A pulled handle is drawn out by hand with wet fingers, so it tapers naturally.</p>' +
        '<h2>Why it matters</h2>' +
        '<ul><li>It fits three fingers comfortably.</li><li>It joins the mug without a weak seam.</li></ul>' +
        '<p>Learn more about <a href="https://en.wikipedia.org/wiki/Pottery">pottery techniques</a>.</p>',
      status: 'published',
      published_days_ago: 15,
      comments: [],
    },
    {
      slug: 'caring-for-handmade-pottery',
      title: 'Caring for handmade pottery',
      author: 'agnes.okafor',
      image: {
        shape: 'bowl',
        palette: ['#e6ebe8', '#4a6e73', '#d8c7a8'],
        alt_text: 'A stack of stoneware bowls on a kitchen shelf',
      },
      excerpt: 'Dishwasher, microwave, oven? What handmade stoneware can take.',
      content_html:
        '<h2>Everyday care</h2>' +
        '<ul><li>Mugs and cups: dishwasher safe.</li><li>Vases: hand wash only.</li><li>Avoid sudden temperature changes.</li></ul>' +
        '<p>Questions? <a href="/contact">Ask us</a>.</p>',
      status: 'published',
      published_days_ago: 10,
      comments: [],
    },
    {
      slug: 'a-week-at-the-wheel',
      title: 'A week at the wheel',
      author: 'agnes.okafor',
      image: {
        shape: 'vase',
        palette: ['#e2e9ee', '#2c5872', '#8a5a3b'],
        alt_text: 'A tall vase freshly thrown on the wheel',
      },
      excerpt: 'Monday to Friday in the studio: throwing, trimming, handling and firing.',
      content_html:
        '<h2>The week</h2>' +
        '<ol><li>Monday and Tuesday: throwing.</li><li>Wednesday: trimming and handles.</li><li>Thursday: bisque firing.</li><li>Friday: glazing.</li></ol>',
      status: 'published',
      published_days_ago: 5,
      comments: [],
    },
    {
      slug: 'open-studio-saturdays',
      title: 'Open studio Saturdays',
      author: null,
      image: {
        shape: 'bowl',
        palette: ['#ecebe4', '#8a5a3b', '#6fa8a9'],
        alt_text: 'Bowls on the studio table, ready for visitors',
      },
      excerpt: 'Come and watch a pot being made, every Saturday morning.',
      content_html:
        '<p>The studio is open every <strong>Saturday, 10:00–13:00</strong>.</p>' +
        '<ul><li>Watch a throwing demonstration.</li><li>Try the wheel yourself.</li></ul>' +
        '<p>Find us on the <a href="/contact">contact page</a>.</p>',
      status: 'published',
      published_days_ago: 2,
      comments: [],
    },
    {
      slug: 'closed-for-the-easter-firing',
      title: 'Closed for the Easter firing',
      author: 'agnes.okafor',
      image: null,
      excerpt: 'The studio closes for one week while the kiln is busy.',
      content_html:
        '<p>The studio is closed for a week around Easter while we fire the big kiln. Orders placed that week are sent the week after.</p>',
      status: 'published',
      published_days_ago: 1,
      comments: [],
    },
    {
      slug: 'spring-glaze-tests',
      title: 'Spring glaze tests',
      author: 'agnes.okafor',
      image: null,
      excerpt: 'Draft.',
      content_html: '<p>Notes to follow.</p>',
      status: 'draft',
      published_days_ago: null,
      comments: [],
    },
  ],
  faqs: [
    {
      question: 'Is your pottery dishwasher safe?',
      answer_html: '<p>Mugs and cups are; vases are best washed by hand.</p>',
    },
    {
      question: 'Is it microwave safe?',
      answer_html: '<p>Yes, none of our glazes contain metal.</p>',
    },
    {
      question: 'Do you ship?',
      answer_html: '<p>Within the UK, in recycled packaging, in 3–5 working days.</p>',
    },
    {
      question: 'Why does my mug look different from the photo?',
      answer_html:
        '<p>Every piece is thrown and glazed by hand, so <strong>no two are alike</strong>.</p>',
    },
    {
      question: 'Can I return a piece?',
      answer_html:
        '<p>Within 30 days, unused. See our <a href="/refund-policy">refund policy</a>.</p>',
    },
    {
      question: 'Do you run classes?',
      answer_html:
        '<p>Small taster sessions on Saturday mornings. <a href="/contact">Ask us</a> for dates.</p>',
    },
    {
      question: 'Do you take commissions?',
      answer_html: '<p>Sets of mugs and tableware, with a lead time of about eight weeks.</p>',
    },
    {
      question: 'How do you pay for orders?',
      answer_html: '<p>By bank transfer or PayPal.</p>',
    },
  ],
  legal_documents: [
    {
      document_type: 'refund_policy',
      title: 'Refund policy',
      updated_days_ago: 45,
      content_html:
        '<h2>Returns</h2><p>Return unused pieces within <strong>30 days</strong> for a full refund.</p><ul><li>Breakages in transit are replaced free.</li><li>Commissions cannot be returned.</li></ul>',
    },
    {
      document_type: 'privacy_policy',
      title: 'Privacy policy',
      updated_days_ago: 45,
      content_html:
        '<h2>Your data</h2><p>We keep your name, e-mail and address only to send your order and answer your messages. <a href="/contact">Ask us</a> to delete them at any time.</p>',
    },
    {
      document_type: 'review_policy',
      title: REVIEW_POLICY_TITLE,
      updated_days_ago: 1,
      content_html: REVIEW_POLICY_MODEL_HTML,
    },
    demoStatement('Riverside Pottery Studio', 'studio@riversidepottery.example'),
  ],
  locations: [
    {
      name: 'The Mill Studio',
      is_hq: true,
      address: 'The Old Mill, Riverside Walk, Shrewsbury SY1 1PX, United Kingdom',
      phone_number: '+44 1743 496 0777',
      map_embed_link: osmEmbed(STUDIO.lat, STUDIO.lon),
      map_location_url: osmLink(STUDIO.lat, STUDIO.lon),
      image: {
        shape: 'painting',
        palette: ['#e3ebe9', '#6fa8a9', '#8a6a4a'],
        alt_text: 'The mill studio by the river',
        file: 'mill-studio',
      },
    },
    {
      name: 'Saturday market stall',
      is_hq: false,
      address: 'Shrewsbury Market Hall, Shoplatch, Shrewsbury SY1 1HF, United Kingdom',
      phone_number: null,
      map_embed_link: null,
      map_location_url: osmLink(MARKET.lat, MARKET.lon),
      image: null,
    },
  ],
  emails: [
    { purpose: 'Orders', email_address: 'studio@riversidepottery.example' },
    { purpose: 'Classes', email_address: 'classes@riversidepottery.example' },
    { purpose: 'Commissions', email_address: 'agnes@riversidepottery.example' },
  ],
  social_profiles: [
    {
      platform: 'facebook',
      platform_display: 'Facebook',
      link: 'https://www.facebook.com/riversidepottery',
    },
    {
      platform: 'instagram',
      platform_display: 'Instagram',
      link: 'https://www.instagram.com/riversidepottery',
    },
    {
      platform: 'linkedin',
      platform_display: 'LinkedIn',
      link: 'https://www.linkedin.com/company/riversidepottery',
    },
    { platform: 'twitter', platform_display: 'Twitter (X)', link: 'https://x.com/riversidepots' },
    {
      platform: 'youtube',
      platform_display: 'YouTube',
      link: 'https://www.youtube.com/@riversidepottery',
    },
  ],
  reviews: [
    {
      product_slug: 'willow-ash-bud-vase',
      username: 'mill_lane_mo',
      rating: 5,
      comment: 'The glaze is like honey in the window light. Holds a single rose perfectly.',
      days_ago: 7,
      paid_order: {
        fullname: 'Maureen Lane',
        street: '4 Mill Lane',
        city: 'Shrewsbury',
        postalCode: 'SY2 6AA',
        country: 'GB',
        contact_number: '+44 1743 496 0888',
      },
    },
  ],
};

export const seedContent: SeedContent[] = [demoContent, potteryContent];
