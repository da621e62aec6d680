import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from './toaster.tsx';
import { clearToasts, toast } from './toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
  clearToasts();
});
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

const titles = () => screen.queryAllByRole('button').map((b) => b.querySelector('span span')?.textContent);

describe('toasts', () => {
  it('shows two toasts that arrive together 400 ms apart, each for 3000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'success', title: 'First' });
      toast({ type: 'error', title: 'Second' });
    });
    expect(titles()).toEqual(['First']);

    act(() => vi.advanceTimersByTime(399));
    expect(titles()).toEqual(['First']);
    act(() => vi.advanceTimersByTime(1));
    expect(titles()).toEqual(['First', 'Second']);

    // First was shown at 0 and goes at 3000; Second was shown at 400 and goes at 3400.
    act(() => vi.advanceTimersByTime(2599));
    expect(titles()).toEqual(['First', 'Second']);
    act(() => vi.advanceTimersByTime(1));
    expect(titles()).toEqual(['Second']);
    act(() => vi.advanceTimersByTime(400));
    expect(titles()).toEqual([]);
  });

  it('queues a third toast 400 ms after the second', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'A' });
      vi.advanceTimersByTime(100);
      toast({ title: 'B' });
      toast({ title: 'C' });
    });
    expect(titles()).toEqual(['A']);
    act(() => vi.advanceTimersByTime(300));
    expect(titles()).toEqual(['A', 'B']);
    act(() => vi.advanceTimersByTime(400));
    expect(titles()).toEqual(['A', 'B', 'C']);
  });

  it('does not delay a toast that comes more than 400 ms after the last one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'A' });
      vi.advanceTimersByTime(500);
      toast({ title: 'B' });
    });
    expect(titles()).toEqual(['A', 'B']);
  });

  it('honours a custom duration and is dismissed by a click', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Long', duration: 10_000 });
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(titles()).toEqual(['Long']);
    fireEvent.click(screen.getByRole('button'));
    expect(titles()).toEqual([]);
  });

  it('renders title and description as text, never as HTML', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'warn', title: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' });
    });
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('img, b')).toBeNull();
  });

  it('announces toasts politely', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
  });

  it('clears shown and queued toasts', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'A' });
      toast({ title: 'B' });
    });
    act(() => clearToasts());
    act(() => vi.advanceTimersByTime(1000));
    expect(titles()).toEqual([]);
  });
});
