import { accountApi, sessionApi, type InputOf } from '@stock-admin/contracts';
import { call, upload, type UploadInputOf } from '../../lib/request';

/** Typed calls of 个人中心 (the signed-in admin's own settings). */
export const accountCalls = {
  profile: () => call(accountApi.profile),
  updateBasic: (q: InputOf<typeof accountApi.updateBasic>) => call(accountApi.updateBasic, q),
  /** Multipart field `file`. */
  uploadAvatar: (file: File) => upload(accountApi.uploadAvatar, { file }, { timeout: 30_000 }),
  updatePassword: (q: InputOf<typeof accountApi.updatePassword>) => call(accountApi.updatePassword, q),
  getGoogle: () => call(accountApi.getGoogle),
  updateGoogle: (q: InputOf<typeof accountApi.updateGoogle>) => call(accountApi.updateGoogle, q),
  getIosPush: () => call(accountApi.getIosPush),
  /** Multipart: the .p8 key file travels as `keyFile`. */
  updateIosPush: (q: UploadInputOf<typeof accountApi.updateIosPush>) => upload(accountApi.updateIosPush, q, { timeout: 30_000 }),
  testIosPush: (q: InputOf<typeof accountApi.testIosPush>) => call(accountApi.testIosPush, q, { timeout: 30_000 }),
  /** Only the header badge choice (the server merges it into the saved site style). */
  setSiteStyle: (badges: number[]) => call(sessionApi.setSiteStyle, { badges }, { dataType: 'json' }),
};
