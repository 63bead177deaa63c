import type { FastifyInstance } from 'fastify';
import { channelsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import * as channels from './service.js';
import * as layering from './layering.js';

/** Payment channels and layering tiers (spec §7 Payment channels, Layering screen payloads). */
export function channelsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, channelsApi.list, ({ input }) => channels.listChannels(ctx, input));
  route(app, ctx, channelsApi.withdrawals, ({ input }) =>
    channels.listChannels(ctx, { ...input, keyword: undefined }, { withdrawalsOnly: true }),
  );
  route(app, ctx, channelsApi.detail, ({ input }) => channels.getChannel(ctx, input.id));
  route(app, ctx, channelsApi.add, async ({ input, audit, message }) => {
    const { item, after } = await channels.addChannel(ctx, input);
    audit({ targetId: item.id, after });
    message('channel.added');
    return item;
  });
  route(app, ctx, channelsApi.update, async ({ input, audit, message }) => {
    const { item, before, after } = await channels.updateChannel(ctx, input);
    audit({ targetId: item.id, before, after });
    message('channel.updated');
    return item;
  });
  route(app, ctx, channelsApi.delete, async ({ input, audit, message }) => {
    const { before } = await channels.deleteChannel(ctx, input.id);
    audit({ targetId: input.id, before });
    message('channel.deleted');
    return null;
  });
  route(app, ctx, channelsApi.updateWithdrawal, async ({ input, audit, message }) => {
    const { item, before } = await channels.setWithdrawable(ctx, input.id, input.withdrawable);
    audit({ targetId: input.id, before, after: { withdrawable: item.withdrawable } });
    message('channel.updated');
    return item;
  });

  route(app, ctx, channelsApi.layering, ({ input }) => layering.listTiers(ctx.db, input));
  route(app, ctx, channelsApi.layeringAdd, async ({ input, audit, message }) => {
    const item = await layering.addTier(ctx, input);
    audit({ targetId: item.id, after: item });
    message('layering.added');
    return item;
  });
  route(app, ctx, channelsApi.layeringUpdate, async ({ input, audit, message }) => {
    const { item, before } = await layering.updateTier(ctx, input);
    audit({ targetId: item.id, before, after: item });
    message('layering.updated');
    return item;
  });
  route(app, ctx, channelsApi.layeringDelete, async ({ input, audit, message }) => {
    const { before, usersReleased } = await layering.deleteTier(ctx, input.id);
    audit({ targetId: input.id, before, after: { usersReleased } });
    message('layering.deleted');
    return null;
  });
  route(app, ctx, channelsApi.layeringChannels, ({ input }) => layering.tierChannels(ctx.db, input.layeringId));
  route(app, ctx, channelsApi.layeringChannelsAdd, async ({ input, audit, message }) => {
    const r = await layering.addTierChannels(ctx, input.layeringId, input.channelIds);
    audit({ targetId: input.layeringId, after: { channelIds: input.channelIds, added: r.added } });
    message('layering.added');
    return r;
  });
  route(app, ctx, channelsApi.layeringChannelDelete, async ({ input, audit, message }) => {
    const { before } = await layering.deleteTierChannel(ctx, input.channelLayeringPidId);
    audit({ targetId: input.channelLayeringPidId, before });
    message('layering.deleted');
    return null;
  });
  route(app, ctx, channelsApi.layeringChannelsDeleteAll, async ({ input, audit, message }) => {
    const { deleted, before } = await layering.deleteAllTierChannels(ctx, input.layeringId);
    audit({ targetId: input.layeringId, before: { channelIds: before } });
    message('layering.deleted');
    return { deleted };
  });
  route(app, ctx, channelsApi.layeringRecompute, async ({ audit, message }) => {
    const r = await layering.recomputeTiers(ctx);
    audit({ after: r });
    message('layering.recomputed', { checked: r.checked, moved: r.moved });
    return r;
  });
  route(app, ctx, channelsApi.layeringPin, async ({ input, audit, message }) => {
    const { data, before } = await layering.pinUserTier(ctx, input.userId, input.layeringId);
    audit({ targetId: input.userId, before, after: data });
    message('layering.updated');
    return data;
  });
}
