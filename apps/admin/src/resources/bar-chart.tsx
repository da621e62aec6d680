import { useId } from 'react';
import { useTheme } from '@mui/material';

export type Bar = { label: string; value: number };

const WIDTH = 720;
const HEIGHT = 280;
const PAD = { top: 16, right: 16, bottom: 64, left: 80 };

/** Round figures for the value axis: 0 and the extremes, rounded out to 1, 2 or 5 times a power of ten. */
function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value)!;
  return step * power;
}

const formatValue = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 2 });

/**
 * A small SVG bar chart, negative values below the zero line. Accessible as one image: its <title> and
 * <desc> name what it shows and every value (the same figures are in the table beside it); each bar
 * has its own <title> for a pointer.
 */
export function BarChart(props: { title: string; valueLabel: string; categoryLabel: string; bars: Bar[] }) {
  const { title, valueLabel, categoryLabel, bars } = props;
  const theme = useTheme();
  const id = useId();
  const top = niceCeiling(Math.max(0, ...bars.map((b) => b.value)));
  const bottom = -niceCeiling(-Math.min(0, ...bars.map((b) => b.value)));
  const span = top - bottom || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((top - value) / span) * plotH;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.max(2, Math.min(48, slot * 0.7));
  // Every label when they fit, else every n-th.
  const every = Math.ceil(bars.length / 14);
  const ticks = [...new Set([top, 0, bottom])];
  const ink = theme.palette.text.secondary;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((b) => `${b.label}: ${formatValue(b.value)}`).join('; ')}</desc>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill={ink}>
            {formatValue(tick)}
          </text>
        </g>
      ))}
      {bars.map((bar, i) => {
        const x = PAD.left + slot * i + (slot - barW) / 2;
        const [from, to] = bar.value >= 0 ? [y(bar.value), y(0)] : [y(0), y(bar.value)];
        return (
          <g key={bar.label}>
            <rect
              x={x}
              y={from}
              width={barW}
              height={Math.max(1, to - from)}
              fill={bar.value >= 0 ? theme.palette.primary.main : theme.palette.error.main}
            >
              <title>{`${bar.label}: ${formatValue(bar.value)}`}</title>
            </rect>
            {i % every === 0 && (
              <text
                x={x + barW / 2}
                y={HEIGHT - PAD.bottom + 14}
                fontSize="11"
                fill={ink}
                textAnchor="end"
                transform={`rotate(-35 ${x + barW / 2} ${HEIGHT - PAD.bottom + 14})`}
              >
                {bar.label}
              </text>
            )}
          </g>
        );
      })}
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotH} stroke={ink} />
      <text
        x={14}
        y={PAD.top + plotH / 2}
        fontSize="12"
        fill={ink}
        textAnchor="middle"
        transform={`rotate(-90 14 ${PAD.top + plotH / 2})`}
      >
        {valueLabel}
      </text>
      <text x={PAD.left + plotW / 2} y={HEIGHT - 4} fontSize="12" fill={ink} textAnchor="middle">
        {categoryLabel}
      </text>
    </svg>
  );
}
