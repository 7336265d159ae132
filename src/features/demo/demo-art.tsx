import type { DemoArt } from './demo-data';

/** Simple line drawings for the demo products, so the static page needs no image files. */
export function DemoArtwork({ art }: { art: DemoArt }) {
  // Colours come from the card's tint class (demo.css): the object is currentColor, the ground
  // --demo-bg through classes (a style attribute would break the page's CSP when server-rendered).
  const ink = 'currentColor';
  return (
    <svg viewBox="0 0 200 150" className="demo-card__art" aria-hidden="true" focusable="false">
      <rect width="200" height="150" className="demo-art__ground" />
      <circle cx="150" cy="36" r="46" fill={ink} opacity="0.08" />
      {art === 'board' ? (
        <g fill={ink}>
          <rect x="38" y="52" width="124" height="56" rx="10" opacity="0.85" />
          <rect x="150" y="72" width="26" height="16" rx="8" opacity="0.85" />
          <path
            d="M50 64h96M50 76h96M50 88h96M50 100h96"
            className="demo-art__ground-line"
            strokeWidth="2"
            opacity="0.35"
          />
        </g>
      ) : null}
      {art === 'vase' ? (
        <path
          d="M88 30h24v10c0 6 12 14 16 30 6 24-4 46-28 50-24-4-34-26-28-50 4-16 16-24 16-30z"
          fill={ink}
          opacity="0.85"
        />
      ) : null}
      {art === 'bowl' ? (
        <g fill={ink}>
          <path d="M44 66h112c0 30-22 50-56 50S44 96 44 66z" opacity="0.85" />
          <ellipse cx="100" cy="66" rx="56" ry="8" opacity="0.55" />
        </g>
      ) : null}
      {art === 'frame' ? (
        <g>
          <rect x="52" y="28" width="96" height="94" rx="4" fill={ink} opacity="0.85" />
          <rect x="62" y="38" width="76" height="74" className="demo-art__ground" />
          <path d="M62 96l20-18 16 12 18-22 22 28v16H62z" fill={ink} opacity="0.6" />
          <circle cx="118" cy="56" r="7" fill={ink} opacity="0.6" />
        </g>
      ) : null}
      {art === 'knife' ? (
        <g>
          <path d="M26 86c30-14 74-20 104-18v12c-36 4-70 8-104 6z" fill={ink} opacity="0.55" />
          <rect x="128" y="66" width="50" height="16" rx="6" fill={ink} opacity="0.9" />
          <circle cx="142" cy="74" r="2.5" className="demo-art__ground" />
          <circle cx="164" cy="74" r="2.5" className="demo-art__ground" />
        </g>
      ) : null}
      {art === 'cleaver' ? (
        <g>
          <path d="M30 48h92v54H42c-8 0-12-6-12-12z" fill={ink} opacity="0.55" />
          <path
            d="M40 60c20 6 40-6 72 2M40 74c24 6 44-6 72 2M40 88c20 6 44-6 72 2"
            className="demo-art__ground-line"
            strokeWidth="2"
            fill="none"
            opacity="0.5"
          />
          <rect x="122" y="62" width="56" height="18" rx="6" fill={ink} opacity="0.9" />
          <circle cx="108" cy="58" r="4" className="demo-art__ground" />
        </g>
      ) : null}
    </svg>
  );
}

/** Social icons of the demo footer: decorative drawings; the link around each carries the name. */
export function SocialIcon({ network }: { network: 'facebook' | 'instagram' | 'x' | 'youtube' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      {network === 'facebook' ? (
        <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.4-.1-2.4 0-4 1.5-4 4.1v2.1H7.7v3h2.6V21z" />
      ) : null}
      {network === 'instagram' ? (
        <path d="M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM21 8.3c-.1-1.5-.4-2.8-1.5-3.8S17.2 3.1 15.7 3c-1.5-.1-5.9-.1-7.4 0-1.5.1-2.8.4-3.8 1.5S3.1 6.8 3 8.3c-.1 1.5-.1 5.9 0 7.4.1 1.5.4 2.8 1.5 3.8s2.3 1.4 3.8 1.5c1.5.1 5.9.1 7.4 0 1.5-.1 2.8-.4 3.8-1.5s1.4-2.3 1.5-3.8c.1-1.5.1-5.9 0-7.4zm-2 9.2a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-5.3.4s-4.1.1-5.3-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-4-.4-5.3s-.1-4.1.4-5.3a3 3 0 0 1 1.7-1.7c1.2-.5 4-.4 5.3-.4s4.1-.1 5.3.4a3 3 0 0 1 1.7 1.7c.5 1.2.4 4 .4 5.3s.1 4.1-.4 5.3z" />
      ) : null}
      {network === 'x' ? (
        <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.5z" />
      ) : null}
      {network === 'youtube' ? (
        <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z" />
      ) : null}
    </svg>
  );
}
