import { z } from 'zod/mini';
import { LIMITS, ZId, ZName, ZPageQuery, ZStatus, zEdit, zInt, zOptionalText, zSort } from './common.ts';
import { ZExportFormat } from './exports.ts';
import { documentKind, normalizeDocument, normalizePhone } from './documents.ts';
import { ZStateRegistration } from './settings.ts';

// Suppliers: their fields (CNPJ/CPF, phone, e-mail), list, forms and the products linked to them.
// catalog.ts re-exports all of this, so `@armazem/contracts/catalog` keeps working for older imports.

export const ZDocumentInput = z
  .pipe(
    z
      .string({ error: 'Campo obrigatório.' })
      .check(z.trim(), z.minLength(1, { error: 'Campo obrigatório.' }), z.maxLength(30)),
    z.transform(normalizeDocument),
  )
  .check(
    z.refine((document) => documentKind(document) !== null, {
      error: 'CNPJ ou CPF inválido: confira os dígitos verificadores.',
    }),
  );

export const ZPhoneInput = z
  .pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(30))),
    z.transform((value) => (value ? (normalizePhone(value) ?? `invalid:${value}`) : null)),
  )
  .check(
    z.refine((value) => value === null || !value.startsWith('invalid:'), {
      error: 'Telefone inválido: informe DDD e número.',
    }),
  );

export const ZOptionalEmail = z
  .pipe(
    z.nullish(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254))),
    z.transform((value) => (value ? value : null)),
  )
  .check(
    z.refine((value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      error: 'E-mail inválido.',
    }),
  );

/** The 27 federative units (UF) of Brazil. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** IE digits or ISENTO (see ZStateRegistration); empty or missing is null. */
export const ZSupplierStateRegistration = z.pipe(
  z.nullish(ZStateRegistration),
  z.transform((value) => (value ? value : null)),
);

export const ZUfInput = z
  .pipe(
    z.nullish(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(10))),
    z.transform((value) => (value ? value : null)),
  )
  .check(
    z.refine((value) => value === null || (UFS as readonly string[]).includes(value), {
      error: 'UF inválida: use a sigla de um dos 27 estados (ex.: SP).',
    }),
  );

/** CEP: 8 digits, stored without the mask (00000-000 on screen). */
export const ZZipInput = z
  .pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(20))),
    z.transform((value) => (value ? value.replace(/[\s.-]/g, '') : null)),
  )
  .check(
    z.refine((value) => value === null || /^\d{8}$/.test(value), {
      error: 'CEP inválido: informe os 8 dígitos.',
    }),
  );

export const ZAddressInput = z.strictObject({
  street: z.optional(zOptionalText(200)),
  number: z.optional(zOptionalText(20)),
  district: z.optional(zOptionalText(100)),
  city: z.optional(zOptionalText(100)),
  state: z.optional(ZUfInput),
  zip: z.optional(ZZipInput),
});
export type TAddressInput = z.input<typeof ZAddressInput>;

export const ZAddress = z.object({
  street: z.nullable(z.string()),
  number: z.nullable(z.string()),
  district: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zip: z.nullable(z.string()),
});
export type TAddress = z.infer<typeof ZAddress>;

/** 01310-100 for 01310100. */
export const formatZip = (zip: string | null | undefined) =>
  zip && /^\d{8}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : (zip ?? '');

export const ZSupplier = z.object({
  id: z.number(),
  name: z.string(),
  tradeName: z.nullable(z.string()),
  document: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  stateRegistration: z.nullable(z.string()),
  address: ZAddress,
  /** days an order takes to arrive: what a reorder suggestion covers (decision 0078) */
  leadTimeDays: z.number(),
  status: ZStatus,
  productsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSupplier = z.infer<typeof ZSupplier>;

export const SUPPLIER_SORTS = ['name', 'tradeName', 'document', 'status', 'createdAt'] as const;
export const ZSupplierListQuery = z.extend(ZPageQuery, {
  sort: zSort(SUPPLIER_SORTS, 'name'),
  status: z.optional(ZStatus),
  format: ZExportFormat,
});
export type TSupplierListQuery = z.input<typeof ZSupplierListQuery>;

export const ZSupplierSelectItem = z.object({ id: z.number(), name: z.string(), document: z.string() });
export const ZSupplierSelect = z.array(ZSupplierSelectItem);
export type TSupplierSelectItem = z.infer<typeof ZSupplierSelectItem>;

const ZLeadTimeDays = zInt(
  'Prazo de entrega inválido: informe um número inteiro de dias.',
  0,
  365,
  'O prazo de entrega não pode ser negativo.',
  'O prazo de entrega deve ser no máximo 365 dias.',
);

export const ZNewSupplier = z.strictObject({
  name: ZName,
  tradeName: zOptionalText(LIMITS.name),
  document: ZDocumentInput,
  email: z.optional(ZOptionalEmail),
  phone: z.optional(ZPhoneInput),
  stateRegistration: z.optional(ZSupplierStateRegistration),
  address: z.optional(ZAddressInput),
  leadTimeDays: z.optional(ZLeadTimeDays),
});
export type TNewSupplier = z.input<typeof ZNewSupplier>;

export const ZUpdateSupplier = zEdit({
  status: z.optional(ZStatus),
  name: z.optional(ZName),
  tradeName: z.optional(zOptionalText(LIMITS.name)),
  document: z.optional(ZDocumentInput),
  email: z.optional(ZOptionalEmail),
  phone: z.optional(ZPhoneInput),
  stateRegistration: z.optional(ZSupplierStateRegistration),
  address: z.optional(ZAddressInput),
  leadTimeDays: z.optional(ZLeadTimeDays),
});
export type TUpdateSupplier = z.input<typeof ZUpdateSupplier>;

export const ZSupplierParams = z.object({ supplierId: ZId });
export const ZSupplierProductParams = z.object({ supplierId: ZId, productId: ZId });

export const ZSupplierProduct = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  status: ZStatus,
  linkedAt: z.string(),
});
export const ZSupplierProducts = z.array(ZSupplierProduct);
export type TSupplierProduct = z.infer<typeof ZSupplierProduct>;
