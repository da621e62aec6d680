/** Notifications: the messenger, the contact form and the built-in live support chat. */
export { notificationModule } from './manifest.ts';
export { latestContactMessages, openChats, postSupportMessage, postToMany, supportHistory } from './service.ts';
export type { Written } from './texts.ts';
