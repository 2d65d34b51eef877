import { z } from 'zod/mini';
import { ZId, ZName, ZStatus, noNul, zChoice, zEdit } from './common.ts';
import { documentKind, normalizeDocument } from './documents.ts';
import { ZCityCodeInput, ZStateRegistration } from './settings.ts';
import { ZAddress, ZAddressInput } from './suppliers.ts';

/**
 * More than one place (DESIGN.md §6.3): the business's establishments (matriz and filiais, each with its CNPJ of one
 * root) and the stock locations (depósitos) of each, one of them its default.
 */

/** An establishment's address also names its municipality's IBGE code (the EFD's COD_MUN, DESIGN.md §6.5). */
export const ZEstablishmentAddress = z.extend(ZAddress, { cityCode: z.nullable(z.string()) });
export const ZEstablishmentAddressInput = z.extend(ZAddressInput, { cityCode: z.optional(ZCityCodeInput) });

export const ZEstablishment = z.object({
  id: z.number(),
  name: z.string(),
  /** the CNPJ; empty while the business has not informed it (the first establishment, from settings) */
  document: z.string(),
  stateRegistration: z.nullable(z.string()),
  address: ZEstablishmentAddress,
  defaultLocationId: z.number(),
  status: ZStatus,
});
export type TEstablishment = z.infer<typeof ZEstablishment>;
export const ZEstablishmentList = z.array(ZEstablishment);

/** An establishment's CNPJ: 14 characters with valid check digits (a CPF has no filiais). */
export const ZEstablishmentDocument = z
  .pipe(
    z
      .string({ error: 'Campo obrigatório.' })
      .check(noNul(), z.trim(), z.minLength(1, { error: 'Campo obrigatório.' }), z.maxLength(30)),
    z.transform(normalizeDocument),
  )
  .check(
    z.refine((document) => documentKind(document) === 'cnpj', {
      error: 'CNPJ inválido: confira os dígitos verificadores.',
    }),
  );

export const ZNewEstablishment = z.strictObject({
  name: ZName,
  document: ZEstablishmentDocument,
  stateRegistration: z.optional(ZStateRegistration),
  address: z.optional(ZEstablishmentAddressInput),
  /** the name of its default location; "Principal" when not given */
  defaultLocationName: z.optional(ZName),
});
export type TNewEstablishment = z.input<typeof ZNewEstablishment>;

export const ZUpdateEstablishment = zEdit({
  name: z.optional(ZName),
  document: z.optional(ZEstablishmentDocument),
  stateRegistration: z.optional(ZStateRegistration),
  address: z.optional(ZEstablishmentAddressInput),
  defaultLocationId: z.optional(ZId),
  status: z.optional(ZStatus),
});
export type TUpdateEstablishment = z.input<typeof ZUpdateEstablishment>;

export const ZEstablishmentParams = z.object({ establishmentId: ZId });

export const ZLocation = z.object({
  id: z.number(),
  establishmentId: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  status: ZStatus,
});
export type TLocation = z.infer<typeof ZLocation>;
export const ZLocationList = z.array(ZLocation);

export const ZLocationQuery = z.object({ establishmentId: z.optional(ZId) });

export const ZNewLocation = z.strictObject({ establishmentId: ZId, name: ZName });
export type TNewLocation = z.input<typeof ZNewLocation>;

export const ZUpdateLocation = zEdit({ name: z.optional(ZName), status: z.optional(ZStatus) });
export type TUpdateLocation = z.input<typeof ZUpdateLocation>;

export const ZLocationParams = z.object({ locationId: ZId });

/** The 8 characters every CNPJ of one business shares. */
export const cnpjRoot = (document: string) => document.slice(0, 8);

/** Where a user's movements and counts go unless they name another location (DESIGN.md §6.3). */
export const ZDefaultLocation = z.object({
  /** the user's own choice; null: none (the matriz's default location applies) */
  locationId: z.nullable(z.number()),
  /** the location that applies now: the user's (while active), else the matriz's default */
  effective: z.object({ id: z.number(), name: z.string(), establishmentId: z.number() }),
});
export type TDefaultLocation = z.infer<typeof ZDefaultLocation>;

export const ZSetDefaultLocation = z.strictObject({
  locationId: z.nullable(zChoice('Selecione o depósito.')),
});
export type TSetDefaultLocation = z.input<typeof ZSetDefaultLocation>;
