import { describe, expect, it } from 'vitest';
import type { ApprovalRule } from '@stock-admin/contracts';
import { willBeHeld } from '../../src/shared/approvalHint';

const rule = (o: Partial<ApprovalRule>): ApprovalRule => ({
  operation: 'balance',
  enabled: true,
  threshold: '50000.00',
  expiresHours: 24,
  money: true,
  stepUp: true,
  pendingChange: null,
  updatedAt: null,
  updatedBy: null,
  ...o,
});

describe('the guarded forms say beforehand when a call will wait for a second administrator', () => {
  it('at or over the threshold, as the server weighs it', () => {
    expect(willBeHeld(rule({}), '49999.99')).toBe(false);
    expect(willBeHeld(rule({}), '50000')).toBe(true);
    expect(willBeHeld(rule({}), '1000000.5')).toBe(true);
  });
  it('every call without a threshold or for an operation that moves no money; none when off or unknown', () => {
    expect(willBeHeld(rule({ threshold: null }), '1')).toBe(true);
    expect(willBeHeld(rule({ operation: 'access', money: false, threshold: null }))).toBe(true);
    expect(willBeHeld(rule({ enabled: false }), '90000')).toBe(false);
    expect(willBeHeld(undefined, '90000')).toBe(false);
    expect(willBeHeld(rule({}), null)).toBe(false);
    expect(willBeHeld(rule({}), 'abc')).toBe(false);
  });
});
