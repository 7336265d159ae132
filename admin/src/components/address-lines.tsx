/**
 * An order's delivery address as lines (name; street; city and postal code; country), each
 * line shown only when it has text: the order page and the packing slip print the same.
 */
import type { ReactNode } from 'react';

export interface AddressLinesProps {
  address: {
    fullname: string;
    street?: string | null;
    city?: string | null;
    postal_code?: string | null;
    country: string;
  };
}

/** The address's lines, separated by `<br />`, for inside an `<address>`. */
export function AddressLines({ address: a }: AddressLinesProps): ReactNode {
  const lines = [
    a.fullname,
    a.street,
    [a.city, a.postal_code].filter(Boolean).join(' '),
    a.country,
  ].filter((line): line is string => Boolean(line));
  return lines.map((line, index) => (
    <span key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </span>
  ));
}
