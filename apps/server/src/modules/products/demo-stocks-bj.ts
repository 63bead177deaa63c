import type { DemoListing } from './demo-listings.js';

/**
 * Demo listings of the Beijing Stock Exchange (920 codes; see demo-listings.ts on the 2025 code change).
 * One file per exchange so that demo-listings.ts stays the readable index of the demo data rather than
 * 300-odd rows; the order of the rows is the order of the seed (DEMO_STOCKS concatenates Shanghai, Shenzhen, Beijing).
 */
export const DEMO_STOCKS_BJ: readonly DemoListing[] = [
  // 北交所 (920: 2025-10-09 起的代码; 存量公司为 920 + 原代码后三位)
  { code: '920000', name: '安徽凤凰', market: 'bj', prevClose: '10.50' },
  { code: '920002', name: '万达轴承', market: 'bj', prevClose: '50.00' },
  { code: '920008', name: '成电光信', market: 'bj', prevClose: '40.00' },
  { code: '920016', name: '中草香料', market: 'bj', prevClose: '30.00' },
  { code: '920017', name: '星昊医药', market: 'bj', prevClose: '18.00' },
  { code: '920047', name: '诺思兰德', market: 'bj', prevClose: '10.50' },
  { code: '920060', name: '万源通', market: 'bj', prevClose: '30.00' },
  { code: '920077', name: '吉林碳谷', market: 'bj', prevClose: '11.50' },
  { code: '920088', name: '科力股份', market: 'bj', prevClose: '35.00' },
  { code: '920090', name: '*ST同辉', market: 'bj', prevClose: '3.50' },
  { code: '920098', name: '科隆新材', market: 'bj', prevClose: '25.00' },
  { code: '920099', name: '瑞华技术', market: 'bj', prevClose: '45.00' },
  { code: '920116', name: '星图测控', market: 'bj', prevClose: '45.00' },
  { code: '920118', name: '太湖远大', market: 'bj', prevClose: '35.00' },
  { code: '920128', name: '胜业电气', market: 'bj', prevClose: '25.00' },
  { code: '920139', name: '华岭股份', market: 'bj', prevClose: '30.00' },
  { code: '920163', name: '方大新材', market: 'bj', prevClose: '9.00' },
  { code: '920185', name: '贝特瑞', market: 'bj', prevClose: '24.50' },
  { code: '920190', name: '雷神科技', market: 'bj', prevClose: '30.00' },
  { code: '920198', name: '微创光电', market: 'bj', prevClose: '9.80' },
  { code: '920208', name: '青矩技术', market: 'bj', prevClose: '40.00' },
  { code: '920239', name: '长虹能源', market: 'bj', prevClose: '28.00' },
  { code: '920344', name: '三元基因', market: 'bj', prevClose: '15.00' },
  { code: '920368', name: '连城数控', market: 'bj', prevClose: '26.00' },
  { code: '920418', name: '苏轴股份', market: 'bj', prevClose: '22.50' },
  { code: '920489', name: '佳先股份', market: 'bj', prevClose: '12.00' },
  { code: '920509', name: '同惠电子', market: 'bj', prevClose: '25.00' },
  { code: '920510', name: '丰光精密', market: 'bj', prevClose: '15.00' },
  { code: '920593', name: '鼎智科技', market: 'bj', prevClose: '60.00' },
  { code: '920599', name: '同力股份', market: 'bj', prevClose: '11.00' },
  { code: '920640', name: '富士达', market: 'bj', prevClose: '25.00' },
  { code: '920729', name: '永顺生物', market: 'bj', prevClose: '11.00' },
  { code: '920735', name: '德源药业', market: 'bj', prevClose: '28.00' },
  { code: '920799', name: '艾融软件', market: 'bj', prevClose: '38.00' },
  { code: '920808', name: '曙光数创', market: 'bj', prevClose: '60.00' },
  { code: '920819', name: '颖泰生物', market: 'bj', prevClose: '4.20' },
  { code: '920839', name: '万通液压', market: 'bj', prevClose: '22.00' },
  { code: '920924', name: '广脉科技', market: 'bj', prevClose: '14.00' },
  { code: '920925', name: '锦好医疗', market: 'bj', prevClose: '16.00' },
  { code: '920961', name: '创远信科', market: 'bj', prevClose: '20.00' },
  { code: '920964', name: '润农节水', market: 'bj', prevClose: '6.50' },
  { code: '920981', name: '晶赛科技', market: 'bj', prevClose: '25.00' },
  { code: '920982', name: '锦波生物', market: 'bj', prevClose: '280.00' },
];
