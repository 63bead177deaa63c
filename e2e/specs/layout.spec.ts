// The layout and axe suite in Chinese (e2e/lib/layoutSuite.ts; English: layout_en.spec.ts).
import { layoutSuite } from '../lib/layoutSuite.ts';

layoutSuite('zh-CN');
