import { create } from 'zustand';
import { storage } from '@/shared/lib/storage.ts';

const COMPACT_KEY = 'drawer-compact';

type DrawerState = {
  /** The off-canvas drawer on small screens. */
  open: boolean;
  /** Opened at least once: its code is loaded on first use and then kept. */
  loaded: boolean;
  /** The desktop side nav shows icons only; kept across visits. */
  compact: boolean;
  setOpen(open: boolean): void;
  toggleCompact(): void;
};

export const useDrawer = create<DrawerState>((set, get) => ({
  open: false,
  loaded: false,
  compact: storage.get(COMPACT_KEY) === '1',
  setOpen: (open) => set(open ? { open, loaded: true } : { open }),
  toggleCompact() {
    const compact = !get().compact;
    storage.set(COMPACT_KEY, compact ? '1' : '0');
    set({ compact });
  },
}));
