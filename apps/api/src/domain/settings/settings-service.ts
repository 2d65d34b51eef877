import type { TSettings } from '@armazem/contracts/settings';
import { audit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { readSettings, writeSettings } from './settings-repository.ts';
import { storedValues } from './settings-rules.ts';
import { syncMatriz } from '../places/places-public-service.ts';

export function createSettingsService({
  db,
  events,
  timeZone,
}: Pick<ServiceDeps, 'db' | 'events'> & { timeZone: string }) {
  return {
    read: () => readSettings(db, timeZone),

    /** Saves the business settings (already validated and normalised by the contract) and audits the change. */
    update: async (
      userId: number,
      {
        timeZone: sent,
        ...values
      }: Omit<
        TSettings,
        'timeZone' | 'activity' | 'bonusValuation' | 'cfopEffects' | 'accountant' | 'efdProfile'
      > &
        Partial<
          Pick<TSettings, 'activity' | 'bonusValuation' | 'cfopEffects' | 'accountant' | 'efdProfile'>
        > & {
          timeZone?: string;
        },
    ): Promise<TSettings> => {
      if (sent !== undefined && sent !== timeZone)
        throw badRequest(
          `O fuso horário é definido na instalação do servidor (BUSINESS_TIME_ZONE) e não muda por aqui: ${timeZone}.`,
          'timeZone',
        );
      const saved = await db.transaction().execute(async (tx) => {
        const before = await readSettings(tx, timeZone);
        // the business of the settings is the first establishment (DESIGN.md §6.3)
        const matrizAddress = await syncMatriz(tx, {
          document: values.businessDocument,
          stateRegistration: values.businessStateRegistration,
        });
        // once the matriz's address has parts, they are the business's address (issue 33): the text follows them
        const businessAddress = matrizAddress || values.businessAddress;
        await writeSettings(tx, storedValues({ ...values, businessAddress }));
        await audit(tx, {
          userId,
          action: 'update',
          entity: 'settings',
          entityId: null,
          before,
          after: values,
        });
        return readSettings(tx, timeZone);
      });
      // the settings screen of another admin, and the first establishment's document in every place picker
      events.publish('settings');
      return saved;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
