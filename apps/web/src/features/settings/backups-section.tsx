import type { TBackup } from '@armazem/contracts/backups';
import type { Column } from '../../components/ui/data-table.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { featureMessages } from '../../config/feature-messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useNotifySuccess } from '../../lib/use-notify.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { backupUrl, useBackupsQuery, useTakeBackupMutation } from './backups-api.ts';

const text = featureMessages.backups;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

const durationText = (ms: number) =>
  ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

const columns: Array<Column<TBackup>> = [
  { key: 'when', header: text.when, cell: (run) => formatDateTime(run.createdAt) },
  {
    key: 'size',
    header: text.size,
    align: 'right',
    cell: (run) => (run.result === 'ok' ? sizeText(run.size) : '—'),
  },
  { key: 'duration', header: text.duration, align: 'right', cell: (run) => durationText(run.durationMs) },
  {
    key: 'result',
    header: text.result,
    cell: (run) =>
      run.result === 'ok' ? (
        <span className="badge badge-success">{text.ok}</span>
      ) : (
        <span className="badge badge-error" title={run.message}>
          {text.error}
        </span>
      ),
  },
  {
    key: 'download',
    header: text.name,
    align: 'right',
    cell: (run) =>
      run.result === 'ok' ? (
        <a className="link" href={backupUrl(run.name)} download={run.name}>
          {text.download} <span className="sr-only">{run.name}</span>
        </a>
      ) : (
        run.message
      ),
  },
];

/** Configurações → Cópias de segurança (admins): the copies on disk, a copy now, downloads; PostgreSQL says why not. */
export function BackupsSection() {
  const { data } = useBackupsQuery();
  const [take, { isLoading }] = useTakeBackupMutation();
  const notify = useNotifySuccess();
  const dispatch = useAppDispatch();
  const sqlite = data?.dialect === 'sqlite';
  const action = sqlite ? (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={isLoading}
      onClick={async () => {
        const result = await take();
        if (result.data?.result === 'ok') notify(text.taken);
        else if (result.data)
          dispatch(showNotification({ message: result.data.message ?? text.error, status: 0 }));
      }}
    >
      {isLoading ? text.taking : text.takeNow}
    </button>
  ) : undefined;
  return (
    <TitleCard title={text.title} actions={action}>
      {data && !sqlite ? (
        <div className="space-y-2 text-sm" data-testid="backups-postgres">
          <p>{data.message}</p>
          <p className="font-mono break-words">{text.postgresCommands}</p>
        </div>
      ) : null}
      {data && sqlite ? (
        <div className="space-y-3" data-testid="backups">
          <p className="text-base-content/70 text-sm">
            {text.schedule(data.hour ?? 3, data.keep ?? 14, data.dir ?? '')}
          </p>
          {data.data.length === 0 ? (
            <p className="text-sm">{text.empty}</p>
          ) : (
            <DataTable
              label={text.title}
              columns={columns}
              rows={data.data}
              rowKey={(run) => run.name}
              rowTestId={(run) => `backup-row-${run.name}`}
            />
          )}
        </div>
      ) : null}
    </TitleCard>
  );
}
