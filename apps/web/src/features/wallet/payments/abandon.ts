/** The open deposit step the player chose to leave (from the `cancel-deposit` modal). */
const listeners = new Set<(invoiceId: string) => void>();
/** Deposit steps on screen now (their invoice ids): the only ones `cancel-deposit` can leave. */
const open = new Set<string>();

export function abandonDeposit(invoiceId: string) {
  for (const listener of listeners) listener(invoiceId);
}

export function onDepositAbandoned(listener: (invoiceId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A deposit step shows `invoiceId` until the returned function is called. */
export function markDepositOpen(invoiceId: string): () => void {
  open.add(invoiceId);
  return () => open.delete(invoiceId);
}

export const isDepositOpen = (invoiceId: string) => open.has(invoiceId);
