import type { TBackup, TBackupList } from '@armazem/contracts/backups';
import { api } from '../../lib/api.ts';

export const backupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<TBackupList, void>({
      query: () => '/admin/backups/v1',
      providesTags: ['Backup'],
    }),
    takeBackup: build.mutation<TBackup, void>({
      query: () => ({ url: '/admin/backups/v1', method: 'POST' }),
      invalidatesTags: ['Backup'],
    }),
  }),
});

export const { useBackupsQuery, useTakeBackupMutation } = backupsApi;

/** Where a copy downloads from (the session cookie goes with it). */
export const backupUrl = (name: string) =>
  `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/admin/backups/v1/${encodeURIComponent(name)}`;
