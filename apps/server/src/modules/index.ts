import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { logsRoutes } from './logs/routes.js';
import { sessionRoutes } from './session/routes.js';

/** Every domain's routes; a domain adds one line here. */
export const domainRoutes: ((app: FastifyInstance, ctx: AppContext) => void | Promise<void>)[] = [sessionRoutes, logsRoutes];
