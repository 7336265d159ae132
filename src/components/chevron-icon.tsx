/** The down chevron of expandable menus (the SHOP dropdown and the mobile menu's SHOP list). */
export function ChevronIcon({ className, size = 12 }: { className?: string; size?: number }) {
  return (
    <svg className={className} aria-hidden="true" width={size} height={size} viewBox="0 0 12 12">
      <path
        d="M2 4.5 6 8.5 10 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
