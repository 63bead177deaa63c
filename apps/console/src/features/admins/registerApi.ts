import type { adminsApi, InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/**
 * The public registration calls. Typed by the contracts but without importing them at run time: the
 * register pages belong to the light sign-in side (see lib/contracts-lite.ts).
 */
const ref = <E>(path: string) => ({ method: 'POST', path }) as unknown as E;
const sendCodeEp = ref<typeof adminsApi.sendCode>('/api/adminUser/sendCode.do');
const registerEp = ref<typeof adminsApi.register>('/api/adminUser/register.do');

export const registerCalls = {
  sendCode: (phone: string) => call(sendCodeEp, { phone, purpose: 'register' }),
  register: (input: InputOf<typeof adminsApi.register>) => call(registerEp, input),
};
