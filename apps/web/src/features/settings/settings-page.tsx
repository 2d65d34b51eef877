import type { TSettings } from '@armazem/contracts/settings';
import { maskDocument } from '../../lib/format.ts';
import {
  ACTIVITIES,
  BONUS_VALUATIONS,
  EFD_PROFILES,
  TAX_REGIMES,
  TAX_REGIME_LABELS,
  ZUpdateSettingsRequest,
} from '@armazem/contracts/settings';
import { useState } from 'react';
import { CfopEffectsField } from './cfop-effects-field.tsx';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { PlacesSection } from './places-section.tsx';
import { featureMessages } from '../../config/feature-messages.ts';
import { fieldErrors } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { useSettingsQuery, useUpdateSettingsMutation } from './settings-api.ts';
import { timeZoneName } from './time-zone-name.ts';
import { BackupsSection } from './backups-section.tsx';
import { AccountantFields } from './accountant-fields.tsx';
import { PermissionsSection } from './permissions-section.tsx';

const REGIME_OPTIONS = TAX_REGIMES.map((regime) => ({ value: regime, label: TAX_REGIME_LABELS[regime] }));
const ACTIVITY_LABELS = {
  commerce: 'Comércio (o IPI entra no custo)',
  industry: 'Indústria (o IPI é crédito)',
};
const ACTIVITY_OPTIONS = ACTIVITIES.map((value) => ({ value, label: ACTIVITY_LABELS[value] }));
const BONUS_LABELS = {
  zero: 'A custo zero (as unidades diluem o custo médio)',
  invoice: 'Pelo valor da nota',
};
const BONUS_OPTIONS = BONUS_VALUATIONS.map((value) => ({ value, label: BONUS_LABELS[value] }));
const PROFILE_OPTIONS = EFD_PROFILES.map((value) => ({ value, label: `Perfil ${value}` }));

export default function SettingsPage() {
  usePageTitle('Configurações');
  const { data } = useSettingsQuery();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  return (
    <div className="flex flex-col gap-6">
      <TitleCard title="Dados da empresa">{data ? <SettingsForm settings={data} /> : null}</TitleCard>
      <PlacesSection />
      {isAdmin ? <PermissionsSection /> : null}
      {isAdmin ? <BackupsSection /> : null}
    </div>
  );
}

/** How NF-e are costed: the business's activity (IPI credit) and how a bonificação received comes in. */
function FiscalFields({ form, disabled }: { form: SettingsFormState; disabled: boolean }) {
  return (
    <>
      <SelectField
        label="Atividade"
        options={ACTIVITY_OPTIONS}
        disabled={disabled}
        {...form.field('activity')}
      />
      <SelectField
        label="Bonificação recebida entra"
        options={BONUS_OPTIONS}
        disabled={disabled}
        {...form.field('bonusValuation')}
      />
      <SelectField
        label="Perfil da EFD ICMS/IPI (definido pelo estado)"
        options={PROFILE_OPTIONS}
        disabled={disabled}
        {...form.field('efdProfile')}
      />
    </>
  );
}

type SettingsFormState = ReturnType<typeof useSettingsForm>;

function useSettingsForm(settings: TSettings) {
  return useZodForm(
    ZUpdateSettingsRequest,
    {
      businessName: settings.businessName,
      businessDocument: settings.businessDocument,
      businessStateRegistration: settings.businessStateRegistration,
      businessAddress: settings.businessAddress,
      taxRegime: settings.taxRegime,
      activity: settings.activity,
      bonusValuation: settings.bonusValuation,
      efdProfile: settings.efdProfile,
    },
    (values) => ({
      ...values,
      taxRegime: TAX_REGIMES.find((regime) => regime === values.taxRegime),
      activity: ACTIVITIES.find((activity) => activity === values.activity),
      bonusValuation: BONUS_VALUATIONS.find((valuation) => valuation === values.bonusValuation),
      efdProfile: EFD_PROFILES.find((profile) => profile === values.efdProfile),
    }),
  );
}

function SettingsForm({ settings }: { settings: TSettings }) {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  const form = useSettingsForm(settings);
  const [cfopEffects, setCfopEffects] = useState(settings.cfopEffects);
  const [accountant, setAccountant] = useState(settings.accountant);
  const [accountantErrors, setAccountantErrors] = useState<Record<string, string>>({});
  const onSubmit = form.handleSubmit(async (body) => {
    const result = await updateSettings({ ...body, cfopEffects, accountant });
    setAccountantErrors('error' in result ? fieldErrors(result.error) : {});
    if ('error' in result) form.setErrors(fieldErrors(result.error));
    else {
      setAccountant(result.data.accountant);
      // Show the document as the server keeps it: masked, upper-case.
      form.setValue('businessDocument', result.data.businessDocument);
      form.setValue('businessStateRegistration', result.data.businessStateRegistration);
      dispatch(showNotification({ message: featureMessages.success.settingsUpdated, status: 1 }));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-2">
      <p className="text-base-content/70 text-sm">
        Estes dados aparecem no cabeçalho dos relatórios. Fuso horário: {timeZoneName(settings.timeZone)}.
      </p>
      <TextField label="Nome da empresa" disabled={!isAdmin} {...form.field('businessName')} />
      <TextField
        label="CNPJ ou CPF"
        placeholder="00.000.000/0000-00"
        disabled={!isAdmin}
        {...form.field('businessDocument')}
        onChange={(value) => form.setValue('businessDocument', maskDocument(value))}
      />
      <TextField
        label="Inscrição estadual"
        placeholder="Somente números, ou ISENTO"
        disabled={!isAdmin}
        {...form.field('businessStateRegistration')}
      />
      <SelectField
        label="Regime tributário"
        options={REGIME_OPTIONS}
        disabled={!isAdmin}
        {...form.field('taxRegime')}
      />
      <FiscalFields form={form} disabled={!isAdmin} />
      <TextField
        label="Endereço"
        disabled
        hint="Em partes (rua, número, bairro, cidade, UF, CEP), no endereço da matriz em Estabelecimentos e depósitos, abaixo."
        {...form.field('businessAddress')}
      />
      <CfopEffectsField value={cfopEffects} onChange={setCfopEffects} disabled={!isAdmin} />
      <AccountantFields
        value={accountant}
        onChange={setAccountant}
        errors={accountantErrors}
        disabled={!isAdmin}
      />
      {isAdmin ? (
        <button type="submit" className="btn btn-primary mt-2 w-fit" disabled={isLoading}>
          Salvar
        </button>
      ) : (
        <p className="text-sm">Apenas administradores podem alterar estes dados.</p>
      )}
    </form>
  );
}
