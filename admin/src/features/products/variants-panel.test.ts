import { combine, splitValues } from './variants-panel';

describe('the variants panel', () => {
  it('reads the values typed for an axis: trimmed, blanks and repeats (any case) dropped', () => {
    expect(splitValues(' 210 mm, 240 mm,, 210 MM ,270 mm ')).toEqual([
      '210 mm',
      '240 mm',
      '270 mm',
    ]);
  });

  it('generates every combination, keeping the rows already there and naming new SKUs', () => {
    const kept = {
      id: 7,
      values: ['210 mm', 'Kurouchi'],
      sku: 'GYU-210-K',
      price: '385.00',
      stock: '3',
      weight: '185',
      imageId: '',
    };
    const rows = combine(
      [
        ['210 mm', '240 mm'],
        ['Kurouchi', 'Polished'],
      ],
      [kept],
      'dg',
    );
    expect(rows.map((r) => r.values.join(' / '))).toEqual([
      '210 mm / Kurouchi',
      '210 mm / Polished',
      '240 mm / Kurouchi',
      '240 mm / Polished',
    ]);
    expect(rows[0]).toBe(kept);
    expect(rows[3]).toMatchObject({ sku: 'DG-240MM-POLISHED', price: '', stock: '0' });
  });
});
