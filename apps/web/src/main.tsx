import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startSession } from '@/features/auth';
import { captureAffiliateTag } from '@/shared/lib/affiliate-tag.ts';
import { trackViewportHeight } from '@/shared/lib/viewport-height.ts';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';

// Before the router reads the URL, so `stag` never reaches the router or analytics.
captureAffiliateTag();
trackViewportHeight();
void startSession();

const router = createAppRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
