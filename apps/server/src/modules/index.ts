import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { logsRoutes } from './logs/routes.js';
import { sessionRoutes } from './session/routes.js';

/** Every domain's routes; a domain adds one line here. */
export const domainRoutes: ((app: FastifyInstance, ctx: AppContext) => void | Promise<void>)[] = [sessionRoutes, logsRoutes];
import { channelsRoutes } from './channels/routes.js';
import { fundsRoutes } from './funds/routes.js';
domainRoutes.push(channelsRoutes, fundsRoutes);
import { countsRoutes } from './counts/routes.js';
domainRoutes.push(countsRoutes);
import { adminsRoutes } from './admins/routes.js';
import { rolesRoutes } from './roles/routes.js';
import { accountRoutes } from './account/routes.js';
import { tasksRoutes } from './tasks/routes.js';
domainRoutes.push(adminsRoutes, rolesRoutes, accountRoutes, tasksRoutes);
import { usersRoutes } from './users/routes.js';
import { agentsRoutes } from './agents/routes.js';
import { fundRecordsRoutes } from './fundrecords/routes.js';
import { platformRoutes } from './platform/routes.js';
domainRoutes.push(usersRoutes, agentsRoutes, fundRecordsRoutes, platformRoutes);
import { messagesRoutes } from './messages/routes.js';
domainRoutes.push(messagesRoutes);
import { productsRoutes } from './products/routes.js';
domainRoutes.push(productsRoutes);
import { marketRoutes } from './market/routes.js';
domainRoutes.push(marketRoutes);
