/** The product mark: a rising candlestick chart (inline SVG, no asset request). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="app-logo">
      <rect width="32" height="32" rx="7" fill="#1e9fff" />
      <path d="M6 23l6-6 4 4 9-10" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="25" cy="11" r="2.2" fill="#fff" />
    </svg>
  );
}
