/**
 * The crash chart: the multiplier curve over time on a canvas that rescales as the round grows.
 * Decorative (aria-hidden): the multiplier and the result are given as text next to it.
 */
import { CRASH_GROWTH_PER_MS, crashMultiplierAt, crashTimeOf } from '../../engines/crash.ts';

export type GraphState = 'idle' | 'running' | 'crashed' | 'cashed';

/** Axis maxima that keep the curve inside the chart with some headroom. */
export function graphScale(elapsedMs: number, multiplier: number): { maxMs: number; maxMultiplier: number } {
  return { maxMs: Math.max(8000, elapsedMs * 1.15), maxMultiplier: Math.max(2, 1 + (multiplier - 1) * 1.25) };
}

/** Round grid steps for the multiplier axis: 0.5×, 1×, 2×, 5×, 10× … apart. */
export function multiplierTicks(maxMultiplier: number): number[] {
  const span = maxMultiplier - 1;
  const steps = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
  const step = steps.find((s) => span / s <= 5) ?? 5000;
  const ticks: number[] = [];
  for (let v = 1 + step; v < maxMultiplier; v += step) ticks.push(Math.round(v * 100) / 100);
  return ticks;
}

export class CrashGraph {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private width = 0;
  private height = 0;

  constructor() {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'crash-canvas';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.ctx = this.canvas.getContext('2d')!;
    new ResizeObserver(() => this.resize()).observe(this.canvas);
  }

  private resize(): void {
    const rect = this.canvas.getBoundingClientRect();
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    this.width = rect.width;
    this.height = rect.height;
    this.canvas.width = Math.round(rect.width * ratio);
    this.canvas.height = Math.round(rect.height * ratio);
    this.ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.draw(this.lastElapsed, this.lastState, this.lastCap);
  }

  private lastElapsed = 0;
  private lastState: GraphState = 'idle';
  private lastCap: number | null = null;

  /** `cap`: the curve stops at this multiplier (crash point or cash-out). */
  draw(elapsedMs: number, state: GraphState, cap: number | null = null): void {
    this.lastElapsed = elapsedMs;
    this.lastState = state;
    this.lastCap = cap;
    const { ctx, width: w, height: hgt } = this;
    if (!w || !hgt) return;
    ctx.clearRect(0, 0, w, hgt);
    const pad = { left: 52, right: 14, top: 14, bottom: 26 };
    const plotW = w - pad.left - pad.right;
    const plotH = hgt - pad.top - pad.bottom;
    const current = Math.min(crashMultiplierAt(elapsedMs), cap ?? Infinity);
    const { maxMs, maxMultiplier } = graphScale(elapsedMs, current);
    const x = (ms: number) => pad.left + (ms / maxMs) * plotW;
    const y = (m: number) => pad.top + plotH - ((m - 1) / (maxMultiplier - 1)) * plotH;

    ctx.font = '12px ui-sans-serif, system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 1;
    for (const tick of [1, ...multiplierTicks(maxMultiplier)]) {
      ctx.strokeStyle = 'rgba(151, 163, 192, 0.14)';
      ctx.beginPath();
      ctx.moveTo(pad.left, y(tick));
      ctx.lineTo(w - pad.right, y(tick));
      ctx.stroke();
      ctx.fillStyle = '#97a3c0';
      ctx.textAlign = 'right';
      ctx.fillText(`${Number(tick.toFixed(2))}×`, pad.left - 8, y(tick));
    }
    const secondStep = maxMs > 40_000 ? 10 : maxMs > 20_000 ? 5 : 2;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let s = secondStep; s * 1000 < maxMs; s += secondStep)
      ctx.fillText(`${s}s`, x(s * 1000), hgt - pad.bottom + 8);

    if (state === 'idle' || elapsedMs <= 0) return;
    const end = cap === null ? elapsedMs : Math.min(elapsedMs, crashTimeOf(cap));
    const colour = state === 'crashed' ? '#f87171' : state === 'cashed' ? '#fbbf24' : '#34d399';
    const steps = 80;
    // The smooth curve (the displayed number is floored to cents, which would draw a staircase).
    const trace = () => {
      ctx.beginPath();
      ctx.moveTo(x(0), y(1));
      for (let i = 1; i <= steps; i++) {
        const ms = (end * i) / steps;
        ctx.lineTo(x(ms), y(Math.min(Math.exp(CRASH_GROWTH_PER_MS * ms), current)));
      }
    };
    const gradient = ctx.createLinearGradient(0, pad.top, 0, pad.top + plotH);
    gradient.addColorStop(0, `${colour}55`);
    gradient.addColorStop(1, `${colour}05`);
    trace();
    ctx.lineTo(x(end), y(1));
    ctx.closePath();
    ctx.fillStyle = gradient;
    ctx.fill();
    trace();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 4;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.stroke();
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(x(end), y(current), 6, 0, Math.PI * 2);
    ctx.fill();
  }
}
