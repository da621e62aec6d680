export { NotificationsPanel } from './notifications-panel.tsx';
