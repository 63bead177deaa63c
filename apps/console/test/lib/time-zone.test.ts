import { describe, expect, it } from 'vitest';
import { platformToday } from '../../src/lib/timeZone';

describe('platformToday', () => {
  it("is the date in Shanghai, not the browser's, on either side of Shanghai's midnight", () => {
    // 17:30 UTC is 01:30 the next day in Shanghai; 15:30 UTC is 23:30 the same day
    expect(platformToday(new Date('2026-11-26T17:30:00Z')).format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(platformToday(new Date('2026-11-26T15:30:00Z')).format('YYYY-MM-DD')).toBe('2026-11-26');
    expect(platformToday(new Date('2026-12-31T16:00:00Z')).locale('en').format('YYYY-MM-DD dddd')).toBe('2027-01-01 Friday');
  });
});
