/**
 * The two-step set-up's QR code: the `otpauth://` address drawn as an SVG here in the browser
 * with the `qrcode` library (its module matrix, rendered by React: no markup string is set), so
 * the secret never goes to another service. Loaded on its own (totp-panel.tsx imports this file
 * lazily), so the library stays out of the back office's first load.
 */
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The empty modules kept round the code, as the QR specification asks (4). */
const QUIET_ZONE = 4;

/**
 * The QR code of `url`, `size` CSS pixels square, named `label` for screen readers. Error
 * correction M: a phone's camera reads it off a screen at arm's length.
 */
export function TotpQrCode({
  url,
  label,
  size = 200,
}: {
  url: string;
  label: string;
  size?: number;
}) {
  const { path, side } = useMemo(() => {
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    let d = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (modules.get(y, x)) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { path: d, side: n + 2 * QUIET_ZONE };
  }, [url]);
  return (
    <svg
      className="totp-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
