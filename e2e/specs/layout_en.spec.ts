// The layout and axe suite in English (e2e/lib/layoutSuite.ts; Chinese: layout.spec.ts).
import { layoutSuite } from '../lib/layoutSuite.ts';

layoutSuite('en-US');
