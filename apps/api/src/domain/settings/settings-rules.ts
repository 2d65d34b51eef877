import {
  ACTIVITIES,
  BONUS_VALUATIONS,
  EFD_PROFILES,
  NO_ACCOUNTANT,
  TAX_REGIMES,
  ZAccountant,
  type TSettings,
  type TTaxRegime,
} from '@armazem/contracts/settings';
import { ZCfopOverrides } from '@armazem/contracts/fiscal-effects';
import { formatDocument } from '@armazem/contracts/documents';

const isTaxRegime = (value: string | undefined): value is TTaxRegime =>
  (TAX_REGIMES as readonly string[]).includes(value ?? '');

const oneOf = <T extends string>(choices: readonly T[], value: string | undefined, fallback: T): T =>
  (choices as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The stored overrides per CFOP (JSON text); anything a later release no longer reads is left out. */
function cfopEffectsOf(text: string | undefined): TSettings['cfopEffects'] {
  try {
    const parsed = ZCfopOverrides.safeParse(JSON.parse(text ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The stored accountant (JSON text), or every field empty. */
function accountantOf(text: string | undefined): TSettings['accountant'] {
  try {
    const parsed = ZAccountant.safeParse(JSON.parse(text ?? 'null'));
    return parsed.success ? parsed.data : NO_ACCOUNTANT;
  } catch {
    return NO_ACCOUNTANT;
  }
}

/** The settings as stored: one text per key (objects as JSON); keys left out are not touched. */
export function storedValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

/**
 * The business settings as shown, from the stored key → value pairs: the document masked (12.ABC.345/01DE-35),
 * defaults for what was never saved (or a regime a later release no longer knows). The values people send are
 * validated and normalised by the contract (ZUpdateSettingsRequest) before they get here.
 */
export function settingsFromValues(values: Record<string, string | undefined>, timeZone: string): TSettings {
  return {
    businessName: values.businessName ?? 'Minha Empresa',
    businessDocument: formatDocument(values.businessDocument ?? ''),
    businessStateRegistration: values.businessStateRegistration ?? '',
    businessAddress: values.businessAddress ?? '',
    taxRegime: isTaxRegime(values.taxRegime) ? values.taxRegime : 'simples',
    activity: oneOf(ACTIVITIES, values.activity, 'commerce'),
    bonusValuation: oneOf(BONUS_VALUATIONS, values.bonusValuation, 'zero'),
    cfopEffects: cfopEffectsOf(values.cfopEffects),
    accountant: accountantOf(values.accountant),
    efdProfile: oneOf(EFD_PROFILES, values.efdProfile, 'A'),
    timeZone,
  };
}
