import { describe, expect, it } from 'vitest';
import { operationOf } from '../../src/modules/_kit/operations.js';

// The operation log stores paths; the console names them from the endpoint the server finds behind each one.
describe('operationOf', () => {
  it('finds the endpoint behind a logged path: its key, its page permission and action', () => {
    expect(operationOf('/admin/user/updateAmt.do')).toEqual({ key: 'updateAmt', permission: 'userlist', action: 'edit' });
    expect(operationOf('/admin/stockDz/add.do')).toEqual({ key: 'add', permission: 'newshares', action: 'add' });
  });

  it('names a signed-in-only endpoint without a permission, and no endpoint for an unknown path', () => {
    expect(operationOf('/api/adminUser/logout.do')).toEqual({ key: 'logout', permission: null, action: null });
    expect(operationOf('/admin/nothing/here.do')).toBeNull();
  });
});
