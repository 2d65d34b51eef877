import { z } from 'zod/mini';

/** A backup's file name: what the server writes (armazem-2026-11-27T03-00-00Z.sqlite) and nothing else. */
export const BACKUP_NAME = /^armazem-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z\.sqlite$/;

export const ZBackup = z.object({
  name: z.string(),
  size: z.number(),
  createdAt: z.string(),
  durationMs: z.number(),
  result: z.enum(['ok', 'error']),
  trigger: z.optional(z.enum(['schedule', 'admin', 'script'])),
  message: z.optional(z.string()),
});
export type TBackup = z.infer<typeof ZBackup>;

export const ZBackupList = z.object({
  dialect: z.enum(['sqlite', 'postgres']),
  data: z.array(ZBackup),
  message: z.optional(z.string()),
  dir: z.optional(z.string()),
  keep: z.optional(z.number()),
  hour: z.optional(z.number()),
});
export type TBackupList = z.infer<typeof ZBackupList>;

export const ZBackupParams = z.object({ name: z.string().check(z.maxLength(200)) });

export const POSTGRES_BACKUP_MESSAGE =
  'No PostgreSQL as cópias de segurança são feitas pelo servidor do banco de dados, com o pg_dump (e devolvidas com o pg_restore). Veja a seção "Cópias de segurança" do README.';
