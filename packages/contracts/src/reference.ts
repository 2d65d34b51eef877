import { z } from 'zod/mini';
import { ZId, ZName, ZStatus, noNul, zEdit } from './common.ts';

// Categories, units and packaging types: seeded, then managed by the business (admins), DESIGN §2 and §3.

const referenceFields = { status: ZStatus, productsCount: z.number() };

export const ZCategory = z.object({ id: z.number(), name: z.string(), ...referenceFields });
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryList = z.array(ZCategory);

export const ZUnity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  fractional: z.boolean(),
  ...referenceFields,
});
export type TUnity = z.infer<typeof ZUnity>;
export const ZUnityList = z.array(ZUnity);

export const ZUnityBatch = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ...referenceFields,
});
export type TUnityBatch = z.infer<typeof ZUnityBatch>;
export const ZUnityBatchList = z.array(ZUnityBatch);

/** `?status=active` for pickers; absent lists every row. */
export const ZReferenceListQuery = z.object({ status: z.optional(ZStatus) });
export type TReferenceListQuery = z.input<typeof ZReferenceListQuery>;
export const ZReferenceParams = z.object({ id: ZId });

/** A code: letters and digits, stored upper-case (a unit's code is the UNID of fiscal files: 1 to 6). */
function zCode(max: number, what: string) {
  return z.pipe(
    z.string({ error: 'Campo obrigatório.' }).check(noNul(), z.trim(), z.toUpperCase()),
    z
      .string()
      .check(
        z.minLength(1, { error: 'Campo obrigatório.' }),
        z.maxLength(max, { error: `O código ${what} tem no máximo ${max} caracteres.` }),
        z.regex(/^[A-Z0-9]+$/, { error: 'Use apenas letras sem acento e números, sem espaços.' }),
      ),
  );
}

export const ZNewCategory = z.strictObject({ name: ZName });
export type TNewCategory = z.input<typeof ZNewCategory>;
export const ZUpdateCategory = zEdit({ name: z.optional(ZName), status: z.optional(ZStatus) });
export type TUpdateCategory = z.input<typeof ZUpdateCategory>;

const ZFractional = z.boolean({ error: 'Informe se a unidade aceita frações (true ou false).' });
export const ZNewUnity = z.strictObject({
  code: zCode(6, 'da unidade'),
  name: ZName,
  fractional: ZFractional,
});
export type TNewUnity = z.input<typeof ZNewUnity>;
export const ZUpdateUnity = zEdit({
  name: z.optional(ZName),
  fractional: z.optional(ZFractional),
  status: z.optional(ZStatus),
});
export type TUpdateUnity = z.input<typeof ZUpdateUnity>;

export const ZNewUnityBatch = z.strictObject({ code: zCode(20, 'da embalagem'), name: ZName });
export type TNewUnityBatch = z.input<typeof ZNewUnityBatch>;
export const ZUpdateUnityBatch = zEdit({ name: z.optional(ZName), status: z.optional(ZStatus) });
export type TUpdateUnityBatch = z.input<typeof ZUpdateUnityBatch>;
