import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScrollerButtons } from './ui/scroller-buttons.tsx';

/** A scroller whose width jsdom does not know: the test says how wide its content is. */
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

describe('scroller buttons', () => {
  it('enable "next" once the loaded games overflow the row, reading the sizes once per frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const runFrame = () => act(() => frames.splice(0).forEach((callback) => callback(0)));
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);

    render(<Harness />);
    runFrame();
    const next = screen.getByRole('button', { name: /next/i });
    expect(next).toBeDisabled();

    // The games arrive: the row is now wider than the screen.
    scrollWidth.mockReturnValue(1800);
    await act(async () => screen.getByRole('button', { name: 'load games' }).click());
    // Not read in the middle of the change (that forces a layout of the whole page) …
    expect(next).toBeDisabled();
    expect(frames).toHaveLength(1);
    // … but in the next frame.
    runFrame();
    expect(next).toBeEnabled();
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
  });
});
