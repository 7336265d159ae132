import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SalesChange } from './api';
import { SalesChart } from './sales-chart';
import { changeWords, salesSearchOf } from './sales-page';

const money = (amount: string) => `£${amount}`;

describe('the revenue chart', () => {
  const days = [
    { date: '2026-11-18', revenue: '475.00', orders: 1 },
    { date: '2026-11-19', revenue: '0.00', orders: 0 },
    { date: '2026-11-20', revenue: '950.00', orders: 2 },
  ];

  it('is one image described in words, with a bar per day scaled to the best day', () => {
    const { container } = render(<SalesChart days={days} formatPrice={money} total="1425.00" />);
    const chart = screen.getByRole('img', { name: 'Revenue per day' });
    expect(chart).toHaveAccessibleDescription(
      '£1425.00 over 3 days; the best day was 20 Nov 2026 with £950.00.',
    );
    const heights = [...container.querySelectorAll('rect.bar')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(heights).toEqual([70, 0, 140]);
  });

  it('offers the same figures as a table', async () => {
    render(<SalesChart days={days} formatPrice={money} total="1425.00" />);
    await userEvent.click(screen.getByText('Show as a table'));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayOrdersRevenue',
      '18 Nov 20261£475.00',
      '19 Nov 20260£0.00',
      '20 Nov 20262£950.00',
    ]);
  });

  it('says when there were no sales', () => {
    render(
      <SalesChart
        days={days.map((d) => ({ ...d, revenue: '0.00' }))}
        formatPrice={money}
        total="0.00"
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleDescription('No sales over these 3 days.');
  });
});

describe('the figures’ words', () => {
  it.each<[SalesChange, string]>([
    [{ percent: '12.5', direction: 'up' }, 'Up 12.5 %'],
    [{ percent: '3.0', direction: 'down' }, 'Down 3.0 %'],
    [{ percent: '0.0', direction: 'same' }, 'No change'],
    [{ percent: null, direction: 'none' }, 'New: nothing the days before'],
  ])('say a change in words, not colour alone (%o)', (change, words) => {
    expect(changeWords(change)).toBe(words);
  });

  it('read the period from the address, a range needing its days', () => {
    expect(salesSearchOf({})).toEqual({ period: 'last_7_days' });
    expect(salesSearchOf({ period: 'today' })).toEqual({ period: 'today' });
    expect(salesSearchOf({ period: 'range', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      period: 'range',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});
