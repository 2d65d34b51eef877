import { z } from 'zod/mini';

/**
 * Server-sent events (`GET /api/events/v1`): one message per change, `data: {"type": "...", "ids": [...]}`. The web
 * app refetches what is on screen of that type; `ids` names what changed (count ids, product ids…), empty when it
 * is "many" or unknown.
 */
export const LIVE_EVENT_TYPES = [
  'count',
  'stock',
  'products',
  'suppliers',
  'notifications',
  'reference',
  'closings',
  'settings',
] as const;
export type TLiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export const ZLiveEvent = z.object({ type: z.enum(LIVE_EVENT_TYPES), ids: z.array(z.number()) });
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
