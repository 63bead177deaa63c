import { createContext, useContext } from 'react';
import type { LazyPage } from '../lib/chunk';
import type { RouteEntry } from '../lib/routing';

/**
 * The shell's route table (app/routes.tsx) for the pages that list other pages (the workplace's quick links,
 * the role editor's permission rows, 状态栏管理): the shell provides it around every page it renders
 * (layouts/BasicLayout.tsx). A page importing app/routes.tsx instead would be an import cycle (the table
 * imports every page), and features may not import app/.
 */
export const ShellRoutesContext = createContext<RouteEntry<LazyPage>[]>([]);

export const useShellRoutes = (): RouteEntry<LazyPage>[] => useContext(ShellRoutesContext);
