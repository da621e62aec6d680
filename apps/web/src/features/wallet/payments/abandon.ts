/** The open deposit step the player chose to leave (from the `cancel-deposit` modal). */
const listeners = new Set<(invoiceId: string) => void>();

export function abandonDeposit(invoiceId: string) {
  for (const listener of listeners) listener(invoiceId);
}

export function onDepositAbandoned(listener: (invoiceId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
