export interface Bar {
  label: string;
  value: number;
  /** The value as written beside the bar ("12", "4.5 days", "—"). */
  valueText: string;
}

/** Maps [0, max] onto [0, 100] percent of the chart's width: a linear scale. */
export function linearScale(max: number): (value: number) => number {
  const domain = max > 0 ? max : 1;
  return (value) => (Math.max(0, Math.min(value, domain)) / domain) * 100;
}

const ROW_HEIGHT = 46;
const BAR_TOP = 24;
const BAR_HEIGHT = 14;
/** Longer labels are shortened in the picture; the table under it has them whole. */
const MAX_LABEL = 30;

const shorten = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);

/**
 * A horizontal bar chart drawn on the server: an SVG with no viewBox, so it takes its
 * container's width while its text keeps the page's size (a scaled viewBox would shrink the labels
 * to nothing on a phone). Bar lengths are percentages of the width; each row is its label and
 * value on one line and the bar under them. The SVG is one image to assistive technology, named
 * by `summary`; the exact numbers are the table the caller puts under it.
 */
export function BarChart({ summary, bars }: { summary: string; bars: readonly Bar[] }) {
  const x = linearScale(Math.max(0, ...bars.map((bar) => bar.value)));
  return (
    <svg role="img" aria-label={summary} width="100%" height={bars.length * ROW_HEIGHT} className="block text-sm">
      {bars.map((bar, index) => {
        const top = index * ROW_HEIGHT;
        const width = x(bar.value);
        return (
          <g key={`${index}-${bar.label}`}>
            <text x="0" y={top + 16} className="fill-foreground">
              {shorten(bar.label)}
            </text>
            <text x="100%" y={top + 16} textAnchor="end" className="fill-foreground font-semibold tabular-nums">
              {bar.valueText}
            </text>
            <rect x="0" y={top + BAR_TOP} width="100%" height={BAR_HEIGHT} rx="4" className="fill-muted" />
            {/* A value above zero keeps a sliver, however small beside the largest. */}
            {bar.value > 0 && (
              <rect x="0" y={top + BAR_TOP} width={`${Math.max(width, 1)}%`} height={BAR_HEIGHT} rx="4" className="fill-primary" />
            )}
          </g>
        );
      })}
    </svg>
  );
}
