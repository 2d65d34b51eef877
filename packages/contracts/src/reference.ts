import { z } from 'zod/mini';

export const ZCategory = z.object({ id: z.number(), name: z.string() });
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryList = z.array(ZCategory);

export const ZUnity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  fractional: z.boolean(),
});
export type TUnity = z.infer<typeof ZUnity>;
export const ZUnityList = z.array(ZUnity);

export const ZUnityBatch = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type TUnityBatch = z.infer<typeof ZUnityBatch>;
export const ZUnityBatchList = z.array(ZUnityBatch);
