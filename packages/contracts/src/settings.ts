import { z } from 'zod/mini';
import { LIMITS, ZName, noNul, orRequired, zText } from './common.ts';
import { documentKind, normalizeDocument } from './documents.ts';
import { ZCfopOverrides } from './fiscal-effects.ts';

export const TAX_REGIMES = ['simples', 'presumido', 'real'] as const;
export const ZTaxRegime = z.enum(TAX_REGIMES, {
  error: orRequired('Regime tributário inválido: use simples, presumido ou real.'),
});
export type TTaxRegime = z.infer<typeof ZTaxRegime>;
export const TAX_REGIME_LABELS: Record<TTaxRegime, string> = {
  simples: 'Simples Nacional',
  presumido: 'Lucro Presumido',
  real: 'Lucro Real',
};

/** IND_ATIV of the EFD: an industry (or one treated as such) takes IPI credits; commerce adds IPI to cost. */
export const ACTIVITIES = ['commerce', 'industry'] as const;
export const ZActivity = z.enum(ACTIVITIES, {
  error: orRequired('Atividade inválida: use commerce (comércio) ou industry (indústria).'),
});
/** IND_PERFIL of the EFD's 0000: the filing profile the state set for the business (A, B or C). */
export const EFD_PROFILES = ['A', 'B', 'C'] as const;
export const ZEfdProfile = z.enum(EFD_PROFILES, {
  error: orRequired('Perfil da EFD inválido: use A, B ou C.'),
});
/** A bonificação received: units at zero cost that dilute the average, or at the note's value. */
export const BONUS_VALUATIONS = ['zero', 'invoice'] as const;
export const ZBonusValuation = z.enum(BONUS_VALUATIONS, {
  error: orRequired('Valor da bonificação inválido: use zero ou invoice (o valor da nota).'),
});

/** A municipality's IBGE code (COD_MUN of the EFD, cMun of the NF-e): 7 digits; empty clears it. */
export const ZCityCodeInput = z
  .pipe(
    z.nullish(z.string().check(noNul(), z.trim(), z.maxLength(20))),
    z.transform((value) => (value ? value.replace(/[\s.-]/g, '') : null)),
  )
  .check(
    z.refine((value) => value === null || /^\d{7}$/.test(value), {
      error:
        'Código do município inválido: informe os 7 dígitos do código IBGE (ex.: 3550308 para São Paulo).',
    }),
  );

/** The accountant who signs the EFD (its 0100 record); each field empty while not informed. */
export const ZAccountant = z.object({
  name: z.string(),
  cpf: z.string(),
  crc: z.string(),
  email: z.string(),
  cityCode: z.string(),
});
export type TAccountant = z.infer<typeof ZAccountant>;
export const NO_ACCOUNTANT: TAccountant = { name: '', cpf: '', crc: '', email: '', cityCode: '' };

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(noNul(), z.trim(), z.maxLength(max))),
    z.transform((value) => value ?? ''),
  );

const ZAccountantCpf = z.pipe(optionalText(30), z.transform(normalizeDocument)).check(
  z.refine((cpf) => cpf === '' || documentKind(cpf) === 'cpf', {
    error: 'CPF do contador inválido: confira os dígitos verificadores.',
  }),
);

const ZAccountantEmail = z
  .pipe(
    optionalText(254),
    z.transform((value) => value.toLowerCase()),
  )
  .check(
    z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      error: 'E-mail inválido.',
    }),
  );

/** The accountant as sent: what is left out (or null) is stored empty. */
export const ZAccountantInput = z.strictObject({
  name: optionalText(100),
  cpf: ZAccountantCpf,
  crc: optionalText(15),
  email: ZAccountantEmail,
  cityCode: z.pipe(
    ZCityCodeInput,
    z.transform((value) => value ?? ''),
  ),
});

export const ZSettings = z.object({
  businessName: z.string(),
  /** Masked for display: 12.ABC.345/01DE-35 or 529.982.247-25 (empty when not set). */
  businessDocument: z.string(),
  businessStateRegistration: z.string(),
  businessAddress: z.string(),
  taxRegime: ZTaxRegime,
  activity: ZActivity,
  bonusValuation: ZBonusValuation,
  /** the admin's effect per CFOP, over the table of fiscal-effects.ts */
  cfopEffects: ZCfopOverrides,
  /** the accountant of the EFD's 0100 (DESIGN.md §6.5) */
  accountant: ZAccountant,
  efdProfile: ZEfdProfile,
  timeZone: z.string(),
});
export type TSettings = z.infer<typeof ZSettings>;

/** The business's CNPJ (numeric or alphanumeric) or CPF, validated like a supplier's; empty while not informed. */
export const ZBusinessDocument = z
  .pipe(
    z
      .string({ error: 'Campo obrigatório.' })
      .check(
        noNul(),
        z.trim(),
        z.maxLength(30, { error: 'CNPJ ou CPF inválido: confira os dígitos verificadores.' }),
      ),
    z.transform(normalizeDocument),
  )
  .check(
    z.refine((document) => document === '' || documentKind(document) !== null, {
      error: 'CNPJ ou CPF inválido: confira os dígitos verificadores.',
    }),
  );

const STATE_REGISTRATION_MESSAGE = 'Inscrição estadual inválida: informe só os números (até 14) ou ISENTO.';

/**
 * How an IE may be written: groups of at least two digits joined by one `.`, `-`, `/` or space, the last group alone
 * may be one digit (the check digit: `99.999.99-3`). `1.2.3` is not an IE however many digits it has.
 */
const STATE_REGISTRATION_WRITTEN = /^\d{2,}(?:[./ -]\d{2,})*(?:[./ -]\d)?$/;

/**
 * Inscrição estadual: `ISENTO`, or its digits (2 to 14, the longest state format) written as the states write them
 * (STATE_REGISTRATION_WRITTEN), kept without punctuation. Each state has its own check-digit rule; those are left to
 * the SEFAZ, which is where an IE is really checked (decision 0053).
 */
export const ZStateRegistration = z
  .pipe(
    z
      .string({ error: 'Campo obrigatório.' })
      .check(noNul(), z.trim(), z.maxLength(30, { error: STATE_REGISTRATION_MESSAGE })),
    z.transform((value) => {
      const upper = value.toUpperCase();
      if (upper === 'ISENTO' || upper === '') return upper;
      // written otherwise (`1.2.3`, `12a`): kept as typed, so the check below refuses it
      return STATE_REGISTRATION_WRITTEN.test(upper) ? upper.replace(/[\s./-]/g, '') : upper;
    }),
  )
  .check(
    z.refine((value) => value === '' || value === 'ISENTO' || /^\d{2,14}$/.test(value), {
      error: STATE_REGISTRATION_MESSAGE,
    }),
  );

export const ZUpdateSettingsRequest = z.strictObject({
  businessName: ZName,
  businessDocument: z._default(ZBusinessDocument, ''),
  businessStateRegistration: z._default(ZStateRegistration, ''),
  businessAddress: z._default(zText(LIMITS.description), ''),
  taxRegime: z._default(ZTaxRegime, 'simples'),
  /** kept as stored when left out (a client of an earlier release does not reset them) */
  activity: z.optional(ZActivity),
  bonusValuation: z.optional(ZBonusValuation),
  cfopEffects: z.optional(ZCfopOverrides),
  accountant: z.optional(ZAccountantInput),
  efdProfile: z.optional(ZEfdProfile),
  /** Read-only (the server's BUSINESS_TIME_ZONE): accepted unchanged, so what GET answers can be sent back. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
});
export type TUpdateSettingsRequest = z.input<typeof ZUpdateSettingsRequest>;
