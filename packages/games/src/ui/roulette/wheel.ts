/**
 * The wheel: an SVG of the 37 pockets that turns while the ball runs the other way, then both slow
 * down together and the ball drops into the winning pocket. Purely visual; the pocket comes from the
 * server's outcome.
 */
import { svg } from '../shell/dom.ts';
import { rouletteColor } from '../../engines/roulette.ts';
import { WHEEL_ORDER } from './board.ts';

const STEP = 360 / WHEEL_ORDER.length;
const FILL = { red: '#c8323f', black: '#161b2a', green: '#0f9d6a' } as const;
const WHEEL_SPEED = 0.09; // degrees per ms
const BALL_SPEED = 0.5;
const TRACK_R = 87;
const POCKET_R = 69;
export const LANDING_MS = 2600;

const rad = (deg: number) => ((deg - 90) * Math.PI) / 180;
const polar = (r: number, deg: number) =>
  `${(r * Math.cos(rad(deg))).toFixed(3)} ${(r * Math.sin(rad(deg))).toFixed(3)}`;
const easeOut = (u: number) => 1 - (1 - u) ** 3;
const mod = (a: number, n: number) => ((a % n) + n) % n;

function wedge(index: number, inner: number, outer: number): string {
  const a0 = index * STEP - STEP / 2;
  const a1 = a0 + STEP;
  return `M${polar(inner, a0)}L${polar(outer, a0)}A${outer} ${outer} 0 0 1 ${polar(outer, a1)}L${polar(inner, a1)}A${inner} ${inner} 0 0 0 ${polar(inner, a0)}Z`;
}

export class Wheel {
  readonly el: SVGSVGElement;
  private readonly rotor: SVGGElement;
  private readonly ball: SVGCircleElement;
  private wheelAngle = 0;
  private ballAngle = 0;
  private ballRadius = POCKET_R;
  private frame = 0;

  constructor() {
    this.rotor = svg('g', { class: 'rotor' });
    this.rotor.append(
      svg('circle', { r: 96, fill: '#3a2a14' }),
      svg('circle', { r: 93, fill: '#0c1224', stroke: '#c9a25a', 'stroke-width': 1.5 }),
    );
    WHEEL_ORDER.forEach((pocket, i) => {
      this.rotor.append(
        svg('path', { d: wedge(i, 62, 93), fill: FILL[rouletteColor(pocket)], stroke: '#c9a25a', 'stroke-width': 0.5 }),
      );
      const label = svg(
        'text',
        {
          x: 0,
          y: -82,
          transform: `rotate(${i * STEP})`,
          'text-anchor': 'middle',
          'dominant-baseline': 'middle',
          class: 'wheel-num',
        },
        String(pocket),
      );
      this.rotor.append(label);
    });
    this.rotor.append(
      svg('circle', { r: 62, fill: 'url(#cone)', stroke: '#c9a25a', 'stroke-width': 1 }),
      ...[0, 90, 180, 270].map((a) =>
        svg('rect', { x: -2, y: -44, width: 4, height: 88, rx: 2, fill: '#c9a25a', transform: `rotate(${a + 45})` }),
      ),
      svg('circle', { r: 12, fill: '#e0bd74', stroke: '#8a6a2c', 'stroke-width': 1 }),
    );
    this.ball = svg('circle', { r: 4.6, class: 'ball', fill: '#f8fafc', stroke: '#94a3b8', 'stroke-width': 0.6 });
    const defs = svg(
      'defs',
      {},
      svg(
        'radialGradient',
        { id: 'cone', cx: '50%', cy: '45%', r: '60%' },
        svg('stop', { offset: '0', 'stop-color': '#3b4d7a' }),
        svg('stop', { offset: '1', 'stop-color': '#111a33' }),
      ),
    );
    this.el = svg(
      'svg',
      { viewBox: '-100 -100 200 200', class: 'wheel', 'aria-hidden': 'true' },
      defs,
      this.rotor,
      this.ball,
    );
    this.ballAngle = 0;
    this.draw();
  }

  private draw(): void {
    this.rotor.setAttribute('transform', `rotate(${this.wheelAngle.toFixed(2)})`);
    const [x, y] = polar(this.ballRadius, this.ballAngle).split(' ');
    this.ball.setAttribute('cx', x!);
    this.ball.setAttribute('cy', y!);
  }

  /** Shows `pocket` under the ball at once (no motion). */
  settle(pocket: number): void {
    cancelAnimationFrame(this.frame);
    this.ballRadius = POCKET_R;
    this.ballAngle = mod(this.wheelAngle + WHEEL_ORDER.indexOf(pocket) * STEP, 360);
    this.draw();
  }

  /** Free spin until `land` is called. */
  spin(): { land(pocket: number, notBefore: number): Promise<void>; cancel(): void } {
    cancelAnimationFrame(this.frame);
    let last = performance.now();
    this.ballRadius = TRACK_R;
    let landing: {
      from: number;
      wheelFrom: number;
      wheelBy: number;
      ballFrom: number;
      ballBy: number;
      resolve: () => void;
      pocket: number;
    } | null = null;
    let pendingLand: { pocket: number; at: number; resolve: () => void } | null = null;

    const tick = (now: number) => {
      const dt = now - last;
      last = now;
      if (!landing && pendingLand && now >= pendingLand.at) {
        // Ease-out cubic starts at 3× the average speed: these distances keep both speeds continuous.
        const wheelBy = (WHEEL_SPEED * LANDING_MS) / 3;
        const wheelEnd = this.wheelAngle + wheelBy;
        const target = wheelEnd + WHEEL_ORDER.indexOf(pendingLand.pocket) * STEP;
        const roughBallEnd = this.ballAngle - (BALL_SPEED * LANDING_MS) / 3;
        const ballEnd = roughBallEnd - mod(roughBallEnd - target, 360);
        landing = {
          from: now,
          wheelFrom: this.wheelAngle,
          wheelBy,
          ballFrom: this.ballAngle,
          ballBy: ballEnd - this.ballAngle,
          resolve: pendingLand.resolve,
          pocket: pendingLand.pocket,
        };
      }
      if (landing) {
        const u = Math.min(1, (now - landing.from) / LANDING_MS);
        const p = easeOut(u);
        this.wheelAngle = landing.wheelFrom + landing.wheelBy * p;
        this.ballAngle = landing.ballFrom + landing.ballBy * p;
        // The ball leaves the track and drops to the pockets over the second half.
        this.ballRadius =
          TRACK_R -
          (TRACK_R - POCKET_R) * Math.min(1, Math.max(0, (u - 0.45) / 0.4)) +
          (u > 0.45 && u < 0.9 ? Math.sin(u * 40) * 1.2 * (0.9 - u) : 0);
        this.draw();
        if (u >= 1) {
          this.wheelAngle = mod(this.wheelAngle, 360);
          this.settle(landing.pocket);
          landing.resolve();
          return;
        }
      } else {
        this.wheelAngle += WHEEL_SPEED * dt;
        this.ballAngle -= BALL_SPEED * dt;
        this.draw();
      }
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);

    return {
      land: (pocket, notBefore) =>
        new Promise<void>((resolve) => {
          pendingLand = { pocket, at: Math.max(performance.now(), notBefore - LANDING_MS), resolve };
        }),
      cancel: () => {
        cancelAnimationFrame(this.frame);
        this.ballRadius = POCKET_R;
        this.draw();
      },
    };
  }
}
