import { MarketCmd, SocketCmd, socketMessage, watchFrame, type SocketEventType } from '@stock-admin/contracts';

/**
 * Wire protocol of `/manager/ws/{adminId}` (DESIGN §4): JSON `{cmd, type, msgType, data}` both ways.
 * The client sends `{cmd: 13}` (heartbeat) and gets `{cmd: 13}` back; the server pushes notices.
 */
export const HEARTBEAT_CMD = SocketCmd.HEARTBEAT;
/** Server → console live notice; `type` (and `msgType`) is the event type. */
export const NOTICE_CMD = 11;
/** Server → console: the last client message was refused (not JSON, or not a command object). */
export const ERROR_CMD = 0;

/** Largest client frame accepted: a heartbeat, or a WATCH of up to 500 symbols (≈ 6 KB). */
export const MAX_CLIENT_FRAME = 16_384;
/** Sockets per session (browser tabs); a further one is refused. */
export const MAX_SOCKETS_PER_SESSION = 16;
/** A socket whose unsent data exceeds this is too slow to keep up and is dropped. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Close codes (4000–4999 are the application's) with their reasons, shown to the client as-is. */
export const Close = {
  BAD_ADMIN_ID: { code: 4400, reason: 'invalid admin id in the socket path' },
  NO_TOKEN: { code: 4401, reason: 'token required (?token=)' },
  BAD_TOKEN: { code: 4401, reason: 'invalid, expired or revoked token' },
  SESSION_ENDED: { code: 4401, reason: 'session expired or revoked' },
  WRONG_ADMIN: { code: 4403, reason: 'token belongs to another admin' },
  IDLE: { code: 4408, reason: 'heartbeat timeout' },
  TOO_MANY: { code: 4429, reason: 'too many sockets for this session' },
  SLOW: { code: 4413, reason: 'client too slow to receive' },
  /** 1012 "service restart" (RFC 6455 registry): the console reconnects at once, to another instance, and asks for what it missed. */
  SHUTDOWN: { code: 1012, reason: 'server restarting: reconnect' },
  ERROR: { code: 1011, reason: 'server error' },
} as const;

/** The close of a revoked session names why (`session revoked: kickout`). */
export const revokedClose = (reason: string) => ({ code: 4409, reason: `session revoked: ${reason}` });

/** The heartbeat's reply carries the server's clock (`at`, ms): a console that reconnects asks for the notices since then. */
export const heartbeatReply = () => JSON.stringify({ cmd: HEARTBEAT_CMD, at: Date.now() });

/**
 * A notice; routed ones carry their id (the same on every instance) and when they were raised (`at`, ms), so that a
 * reconnecting console names what it last saw (`?since=`) and drops a notice it already has.
 */
export function noticeFrame(type: SocketEventType, data: unknown, stamp?: { id: string; at: number }): string {
  return JSON.stringify(
    stamp ? { cmd: NOTICE_CMD, type, msgType: type, data, id: stamp.id, at: stamp.at } : { cmd: NOTICE_CMD, type, msgType: type, data },
  );
}

export function errorFrame(msg: string): string {
  return JSON.stringify({ cmd: ERROR_CMD, type: 'ERROR', msgType: 'invalid_message', data: { msg } });
}

export type ClientFrame = { kind: 'heartbeat' } | { kind: 'watch'; gids: string[] } | { kind: 'other'; cmd: number } | { kind: 'invalid' };

/** Reads one client frame; never throws. */
export function parseClientFrame(raw: string): ClientFrame {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'invalid' };
  }
  const r = socketMessage.safeParse(value);
  if (!r.success) return { kind: 'invalid' };
  if (r.data.cmd === MarketCmd.WATCH) {
    const w = watchFrame.safeParse(value);
    return w.success ? { kind: 'watch', gids: w.data.data.gids } : { kind: 'invalid' };
  }
  return r.data.cmd === HEARTBEAT_CMD ? { kind: 'heartbeat' } : { kind: 'other', cmd: r.data.cmd };
}
