import {
  cancellationDate,
  cancellationSeller,
  exemptLinesNote,
  orderCancellationLines,
  orderRightSummary,
  productCancellationNote,
} from './rules';

/*
 * The 14-day right's wording (issue 29; Consumer Contracts Regulations 2013 reg 28(1)(b),
 * Sch. 2(l)-(n)): each screen's sentence for each kind of piece, line and order.
 */

const ENGRAVING = { key: 'engraving_text', label: 'Engraving', kind: 'text' as const };
const HANDLE = { key: 'handle', label: 'Handle wood', kind: 'choice' as const };

describe('productCancellationNote (product page)', () => {
  it('tells a stocked piece it may be cancelled within 14 days of delivery', () => {
    expect(productCancellationNote({ made_to_order: false, options: [HANDLE] })).toEqual({
      cancellable: true,
      text: 'You may cancel within 14 days of delivery.',
    });
  });

  it('says a made-to-order piece is made for the buyer and cannot be cancelled once ordered', () => {
    const note = productCancellationNote({
      made_to_order: true,
      cancellation_exempt: true,
      options: [],
    });
    expect(note).toEqual({
      cancellable: false,
      text: 'Made to order for you, so it cannot be cancelled once ordered.',
    });
  });

  it("follows the owner's flag for a piece that is not made to order", () => {
    const note = productCancellationNote({
      made_to_order: false,
      cancellation_exempt: true,
      options: [],
    });
    expect(note.cancellable).toBe(false);
    expect(note.text).toBe('Made to your specification, so it cannot be cancelled once ordered.');
  });

  it('with an engraving: cancellable while empty, exempt once the text is filled in', () => {
    const piece = {
      made_to_order: false,
      cancellation_exempt: false,
      options: [HANDLE, ENGRAVING],
    };
    expect(productCancellationNote(piece, { handle: 'ebony', engraving_text: '' })).toEqual({
      cancellable: true,
      text: 'You may cancel within 14 days of delivery. With an engraving it is personalised and cannot be cancelled once ordered.',
    });
    // Spaces alone are no engraving (the cart trims them away).
    expect(productCancellationNote(piece, { engraving_text: '   ' }).cancellable).toBe(true);
    expect(productCancellationNote(piece, { handle: 'ebony', engraving_text: 'A.L.' })).toEqual({
      cancellable: false,
      text: 'Personalised with your engraving, so it cannot be cancelled once ordered. Without it, you may cancel within 14 days of delivery.',
    });
  });

  it('a choice among standard values (a handle wood) never makes the piece exempt', () => {
    const note = productCancellationNote(
      { made_to_order: false, options: [HANDLE] },
      { handle: 'ebony' },
    );
    expect(note.cancellable).toBe(true);
  });
});

describe('orderRightSummary (checkout, before the order button)', () => {
  const mug = { id: 1, name: 'Tea Mug', made_to_order: false, cancellation_exempt: false };
  const board = { id: 2, name: 'Oak Board', made_to_order: true, cancellation_exempt: true };
  const knife = { id: 3, name: 'Engraved Knife', made_to_order: false, cancellation_exempt: true };

  it('no exempt line: the whole order may be cancelled within 14 days', () => {
    expect(orderRightSummary([mug])).toEqual({
      lead: 'You may cancel this order within 14 days of delivery, without giving a reason.',
      exempt: [],
    });
  });

  it('some exempt lines: the others may be cancelled, and each exempt one says why', () => {
    const summary = orderRightSummary([mug, board, knife]);
    expect(summary.lead).toBe(
      'You may cancel the other pieces within 14 days of delivery, but not these:',
    );
    expect(summary.exempt).toEqual([
      {
        id: 2,
        name: 'Oak Board',
        reason:
          'Made to your order, so it cannot be cancelled once ordered (it is made to your specification).',
      },
      {
        id: 3,
        name: 'Engraved Knife',
        reason:
          'Made to your specification or personalised, so it cannot be cancelled once ordered.',
      },
    ]);
  });

  it('every line exempt: nothing of the order can be cancelled', () => {
    expect(orderRightSummary([board, knife]).lead).toBe(
      'No piece of this order can be cancelled once it is placed:',
    );
    expect(orderRightSummary([board]).lead).toBe(
      'This piece cannot be cancelled once the order is placed:',
    );
  });

  it('a line without the flag (an answer from before it existed) counts as cancellable', () => {
    expect(orderRightSummary([{ id: 4, name: 'Old', made_to_order: false }]).exempt).toEqual([]);
  });
});

