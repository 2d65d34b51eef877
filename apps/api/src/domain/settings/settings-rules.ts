import { TAX_REGIMES, type TSettings, type TTaxRegime } from '@armazem/contracts/settings';
import { formatDocument } from '@armazem/contracts/documents';

const isTaxRegime = (value: string | undefined): value is TTaxRegime =>
  (TAX_REGIMES as readonly string[]).includes(value ?? '');

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
    timeZone,
  };
}
