// Public surface of the support feature: lazy, so neither the widget nor its texts weigh on the first JS.
import { lazy } from 'react';

export const SupportWidget = lazy(() => import('./support-widget.tsx').then((m) => ({ default: m.SupportWidget })));
export const ContactForm = lazy(() => import('./contact-form.tsx').then((m) => ({ default: m.ContactForm })));
