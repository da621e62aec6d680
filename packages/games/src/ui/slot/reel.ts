/** One reel: a strip of symbol cells that loops while spinning and lands on the result with a bounce. */
import type { SlotSymbol } from '../../engines/types.ts';
import { h, prefersReducedMotion } from '../shell/dom.ts';
import { SYMBOL_NAMES, symbolSvg } from './symbols.ts';

const SPIN_CELLS = 15;
export const LAND_MS = 420;

function cell(symbol: SlotSymbol): HTMLElement {
  const el = h('div', { class: 'cell', 'data-symbol': symbol, title: SYMBOL_NAMES[symbol] });
  el.innerHTML = symbolSvg(symbol);
  return el;
}

export class Reel {
  readonly el: HTMLElement;
  private readonly strip: HTMLElement;
  private loop: Animation | null = null;

  constructor(
    private readonly pool: readonly SlotSymbol[],
    visible: readonly SlotSymbol[],
  ) {
    this.strip = h('div', { class: 'strip' });
    this.el = h('div', { class: 'reel' }, this.strip);
    this.render(visible);
  }

  private random(count: number): SlotSymbol[] {
    return Array.from({ length: count }, () => this.pool[Math.floor(Math.random() * this.pool.length)]!);
  }

  private render(symbols: readonly SlotSymbol[]): void {
    this.strip.replaceChildren(...symbols.map(cell));
  }

  /** The cell showing `row` once the reel has landed. */
  cellAt(row: number): HTMLElement | null {
    return (this.strip.children[row] as HTMLElement | undefined) ?? null;
  }

  spin(): void {
    this.el.classList.add('spinning');
    if (prefersReducedMotion() || typeof this.strip.animate !== 'function') return;
    // The last three cells repeat the first three, so each loop restarts without a visible jump.
    const symbols = this.random(SPIN_CELLS);
    this.render([...symbols, ...symbols.slice(0, 3)]);
    this.loop = this.strip.animate(
      [{ transform: `translateY(-${(SPIN_CELLS * 100) / 3}%)` }, { transform: 'translateY(0)' }],
      {
        duration: SPIN_CELLS * 48,
        iterations: Infinity,
      },
    );
  }

  /** Lands on `final` (top to bottom); resolves when the reel is still. */
  async stop(final: readonly SlotSymbol[]): Promise<void> {
    this.loop?.cancel();
    this.loop = null;
    this.el.classList.remove('spinning');
    if (prefersReducedMotion() || typeof this.strip.animate !== 'function') {
      this.render(final);
      return;
    }
    // The result sits on top with a few symbols below it; sliding from the lower ones down makes it
    // drop in from above like a real reel, and the overshooting curve gives the settling bounce.
    this.render([...final, ...this.random(6)]);
    const landing = this.strip.animate([{ transform: 'translateY(-200%)' }, { transform: 'translateY(0)' }], {
      duration: LAND_MS,
      easing: 'cubic-bezier(0.22, 1.1, 0.45, 1.12)',
    });
    await landing.finished.catch(() => undefined);
    // Drop the cells below the window: they only existed for the landing.
    while (this.strip.children.length > final.length) this.strip.lastElementChild!.remove();
  }
}
