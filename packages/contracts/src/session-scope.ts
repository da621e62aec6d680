/**
 * The scope of a session an excluded player opens to withdraw their balance. A module of its own,
 * without schemas, so the web's first script can read it without pulling zod in.
 */
export const SESSION_SCOPE_WITHDRAW_ONLY = 'withdraw-only';
