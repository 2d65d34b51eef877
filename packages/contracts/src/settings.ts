import { z } from 'zod/mini';
import { LIMITS, ZName, zText } from './common.ts';

export const ZSettings = z.object({
  businessName: z.string(),
  businessDocument: z.string(),
  businessAddress: z.string(),
  timeZone: z.string(),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZUpdateSettingsRequest = z.strictObject({
  businessName: ZName,
  businessDocument: z._default(zText(LIMITS.document), ''),
  businessAddress: z._default(zText(LIMITS.description), ''),
});
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;
