/** How the cross is drawn: round 2px lines in the text's colour, unfilled. */
const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
} as const;

/**
 * The close cross (×) of the mobile menu's Close and the cart's Remove buttons, `size` pixels a
 * side; decorative (the button's label names the action).
 */
export function CloseIcon({ size }: { size: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" {...STROKE}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
