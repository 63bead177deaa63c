/** modules/order.mjs: the domains, lowest first (eslint.config.js reads it too, so it is plain JavaScript). */
export declare const DOMAIN_ORDER: readonly string[];
