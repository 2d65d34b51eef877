import type { TSettings } from '@armazem/contracts/settings';
import { maskDocument } from '../../lib/format.ts';
import { TAX_REGIMES, TAX_REGIME_LABELS, ZUpdateSettingsRequest } from '@armazem/contracts/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { messages } from '../../config/messages.ts';
import { fieldErrors } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { useSettingsQuery, useUpdateSettingsMutation } from './settings-api.ts';
import { timeZoneName } from './time-zone-name.ts';
import { BackupsSection } from './backups-section.tsx';

const REGIME_OPTIONS = TAX_REGIMES.map((regime) => ({ value: regime, label: TAX_REGIME_LABELS[regime] }));

export default function SettingsPage() {
  usePageTitle('Configurações');
  const { data } = useSettingsQuery();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  return (
    <div className="flex flex-col gap-6">
      <TitleCard title="Dados da empresa">{data ? <SettingsForm settings={data} /> : null}</TitleCard>
      {isAdmin ? <BackupsSection /> : null}
    </div>
  );
}

function SettingsForm({ settings }: { settings: TSettings }) {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  const form = useZodForm(
    ZUpdateSettingsRequest,
    {
      businessName: settings.businessName,
      businessDocument: settings.businessDocument,
      businessStateRegistration: settings.businessStateRegistration,
      businessAddress: settings.businessAddress,
      taxRegime: settings.taxRegime,
    },
    (values) => ({ ...values, taxRegime: TAX_REGIMES.find((regime) => regime === values.taxRegime) }),
  );
  const onSubmit = form.handleSubmit(async (body) => {
    const result = await updateSettings(body);
    if ('error' in result) form.setErrors(fieldErrors(result.error));
    else {
      // Show the document as the server keeps it: masked, upper-case.
      form.setValue('businessDocument', result.data.businessDocument);
      form.setValue('businessStateRegistration', result.data.businessStateRegistration);
      dispatch(showNotification({ message: messages.success.settingsUpdated, status: 1 }));
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
      <TextField label="Endereço" disabled={!isAdmin} {...form.field('businessAddress')} />
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
