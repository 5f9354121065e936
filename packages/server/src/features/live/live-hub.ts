/**
 * Live changes of open agreements (docs/sharing.md §13; ADR 199): which members have an agreement
 * open, and each new version as it is stored, delivered to every open stream whichever server
 * holds it. With Redis (REDIS_URL, several servers) the servers exchange events over one
 * publish/subscribe channel; without it, one server delivers them itself.
 *
 * Presence: each server knows its own open streams and announces, per agreement, the members it
 * holds whenever that changes and every PRESENCE_HEARTBEAT_MS; another server's announcement is
 * forgotten PRESENCE_EXPIRY_MS after its last one (a server killed without a word).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LivePresence, LiveSaved } from '@bpa/domain/api-live';

/** The Redis channel all servers of one deployment share. */
export const LIVE_CHANNEL = 'bpa:live';
/** How often a server repeats who it holds in each open agreement. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** How long another server's word on presence counts without being repeated. */
export const PRESENCE_EXPIRY_MS = 3 * PRESENCE_HEARTBEAT_MS;

/** A member with the agreement open. */
export interface LiveMember {
  userId: string;
  name: string;
}

/** What one open stream is told. */
export interface LiveListener {
  saved(event: LiveSaved): void;
  presence(event: LivePresence): void;
}

/** The hub of one server. */
export interface LiveHub {
  /**
   * Opens a stream of one agreement for a member: they count as present until the returned
   * function is called, and `listener` hears every change and presence of the agreement.
   */
  join(contractId: string, member: LiveMember, listener: LiveListener): () => void;
  /** Tells every stream of the agreement, on every server, that a new version was stored. */
  announceSaved(contractId: string, event: LiveSaved): void;
  /** Resolves once this server hears the others (its Redis subscription is made); at once without Redis. */
  ready(): Promise<void>;
  /** How many streams this server holds for an account (LIVE_STREAMS_PER_USER). */
  streamsOf(userId: string): number;
  /** Stops the heartbeat and the subscription, and ends every stream (the server is closing). */
  close(): Promise<void>;
}

/** A message on LIVE_CHANNEL. */
type ChannelMessage =
  { kind: 'saved'; contractId: string; event: LiveSaved } | { kind: 'presence'; contractId: string; serverId: string; members: LiveMember[]; ask: boolean };

interface Stream {
  member: LiveMember;
  listener: LiveListener;
}

/**
 * Makes the hub: over Redis when `redis` is given (a subscriber connection is made from it), in
 * this process otherwise.
 *
 * @param options `redis`: the shared client (shared-state.ts) or null; `onError`: where Redis
 *   problems are reported; `now`: the clock for presence expiry
 */
export function createLiveHub(options: { redis: Redis | null; onError: (error: Error) => void; now?: () => number }): LiveHub {
  const now = options.now ?? Date.now;
  const serverId = randomUUID();
  /** Streams of this server, per agreement. */
  const local = new Map<string, Set<Stream>>();
  /** Members other servers hold, per agreement then server, with when they last said so. */
  const remote = new Map<string, Map<string, { members: LiveMember[]; at: number }>>();
  // The subscriber waits for its connection (the shared client refuses commands while disconnected).
  const subscriber = options.redis?.duplicate({ enableOfflineQueue: true }) ?? null;

  const othersFor = (contractId: string, userId: string): LivePresence => {
    const seen = new Map<string, LiveMember>();
    for (const stream of local.get(contractId) ?? []) seen.set(stream.member.userId, stream.member);
    for (const [server, word] of remote.get(contractId) ?? []) {
      if (now() - word.at > PRESENCE_EXPIRY_MS) remote.get(contractId)?.delete(server);
      else for (const member of word.members) seen.set(member.userId, member);
    }
    seen.delete(userId);
    return { others: [...seen.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  };
  const tellPresence = (contractId: string) => {
    for (const stream of local.get(contractId) ?? []) stream.listener.presence(othersFor(contractId, stream.member.userId));
  };
  const localMembers = (contractId: string): LiveMember[] => [...new Map([...(local.get(contractId) ?? [])].map((s) => [s.member.userId, s.member])).values()];

  const receive = (message: ChannelMessage) => {
    if (message.kind === 'saved') {
      for (const stream of local.get(message.contractId) ?? []) stream.listener.saved(message.event);
      return;
    }
    if (message.serverId === serverId) return;
    const words = remote.get(message.contractId) ?? new Map();
    if (message.members.length === 0) words.delete(message.serverId);
    else words.set(message.serverId, { members: message.members, at: now() });
    if (words.size > 0) remote.set(message.contractId, words);
    else remote.delete(message.contractId);
    if (message.ask && local.has(message.contractId)) sendPresence(message.contractId, false);
    tellPresence(message.contractId);
  };
  const send = (message: ChannelMessage) => {
    if (!options.redis) {
      receive(message);
      return;
    }
    options.redis.publish(LIVE_CHANNEL, JSON.stringify(message)).catch((error: Error) => options.onError(error));
  };
  const sendPresence = (contractId: string, ask: boolean) => {
    if (options.redis) send({ kind: 'presence', contractId, serverId, members: localMembers(contractId), ask });
  };

  if (subscriber) {
    subscriber.on('error', options.onError);
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        receive(JSON.parse(text) as ChannelMessage);
      } catch (error) {
        options.onError(error as Error);
      }
    });
  }
  const subscribed: Promise<void> = subscriber
    ? subscriber.subscribe(LIVE_CHANNEL).then(
        () => undefined,
        (error: Error) => options.onError(error),
      )
    : Promise.resolve();
  const heartbeat = setInterval(() => {
    for (const contractId of local.keys()) sendPresence(contractId, false);
  }, PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    join(contractId, member, listener) {
      const stream: Stream = { member, listener };
      const streams = local.get(contractId) ?? new Set();
      streams.add(stream);
      local.set(contractId, streams);
      sendPresence(contractId, true);
      tellPresence(contractId);
      return () => {
        const current = local.get(contractId);
        if (!current?.delete(stream)) return;
        if (current.size === 0) local.delete(contractId);
        sendPresence(contractId, false);
        tellPresence(contractId);
      };
    },
    announceSaved(contractId, event) {
      send({ kind: 'saved', contractId, event });
    },
    ready: () => subscribed,
    streamsOf(userId) {
      let count = 0;
      for (const streams of local.values()) for (const stream of streams) if (stream.member.userId === userId) count += 1;
      return count;
    },
    async close() {
      clearInterval(heartbeat);
      for (const contractId of [...local.keys()]) {
        local.delete(contractId);
        sendPresence(contractId, false);
      }
      await subscriber?.quit().catch(() => subscriber.disconnect());
    },
  };
}
