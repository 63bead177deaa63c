import { contentApi, type InputOf } from '@stock-admin/contracts';
import { call, upload } from '../../lib/request';

type Q<E> = InputOf<E>;
const UPLOAD_TIMEOUT_MS = 60_000;

/** Typed calls of site content (permission `allsetting`). Failures are shown by the request client. */
export const contentCalls = {
  articles: (q: Q<typeof contentApi.articles.list>) => call(contentApi.articles.list, q),
  addArticle: (q: Q<typeof contentApi.articles.add>) => call(contentApi.articles.add, q),
  updateArticle: (q: Q<typeof contentApi.articles.update>) => call(contentApi.articles.update, q),
  showArticle: (id: number, shown: boolean) => call(contentApi.articles.updateShow, { id, shown }),
  removeArticle: (id: number) => call(contentApi.articles.delete, { id }),
  banners: (q: Q<typeof contentApi.banners.list>) => call(contentApi.banners.list, q),
  addBanner: (q: Q<typeof contentApi.banners.add>) => call(contentApi.banners.add, q),
  updateBanner: (q: Q<typeof contentApi.banners.update>) => call(contentApi.banners.update, q),
  showBanner: (id: number, shown: boolean) => call(contentApi.banners.updateShow, { id, shown }),
  removeBanner: (id: number) => call(contentApi.banners.delete, { id }),
  sortBanners: (ids: number[]) => call(contentApi.banners.sort, { ids }),
  activities: (q: Q<typeof contentApi.activities.list>) => call(contentApi.activities.list, q),
  addActivity: (q: Q<typeof contentApi.activities.add>) => call(contentApi.activities.add, q),
  updateActivity: (q: Q<typeof contentApi.activities.update>) => call(contentApi.activities.update, q),
  showActivity: (id: number, shown: boolean) => call(contentApi.activities.updateShow, { id, shown }),
  removeActivity: (id: number) => call(contentApi.activities.delete, { id }),
  imageUpload: (file: File) => upload(contentApi.imageUpload, { file }, { timeout: UPLOAD_TIMEOUT_MS }),
};
