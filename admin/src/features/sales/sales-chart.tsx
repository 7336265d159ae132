/**
 * Revenue per day as a small bar chart: an SVG drawn here (no chart library), one bar per day,
 * scaled to the period's best day, with the first and last day under it and a sentence (the
 * total, the best day). For screen readers the SVG is one image
 * (`role="img"`) named by its heading and described by that sentence; the same figures are a
 * table under "Show as a table", for anyone who prefers to read them.
 */
import { useId } from 'react';
import { formatDate } from '../../components/format';
import type { SalesReport } from './api';

const WIDTH = 640;
const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 24;

/** Cents of a decimal string ("12.34" -> 1234), for drawing only. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

export function SalesChart({
  days,
  formatPrice,
  total,
}: {
  days: SalesReport['days'];
  formatPrice: (amount: string) => string;
  total: string;
}) {
  const id = useId();
  const values = days.map((day) => cents(day.revenue));
  const max = Math.max(0, ...values);
  const best = max > 0 ? days[values.indexOf(max)]! : null;
  const slot = WIDTH / Math.max(1, days.length);
  const gap = days.length > 60 ? 0 : Math.min(4, slot * 0.2);
  // A bar no wider than a week's would be: one day is a block, not a wall.
  const width = Math.min(Math.max(1, slot - gap), WIDTH / 7 - 4);
  const plot = HEIGHT - TOP - BOTTOM;
  const description = best
    ? `${formatPrice(total)} over ${days.length} ${days.length === 1 ? 'day' : 'days'}; the best day was ${formatDate(best.date)} with ${formatPrice(best.revenue)}.`
    : `No sales over these ${days.length} ${days.length === 1 ? 'day' : 'days'}.`;
  return (
    <section className="panel sales-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Revenue per day</h2>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        preserveAspectRatio="none"
        className="sales-chart-svg"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="axis" />
        {max > 0 ? <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} className="gridline" /> : null}
        {days.map((day, index) => {
          const height = max > 0 ? (values[index]! / max) * plot : 0;
          return (
            <rect
              key={day.date}
              x={index * slot + (slot - width) / 2}
              y={HEIGHT - BOTTOM - height}
              width={width}
              height={height}
              className="bar"
            />
          );
        })}
      </svg>
      <div className="sales-chart-scale small muted" aria-hidden="true">
        <span>{formatDate(days[0]?.date)}</span>
        {days.length > 1 ? <span>{formatDate(days[days.length - 1]?.date)}</span> : null}
      </div>
      <p id={`${id}-desc`} className="small">
        {description}
      </p>
      <details className="sales-chart-table">
        <summary>Show as a table</summary>
        <table className="sales-table">
          <caption className="visually-hidden">Revenue and orders per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="cell-end">
                Orders
              </th>
              <th scope="col" className="cell-end">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDate(day.date)}</th>
                <td className="cell-end">{day.orders}</td>
                <td className="cell-end">{formatPrice(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
