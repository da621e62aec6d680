import { describe, expect, it } from 'vitest';
import { deviceTypeOf } from '../device.ts';

describe('deviceTypeOf', () => {
  it('classifies common user agents', () => {
    expect(
      deviceTypeOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('mobile');
    expect(
      deviceTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'),
    ).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(
      'tablet',
    );
    expect(deviceTypeOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(
      'tablet',
    );
    expect(
      deviceTypeOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15'),
    ).toBe('desktop');
    expect(
      deviceTypeOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'),
    ).toBe('desktop');
    expect(deviceTypeOf('')).toBe('unknown');
    expect(deviceTypeOf(null)).toBe('unknown');
  });
});
