// `npm run backup`: on SQLite, an online copy like the server's (it may keep running); on PostgreSQL, pg_dump -Fc to
// BACKUP_DIR when pg_dump is installed (docs/decisions/0056).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../apps/api/src/config/env.ts';
import { SQLITE_FILE_NAME } from '../apps/api/src/db/database.ts';
import { createBackupsService } from '../apps/api/src/domain/backups/backups-service.ts';
import { backupName } from '../apps/api/src/domain/backups/backups-rules.ts';

function postgresDump(databaseUrl: string, dir: string) {
  const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.error(
      'O pg_dump não está instalado (ou não está no PATH). Instale o cliente do PostgreSQL (no Debian/Ubuntu: apt install postgresql-client) ou faça a cópia no servidor do banco: pg_dump -Fc -f armazem.dump "$DATABASE_URL".',
    );
    process.exit(1);
  }
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(new Date()).replace(/\.sqlite$/, '.dump'));
  const result = spawnSync('pg_dump', ['-Fc', '-f', file, '--dbname', databaseUrl], { stdio: 'inherit' });
  if (result.status !== 0) {
    fs.rmSync(file, { force: true });
    console.error('O pg_dump falhou: veja a mensagem acima.');
    process.exit(1);
  }
  console.log(
    `Cópia do PostgreSQL gravada em ${file} (restaure com: pg_restore --clean --if-exists -d "$DATABASE_URL" ${file}).`,
  );
}

async function main() {
  const env = loadEnv();
  if (env.DATABASE_URL)
    return postgresDump(env.DATABASE_URL, env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));
  const sqliteFile = path.join(env.DATA_DIR, SQLITE_FILE_NAME);
  if (!fs.existsSync(sqliteFile)) {
    console.error(`Banco não encontrado em ${sqliteFile}: confira o DATA_DIR.`);
    process.exit(1);
  }
  const backups = createBackupsService({
    dialect: 'sqlite',
    sqliteFile,
    dir: env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'),
    keep: env.BACKUP_KEEP,
    hour: env.BACKUP_HOUR,
    timeZone: env.BUSINESS_TIME_ZONE,
  });
  const run = await backups.take('script');
  if (run.result === 'error') {
    console.error(run.message);
    process.exit(1);
  }
  console.log(
    `Cópia gravada em ${path.join(env.BACKUP_DIR ?? '', run.name)} (${run.size} bytes, ${run.durationMs} ms).`,
  );
}

void main();
