/**
 * A map drawn for the project (no map service is called): a stylised street grid around the
 * office, with the river or main road each city is known for, and a pin.
 */
export function OfficeMap({ city, variant }: { city: string; variant: 'austin' | 'dallas' }) {
  const water = variant === 'austin';
  return (
    <svg
      viewBox="0 0 480 300"
      role="img"
      aria-label={`Map of the ${city} office area`}
      className="h-auto w-full rounded-xl border border-border bg-[#eef3fa]"
    >
      <defs>
        <pattern id={`blocks-${variant}`} width="48" height="48" patternUnits="userSpaceOnUse">
          <rect width="48" height="48" fill="#eef3fa" />
          <rect x="6" y="6" width="36" height="36" rx="3" fill="#dde6f3" />
        </pattern>
      </defs>
      <rect width="480" height="300" fill={`url(#blocks-${variant})`} />
      {water ? (
        <path
          d="M0 230 C 80 205, 160 255, 240 228 S 400 200, 480 222 L480 262 C 400 240, 320 270, 240 262 S 80 245, 0 268 Z"
          fill="#9cc3e6"
        />
      ) : (
        <path d="M0 60 L480 250" stroke="#c8d3e3" strokeWidth="22" />
      )}
      <path d="M0 120 H480 M0 168 H480 M168 0 V300 M312 0 V300" stroke="#ffffff" strokeWidth="10" />
      <path d="M240 0 V300" stroke="#f3d9a4" strokeWidth="14" />
      <g transform="translate(240 140)">
        <circle r="28" fill="#1849c6" opacity="0.15" />
        <path d="M0 10 C -14 -8, -16 -14, -16 -20 A16 16 0 1 1 16 -20 C 16 -14, 14 -8, 0 10 Z" fill="#1849c6" />
        <circle cy="-20" r="6" fill="#ffffff" />
      </g>
      <rect x="16" y="16" rx="6" width="132" height="34" fill="#ffffff" stroke="#c8d3e3" opacity="0.95" />
      <text x="30" y="38" fontFamily="Inter, sans-serif" fontSize="15" fontWeight="700" fill="#0b1b3a">
        {city} office
      </text>
    </svg>
  );
}
