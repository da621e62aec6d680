/**
 * A social sign-in the server refused during an exclusion: the callback page hands it to the sign-in
 * dialog of the page the player started from, which says it as the password sign-in would (in that
 * page's language). Read during render, forgotten once shown.
 */
let refusal: unknown = null;

export function noteSocialRefusal(error: unknown): void {
  refusal = error;
}

export const peekSocialRefusal = (): unknown => refusal;

export function forgetSocialRefusal(): void {
  refusal = null;
}
