import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/shared/router';
import { useModal, type ModalApi } from './use-modal.ts';

function setup(path: string) {
  let api!: ModalApi;
  function Probe() {
    api = useModal();
    return null;
  }
  const router = createMemoryRouter([{ path: '*', Component: Probe }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const url = () => router.state.location.pathname + router.state.location.search;
  return { api: () => api, url, router };
}

describe('useModal', () => {
  it('opens a modal by setting its query key, bare when it has no value', () => {
    const t = setup('/bonuses?tab=2');
    act(() => t.api().open('sign-in'));
    expect(t.url()).toBe('/bonuses?tab=2&sign-in');
  });

  it('puts the value in the query', () => {
    const t = setup('/');
    act(() => t.api().open('wallet', 'deposit'));
    expect(t.url()).toBe('/?wallet=deposit');
  });

  it('closes a modal by removing its key and keeps the rest of the query', () => {
    const t = setup('/x?tab=2&search&wallet=withdraw');
    act(() => t.api().close('search'));
    expect(t.url()).toBe('/x?tab=2&wallet=withdraw');
  });

  it('closes the top modal when no name is given', () => {
    const t = setup('/?search&categories');
    act(() => t.api().close());
    expect(t.url()).toBe('/?search');
  });

  it('replaces one modal with another without a new history entry', () => {
    const t = setup('/?sign-in');
    act(() => t.api().replace('sign-in', 'forgot-pass'));
    expect(t.url()).toBe('/?forgot-pass');
    expect(t.router.state.historyAction).toBe('REPLACE');
  });

  it('lets calls in one tick build on each other', () => {
    const t = setup('/?sign-in');
    act(() => {
      t.api().close('sign-in');
      t.api().open('sign-up');
    });
    expect(t.url()).toBe('/?sign-up');
  });

  it('stacks modals in the order they were opened', () => {
    const t = setup('/');
    act(() => t.api().open('search'));
    act(() => t.api().open('providers'));
    expect(t.url()).toBe('/?search&providers');
  });
});
