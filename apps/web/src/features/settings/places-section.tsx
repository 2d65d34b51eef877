import { useState, type FormEvent } from 'react';
import type { TEstablishment, TLocation } from '@armazem/contracts/places';
import { useAppSelector } from '../../app/hooks.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { maskDocument } from '../../lib/format.ts';
import { useNotifySuccess } from '../../lib/use-notify.ts';
import {
  useCreateEstablishmentMutation,
  useCreateLocationMutation,
  useDeleteLocationMutation,
  useUpdateEstablishmentMutation,
} from './places-api.ts';
import { useEstablishmentsQuery, useLocationsQuery } from '../../lib/places-api.ts';
import { EstablishmentAddressForm } from './establishment-address-form.tsx';
import { usePermitted } from '../../lib/permissions-api.ts';

/** A filial: name, CNPJ (the business's root) and IE; its default location is created with it. */
function NewEstablishmentForm() {
  const [create, { isLoading }] = useCreateEstablishmentMutation();
  const notify = useNotifySuccess();
  const [fields, setFields] = useState({ name: '', document: '', stateRegistration: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({
      name: fields.name,
      document: fields.document,
      ...(fields.stateRegistration ? { stateRegistration: fields.stateRegistration } : {}),
    });
    if ('error' in result) return;
    notify('Filial adicionada.');
    setFields({ name: '', document: '', stateRegistration: '' });
  };
  const field = (key: keyof typeof fields, label: string) => (
    <label className="form-control">
      <span className="label-text">{label}</span>
      <input
        className="input input-bordered input-sm"
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="border-base-300 mb-6 flex flex-wrap items-end gap-3 border-b pb-4"
      aria-label="Nova filial"
    >
      {field('name', 'Nome da filial')}
      {field('document', 'CNPJ da filial')}
      {field('stateRegistration', 'IE da filial')}
      <button type="submit" className="btn btn-primary btn-sm" disabled={isLoading}>
        <Icon name="plus" className="h-4 w-4" />
        Adicionar filial
      </button>
    </form>
  );
}

/** One location: its name, whether it is the default, and what an admin may do with it. */
function LocationRow({ location, admin }: { location: TLocation; admin: boolean }) {
  const [update] = useUpdateEstablishmentMutation();
  const [remove] = useDeleteLocationMutation();
  const notify = useNotifySuccess();
  const makeDefault = async () => {
    const result = await update({ id: location.establishmentId, body: { defaultLocationId: location.id } });
    if (!('error' in result)) notify(`${location.name} é agora o depósito padrão.`);
  };
  const drop = async () => {
    const result = await remove(location.id);
    if (!('error' in result)) notify('Depósito excluído.');
  };
  return (
    <li className="flex flex-wrap items-center gap-2 py-1" data-testid={`location-${location.name}`}>
      <span>{location.name}</span>
      {location.isDefault ? <span className="badge badge-info badge-sm">padrão</span> : null}
      {location.status === 'inactive' ? <span className="badge badge-ghost badge-sm">inativo</span> : null}
      {admin && !location.isDefault ? (
        <>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => void makeDefault()}>
            Tornar padrão
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            aria-label={`Excluir ${location.name}`}
            onClick={() => void drop()}
          >
            <Icon name="trash" className="h-4 w-4" />
            Excluir
          </button>
        </>
      ) : null}
    </li>
  );
}

function NewLocationForm({ establishment }: { establishment: TEstablishment }) {
  const [create, { isLoading }] = useCreateLocationMutation();
  const notify = useNotifySuccess();
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ establishmentId: establishment.id, name });
    if ('error' in result) return;
    notify('Depósito adicionado.');
    setName('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-2 flex flex-wrap items-end gap-2">
      <label className="form-control">
        <span className="label-text">Novo depósito em {establishment.name}</span>
        <input
          className="input input-bordered input-sm"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-sm" disabled={isLoading}>
        Adicionar depósito
      </button>
    </form>
  );
}

/** The business's establishments, each with its locations (depósitos): a section of Configurações. */
export function PlacesSection() {
  const admin = useAppSelector((state) => state.auth.user?.role === 'admin');
  // establishments are admins'; locations whoever has 'locations.manage' (DESIGN.md §6.7)
  const manage = usePermitted('locations.manage');
  const { data: establishments } = useEstablishmentsQuery();
  const { data: locations } = useLocationsQuery();
  return (
    <TitleCard title="Estabelecimentos e depósitos">
      <p className="text-base-content/70 mb-4 text-sm">
        A matriz é a empresa de Configurações (o CNPJ dela é o mesmo). As filiais têm a mesma raiz de CNPJ.
        Cada estabelecimento tem seus depósitos; um deles é o padrão. Por enquanto o estoque inteiro fica no
        depósito Principal da matriz.
      </p>
      {admin ? <NewEstablishmentForm /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        {establishments?.map((establishment) => (
          <section
            key={establishment.id}
            className="border-base-300 rounded-box border p-4"
            data-testid={`establishment-${establishment.id}`}
            aria-label={establishment.name}
          >
            <h2 className="font-semibold">{establishment.name}</h2>
            <p className="text-sm">
              {establishment.document ? `CNPJ ${maskDocument(establishment.document)}` : 'CNPJ não informado'}
              {establishment.stateRegistration ? ` · IE ${establishment.stateRegistration}` : ''}
            </p>
            <ul className="mt-2">
              {locations
                ?.filter((location) => location.establishmentId === establishment.id)
                .map((location) => (
                  <LocationRow key={location.id} location={location} admin={manage} />
                ))}
            </ul>
            {manage ? <NewLocationForm establishment={establishment} /> : null}
            {admin ? <EstablishmentAddressForm establishment={establishment} /> : null}
          </section>
        ))}
      </div>
    </TitleCard>
  );
}
