import { beforeEach, describe, expect, it } from 'vitest';
import { captureAffiliateTag, getAffiliateTag } from './affiliate-tag.ts';

beforeEach(() => window.history.replaceState(null, '', '/'));

describe('affiliate tag (stag)', () => {
  it('stores the stag query in a cookie and removes it from the URL without a history entry', () => {
    window.history.replaceState(null, '', '/de/bonuses?stag=aff_42&tab=1#top');
    const before = window.history.length;
    captureAffiliateTag();
    expect(getAffiliateTag()).toBe('aff_42');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/de/bonuses?tab=1#top');
    expect(window.history.length).toBe(before);
  });

  it('keeps the first tag: a later stag does not overwrite the cookie but still leaves the URL', () => {
    window.history.replaceState(null, '', '/?stag=first');
    captureAffiliateTag();
    window.history.replaceState(null, '', '/?stag=second');
    captureAffiliateTag();
    expect(getAffiliateTag()).toBe('first');
    expect(window.location.search).toBe('');
  });

  it('keeps bare modal keys bare', () => {
    window.history.replaceState(null, '', '/?sign-up&stag=x');
    captureAffiliateTag();
    expect(window.location.search).toBe('?sign-up');
  });

  it('does nothing without a stag query', () => {
    window.history.replaceState(null, '', '/?tab=1');
    captureAffiliateTag();
    expect(getAffiliateTag()).toBeNull();
    expect(window.location.search).toBe('?tab=1');
  });
});
