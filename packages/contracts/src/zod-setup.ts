import { config } from 'zod';

// In a browser the console runs under a CSP without 'unsafe-eval' (apps/server http/security.ts): zod
// must not compile parsers with `new Function` there (even its probe for it is a CSP violation). The
// server keeps the compiled parsers.
if (typeof window !== 'undefined' && typeof document !== 'undefined') config({ jitless: true });
