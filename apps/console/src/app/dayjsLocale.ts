import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from './i18n';

/**
 * dayjs follows the console language (imported by the shell: the sign-in page shows no dates, so
 * dayjs stays out of the first chunk). Feature code formats dates with `dayjs` as usual.
 */
const toDayjs = (lang: string) => (lang === 'en-US' ? 'en' : 'zh-cn');

dayjs.locale(toDayjs(i18n.language));
i18n.on('languageChanged', (lang) => dayjs.locale(toDayjs(lang)));

export default dayjs;
