import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// The games feature's texts, as its index registers them in the app.
import './i18n/index.ts';
import { ScrollerButtons } from './ui/scroller-buttons.tsx';

function Row({ items }: { items: number }) {
  const scroller = useRef<HTMLUListElement>(null);
  return (
    <>
      <ScrollerButtons target={scroller} name="Slots" />
      <ul ref={scroller}>
        {Array.from({ length: items }, (_, i) => (
          <li key={i}>game {i}</li>
        ))}
      </ul>
    </>
  );
}

function Harness() {
  const [items, setItems] = useState(2);
  return (
    <>
      <button type="button" onClick={() => setItems(18)}>
        load games
      </button>
      <Row items={items} />
    </>
  );
}

/** jsdom lays nothing out: the test says which of the row's items are in view, as a browser would. */
function stubInView() {
  const watched = new Set<Element>();
  let report: IntersectionObserverCallback = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe(el: Element) {
        watched.add(el);
      }
      unobserve(el: Element) {
        watched.delete(el);
      }
      disconnect() {
        watched.clear();
      }
    },
  );
  return {
    watched,
    inView: (el: Element, isIntersecting: boolean) =>
      act(() => report([{ target: el, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)),
  };
}

describe('scroller buttons', () => {
  it('follow the row from its first and last items in view, without reading a size', async () => {
    const io = stubInView();
    const sizeRead = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get');
    render(<Harness />);
    const next = screen.getByRole('button', { name: 'Scroll Slots forward' });
    const previous = screen.getByRole('button', { name: 'Scroll Slots back' });
    const items = () => screen.getAllByRole('listitem');

    // Two skeletons, both on screen: nothing to scroll to.
    expect([...io.watched]).toEqual([items()[0], items()[1]]);
    io.inView(items()[0]!, true);
    io.inView(items()[1]!, true);
    expect(next).toBeDisabled();
    expect(previous).toBeDisabled();

    // The games arrive: the new last item is watched, and it is off screen.
    await act(async () => screen.getByRole('button', { name: 'load games' }).click());
    expect(io.watched.has(items()[17]!)).toBe(true);
    expect(io.watched.has(items()[1]!)).toBe(false);
    io.inView(items()[17]!, false);
    expect(next).toBeEnabled();
    expect(previous).toBeDisabled();

    // Scrolled on: the first item leaves the view, the last one comes in.
    io.inView(items()[0]!, false);
    io.inView(items()[17]!, true);
    expect(previous).toBeEnabled();
    expect(next).toBeDisabled();
    expect(sizeRead).not.toHaveBeenCalled();
  });
});