describe('orderCancellationLines (order page)', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const open = {
    exempt: false,
    deadline: '2026-12-15T23:59:59Z',
    can_request: true,
    requested_at: null,
  };

  it('shows the deadline while a request is possible, as its day in UTC', () => {
    expect(orderCancellationLines(open, 'en-US', now)).toEqual([
      'You can cancel until December 15, 2026.',
    ]);
  });

  it('before anything has shipped (no date yet): until 14 days after the order arrives', () => {
    expect(orderCancellationLines({ ...open, deadline: null }, 'en-US', now)).toEqual([
      'You can cancel until 14 days after the order reaches you.',
    ]);
  });

  it('once asked: the date of the request and what the shop does next', () => {
    expect(
      orderCancellationLines(
        { ...open, can_request: false, requested_at: '2026-12-02T09:00:00Z' },
        'en-US',
        now,
      ),
    ).toEqual([
      'Withdrawal received on December 2, 2026 at 09:00:00 UTC. An acknowledgement has been sent to your e-mail address. The shop will refund within 14 days of receiving the pieces back.',
    ]);
  });

  it('an exempt order says why it cannot be cancelled', () => {
    expect(
      orderCancellationLines(
        { exempt: true, deadline: null, can_request: false, requested_at: null },
        'en-US',
        now,
      ),
    ).toEqual([
      'The pieces of this order were made to order or personalised for you, so the 14-day right to cancel does not apply to it.',
    ]);
  });

  it('past the deadline: when the period ended; an unpaid order: nothing', () => {
    expect(
      orderCancellationLines(
        { ...open, deadline: '2026-11-20T23:59:59Z', can_request: false },
        'en-US',
        now,
      ),
    ).toEqual(['The 14-day cancellation period ended on November 20, 2026.']);
    expect(
      orderCancellationLines(
        { exempt: false, deadline: null, can_request: false, requested_at: null },
        'en-US',
        now,
      ),
    ).toEqual([]);
  });

  it('names the exempt pieces of an order the right covers in part', () => {
    expect(
      exemptLinesNote([
        { name: 'Tea Mug', made_to_order: false, cancellation_exempt: false },
        { name: 'Oak Board', made_to_order: true, cancellation_exempt: true },
      ]),
    ).toBe('This piece cannot be cancelled, as made to order or personalised for you: Oak Board.');
    expect(exemptLinesNote([{ name: 'Tea Mug', made_to_order: false }])).toBeNull();
  });
});

describe('cancellationDate', () => {
  it('reads the end of a day in UTC as that day, wherever the shopper is', () => {
    expect(cancellationDate('2026-12-15T23:59:59Z', 'en-GB')).toBe('15 December 2026');
    expect(cancellationDate(null)).toBe('');
    expect(cancellationDate('not a date')).toBe('');
  });
});

describe('cancellationSeller', () => {
  it("takes the settings' seller: legal name, address and e-mail", () => {
    expect(
      cancellationSeller({
        site_title: 'Ember & Oak',
        contact_email: 'hello@shop.example',
        seller: {
          legal_name: 'Ember & Oak Workshop Ltd',
          address: '1 Forge Lane\nSheffield S1 1AA',
          email: 'orders@shop.example',
        },
      }),
    ).toEqual({
      name: 'Ember & Oak Workshop Ltd',
      address: '1 Forge Lane\nSheffield S1 1AA',
      email: 'orders@shop.example',
    });
  });

  it('falls back to the site title and contact e-mail while the seller is not filled in', () => {
    expect(
      cancellationSeller({
        site_title: 'Ember & Oak',
        contact_email: 'hello@shop.example',
        seller: { legal_name: '', address: '', email: '' },
      }),
    ).toEqual({ name: 'Ember & Oak', address: '', email: 'hello@shop.example' });
    expect(cancellationSeller(undefined)).toEqual({ name: '', address: '', email: '' });
  });
});
