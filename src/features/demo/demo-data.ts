/*
 * Hard-coded content of the static /test landing page (spec sections 1, 2 and 9: six sample
 * products from $45 to $120 and three testimonials, not tied to the backend).
 */

/** The sample products' currency: the spec's dollars, whatever the shop's (not its products). */
export const DEMO_CURRENCY = 'USD';

export type DemoArt = 'knife' | 'vase' | 'frame' | 'bowl' | 'board' | 'cleaver';

export interface DemoProduct {
  id: number;
  name: string;
  /** Decimal string, as the API would carry it. */
  price: string;
  blurb: string;
  art: DemoArt;
  /** Colour scheme of the illustration, a class in demo-sections.css built from the design tokens. */
  tint: 'walnut' | 'sage' | 'copper' | 'slate' | 'steel' | 'brass';
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    id: 1,
    name: 'Walnut Serving Board',
    price: '45.00',
    blurb: 'End-grain walnut, oiled by hand.',
    art: 'board',
    tint: 'walnut',
  },
  {
    id: 2,
    name: 'Stoneware Bud Vase',
    price: '60.00',
    blurb: 'Wheel-thrown, ash glaze.',
    art: 'vase',
    tint: 'sage',
  },
  {
    id: 3,
    name: 'Raku Tea Bowl',
    price: '75.00',
    blurb: 'Fired in an open-air kiln.',
    art: 'bowl',
    tint: 'copper',
  },
  {
    id: 4,
    name: 'Harbour at Dusk',
    price: '90.00',
    blurb: 'Small oil study on linen.',
    art: 'frame',
    tint: 'slate',
  },
  {
    id: 5,
    name: 'Carbon Steel Paring Knife',
    price: '105.00',
    blurb: 'Forged 1084 steel, oak handle.',
    art: 'knife',
    tint: 'steel',
  },
  {
    id: 6,
    name: 'Damascus Kitchen Cleaver',
    price: '120.00',
    blurb: 'Sixty-layer pattern weld.',
    art: 'cleaver',
    tint: 'brass',
  },
];

export interface DemoTestimonial {
  id: number;
  quote: string;
  name: string;
  place: string;
}

export const DEMO_TESTIMONIALS: readonly DemoTestimonial[] = [
  {
    id: 1,
    quote:
      'The paring knife is the first thing I reach for every evening. You can feel the hours that went into it.',
    name: 'Maya R.',
    place: 'Portland, OR',
  },
  {
    id: 2,
    quote:
      'I ordered the tea bowl as a gift and ended up buying a second one for myself. Beautifully packed, too.',
    name: 'Daniel K.',
    place: 'Leeds, UK',
  },
  {
    id: 3,
    quote:
      'Our walnut board gets compliments at every dinner. It has aged wonderfully after a year of daily use.',
    name: 'Sofia L.',
    place: 'Lisbon, PT',
  },
];

export const DEMO_NAV: readonly { href: string; label: string }[] = [
  { href: '#home', label: 'Home' },
  { href: '#products', label: 'Products' },
  { href: '#story', label: 'Our Story' },
  { href: '#testimonials', label: 'Testimonials' },
  { href: '#contact', label: 'Contact' },
];
