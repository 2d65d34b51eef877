import { useState, type FormEvent } from 'react';
import {
  PERMISSION_ACTIONS,
  PERMISSION_GROUPS,
  PERMISSIONS,
  type TOperatorPermissions,
} from '@armazem/contracts/permissions';
import { useAppDispatch } from '../../app/hooks.ts';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { featureMessages } from '../../config/feature-messages.ts';
import { usePermissionsQuery, useUpdatePermissionsMutation } from '../../lib/permissions-api.ts';
import { showNotification } from '../../stores/header-slice.ts';

/** Configurações → Permissões (admins): per action, whether operators may do it (DESIGN.md §6.7). */
export function PermissionsSection() {
  const { data } = usePermissionsQuery();
  return (
    <TitleCard title="Permissões dos operadores">
      <p className="text-base-content/70 mb-4 text-sm">
        Administradores podem tudo. Marque o que os operadores também podem fazer; lançar entradas e saídas,
        iniciar e contar balanços e importar planilhas, NF-e e lotes todos podem.
      </p>
      {data ? <PermissionsForm saved={data.operator} /> : null}
    </TitleCard>
  );
}

function PermissionsForm({ saved }: { saved: TOperatorPermissions }) {
  const dispatch = useAppDispatch();
  const [operator, setOperator] = useState(saved);
  const [update, { isLoading }] = useUpdatePermissionsMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ operator });
    if (!('error' in result))
      dispatch(showNotification({ message: featureMessages.success.permissionsUpdated, status: 1 }));
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" data-testid="permissions-form">
      <div className="grid gap-4 md:grid-cols-2">
        {PERMISSION_GROUPS.map((group) => (
          <fieldset key={group} className="border-base-300 rounded-box border p-3">
            <legend className="px-1 font-semibold">{group}</legend>
            {PERMISSION_ACTIONS.filter((action) => PERMISSIONS[action].group === group).map((action) => (
              <label key={action} className="label cursor-pointer justify-start gap-2 py-1">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={operator[action]}
                  onChange={(event) => setOperator({ ...operator, [action]: event.target.checked })}
                />
                <span className="label-text">{PERMISSIONS[action].label}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <button type="submit" className="btn btn-primary w-fit" disabled={isLoading}>
        Salvar permissões
      </button>
    </form>
  );
}
