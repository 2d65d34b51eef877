import type { z } from 'zod/mini';
import type {
  TEstablishment,
  TLocation,
  ZNewEstablishment,
  ZNewLocation,
  ZUpdateEstablishment,
  ZUpdateLocation,
} from '@armazem/contracts/places';
import type { Db, Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, found, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { addressColumns, addressColumnsOf } from '../shared/address-rules.ts';
import { writeSettings } from '../settings/settings-public-service.ts';
import {
  DEFAULT_LOCATION_ELSEWHERE,
  addressLine,
  DEFAULT_LOCATION_STAYS,
  ESTABLISHMENT_NOT_FOUND,
  INACTIVE_ESTABLISHMENT,
  LOCATION_HAS_MOVEMENTS,
  LOCATION_NAME_TAKEN,
  LOCATION_NOT_FOUND,
  MATRIZ_STAYS_ACTIVE,
  MATRIZ_WITHOUT_DOCUMENT,
  documentTakenMessage,
  rootProblem,
  toEstablishment,
  toLocation,
  type EstablishmentRow,
} from './places-rules.ts';
import {
  deleteLocation,
  documentTaken,
  findEstablishmentRow,
  findLocationRow,
  firstEstablishmentRow,
  insertEstablishment,
  insertLocation,
  locationInUse,
  forgetDefaultLocation,
  listEstablishmentRows,
  listLocationRows,
  locationNameTaken,
  updateEstablishment,
  updateLocation,
} from './places-repository.ts';
import { assertDocumentFits } from './places-documents.ts';

type NewEstablishment = z.output<typeof ZNewEstablishment>;
type UpdateEstablishment = z.output<typeof ZUpdateEstablishment>;
type NewLocation = z.output<typeof ZNewLocation>;
type UpdateLocation = z.output<typeof ZUpdateLocation>;

/** An establishment after an edit: what was sent over what it was. */
const mergeEdit = (before: EstablishmentRow, input: UpdateEstablishment) => ({
  name: input.name ?? before.name,
  document: input.document ?? before.document,
  state_registration:
    input.stateRegistration === undefined ? before.state_registration : input.stateRegistration || null,
  ...addressColumns(input.address, addressColumnsOf(before)),
  city_code: input.address?.cityCode === undefined ? before.city_code : input.address.cityCode,
  default_location_id: input.defaultLocationId ?? before.default_location_id,
  status: input.status ?? before.status,
});

const establishmentNotFound = () => notFound(ESTABLISHMENT_NOT_FOUND);
const locationNotFound = () => notFound(LOCATION_NOT_FOUND);

const foundEstablishment = async (db: Db | Tx, id: number): Promise<TEstablishment> =>
  toEstablishment(found(await findEstablishmentRow(db, id), establishmentNotFound));
const foundLocation = async (db: Db | Tx, id: number): Promise<TLocation> =>
  toLocation(found(await findLocationRow(db, id), locationNotFound));

export function createEstablishmentsService({ db, events }: Pick<ServiceDeps, 'db' | 'events'>) {
  return {
    establishments: async () => (await listEstablishmentRows(db)).map(toEstablishment),
    establishment: (id: number) => foundEstablishment(db, id),

    /** A filial: a CNPJ of the business's root, with its default location. */
    async createEstablishment(userId: number, input: NewEstablishment): Promise<TEstablishment> {
      const id = await db.transaction().execute(async (tx) => {
        const matriz = await firstEstablishmentRow(tx);
        if (!matriz?.document) throw conflict(MATRIZ_WITHOUT_DOCUMENT);
        const others = (await listEstablishmentRows(tx)).map((row) => row.document);
        if (await documentTaken(tx, input.document)) throw conflict(documentTakenMessage(input.document));
        const problem = rootProblem(input.document, others);
        if (problem) throw conflict(problem);
        const values = {
          name: input.name,
          document: input.document,
          state_registration: input.stateRegistration || null,
          ...addressColumns(input.address),
          city_code: input.address?.cityCode ?? null,
          status: 'active' as const,
        };
        const newId = await insertEstablishment(tx, values);
        const locationId = await insertLocation(tx, newId, input.defaultLocationName ?? 'Principal');
        await updateEstablishment(tx, newId, { default_location_id: locationId });
        await audit(tx, {
          userId,
          action: 'create',
          entity: 'establishment',
          entityId: newId,
          after: values,
        });
        return newId;
      });
      events.publish('reference');
      return foundEstablishment(db, id);
    },

    async updateEstablishment(
      userId: number,
      id: number,
      input: UpdateEstablishment,
    ): Promise<TEstablishment> {
      await db.transaction().execute(async (tx) => {
        const before = found(await findEstablishmentRow(tx, id), establishmentNotFound);
        const matriz = await firstEstablishmentRow(tx);
        const isMatriz = matriz?.id === id;
        if (input.document !== undefined) await assertDocumentFits(tx, id, input.document);
        if (input.status === 'inactive' && isMatriz) throw conflict(MATRIZ_STAYS_ACTIVE);
        if (input.defaultLocationId !== undefined) {
          const location = await findLocationRow(tx, input.defaultLocationId);
          if (!location || location.establishment_id !== id || location.status !== 'active')
            throw conflict(DEFAULT_LOCATION_ELSEWHERE);
        }
        const next = mergeEdit(before, input);
        await updateEstablishment(tx, id, next);
        // the matriz is the business of the settings: editing one edits the other
        if (isMatriz) {
          await writeSettings(tx, {
            businessDocument: next.document ?? '',
            businessStateRegistration: next.state_registration ?? '',
            // the printed address of the business (reports, the book) follows the matriz's parts (issue 33)
            ...(addressLine(next) ? { businessAddress: addressLine(next) } : {}),
          });
        }
        await audit(tx, {
          userId,
          action: 'update',
          entity: 'establishment',
          entityId: id,
          before,
          after: next,
        });
      });
      events.publish('reference');
      return foundEstablishment(db, id);
    },
  };
}

export type EstablishmentsService = ReturnType<typeof createEstablishmentsService>;

export function createLocationsService({ db, events }: Pick<ServiceDeps, 'db' | 'events'>) {
  return {
    locations: async (establishmentId?: number) =>
      (await listLocationRows(db, establishmentId)).map(toLocation),
    location: (id: number) => foundLocation(db, id),

    async createLocation(userId: number, input: NewLocation): Promise<TLocation> {
      const id = await db.transaction().execute(async (tx) => {
        const establishment = found(
          await findEstablishmentRow(tx, input.establishmentId),
          establishmentNotFound,
        );
        if (establishment.status !== 'active') throw conflict(INACTIVE_ESTABLISHMENT);
        if (await locationNameTaken(tx, input.establishmentId, input.name))
          throw conflict(LOCATION_NAME_TAKEN);
        const newId = await insertLocation(tx, input.establishmentId, input.name);
        await audit(tx, { userId, action: 'create', entity: 'location', entityId: newId, after: input });
        return newId;
      });
      events.publish('reference');
      return foundLocation(db, id);
    },

    async updateLocation(userId: number, id: number, input: UpdateLocation): Promise<TLocation> {
      await db.transaction().execute(async (tx) => {
        const before = found(await findLocationRow(tx, id), locationNotFound);
        if (input.status === 'inactive' && before.default_location_id === id)
          throw conflict(DEFAULT_LOCATION_STAYS);
        if (
          input.name !== undefined &&
          (await locationNameTaken(tx, before.establishment_id, input.name, id))
        )
          throw conflict(LOCATION_NAME_TAKEN);
        await updateLocation(tx, id, input);
        await audit(tx, { userId, action: 'update', entity: 'location', entityId: id, before, after: input });
      });
      events.publish('reference');
      return foundLocation(db, id);
    },

    /** Only a location that is not its establishment's default and holds no movement can go. */
    async removeLocation(userId: number, id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const before = found(await findLocationRow(tx, id), locationNotFound);
        if (before.default_location_id === id) throw conflict(DEFAULT_LOCATION_STAYS);
        if (await locationInUse(tx, id)) throw conflict(LOCATION_HAS_MOVEMENTS);
        await forgetDefaultLocation(tx, id);
        await deleteLocation(tx, id);
        await audit(tx, { userId, action: 'delete', entity: 'location', entityId: id, before });
      });
      events.publish('reference');
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
