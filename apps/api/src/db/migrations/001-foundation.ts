import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

const CATEGORIES = [
  'Alimentos',
  'Bebidas',
  'Limpeza',
  'Higiene e Beleza',
  'Papelaria',
  'Utilidades',
  'Ferramentas',
  'Eletrônicos',
  'Embalagens',
  'Matéria-prima',
  'Outros',
];

const UNITIES: Array<[code: string, name: string, fractional: number]> = [
  ['UN', 'Unidade', 0],
  ['KG', 'Quilograma', 1],
  ['G', 'Grama', 1],
  ['L', 'Litro', 1],
  ['ML', 'Mililitro', 1],
  ['M', 'Metro', 1],
  ['M2', 'Metro quadrado', 1],
  ['CM', 'Centímetro', 1],
  ['CX', 'Caixa', 0],
  ['PCT', 'Pacote', 0],
  ['FD', 'Fardo', 0],
  ['DZ', 'Dúzia', 0],
  ['PAR', 'Par', 0],
  ['RL', 'Rolo', 0],
  ['SC', 'Saco', 0],
];

const UNITY_BATCHES: Array<[code: string, name: string]> = [
  ['AVULSA', 'Unidade avulsa'],
  ['CAIXA', 'Caixa'],
  ['FARDO', 'Fardo'],
  ['PACOTE', 'Pacote'],
  ['SACO', 'Saco'],
  ['PALETE', 'Palete'],
  ['FRASCO', 'Frasco'],
  ['GALAO', 'Galão'],
  ['LATA', 'Lata'],
  ['ROLO', 'Rolo'],
  ['DISPLAY', 'Display'],
  ['BANDEJA', 'Bandeja'],
];

export function foundation(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await accountTables(db, dialect, t);
      await referenceTables(db, dialect, t);
    },
  };
}

async function accountTables(db: MigrationDb, dialect: Dialect, t: ReturnType<typeof columnTypes>) {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('role', 'varchar(20)', (col) => col.notNull().check(sql`role in ('admin', 'operator')`))
    .addColumn('status', 'varchar(20)', (col) =>
      col.notNull().check(sql`status in ('pending', 'active', 'disabled')`),
    )
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('last_seen_at', t.timestamp, notNull)
    .addColumn('expires_at', t.timestamp, notNull)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('password_resets'), dialect)
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, notNull)
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, notNull)
    .execute();

  await withId(db.schema.createTable('audit_log'), dialect, 'bigint')
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('action', 'varchar(40)', notNull)
    .addColumn('entity', 'varchar(60)', notNull)
    .addColumn('entity_id', 'varchar(60)')
    .addColumn('before_data', 'text')
    .addColumn('after_data', 'text')
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema.createIndex('audit_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(60)', (col) => col.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
}

async function referenceTables(db: MigrationDb, dialect: Dialect, t: ReturnType<typeof columnTypes>) {
  await withId(db.schema.createTable('categories'), dialect)
    .addColumn('name', 'varchar(200)', (col) => col.notNull().unique())
    .execute();
  await withId(db.schema.createTable('unities'), dialect)
    .addColumn('code', 'varchar(10)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('fractional', t.flag, (col) => col.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable('unity_batches'), dialect)
    .addColumn('code', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .execute();

  await db
    .insertInto('categories')
    .values(CATEGORIES.map((name) => ({ name })))
    .execute();
  await db
    .insertInto('unities')
    .values(UNITIES.map(([code, name, fractional]) => ({ code, name, fractional })))
    .execute();
  await db
    .insertInto('unity_batches')
    .values(UNITY_BATCHES.map(([code, name]) => ({ code, name })))
    .execute();
  await db
    .insertInto('settings')
    .values([
      { key: 'businessName', value: 'Minha Empresa' },
      { key: 'businessDocument', value: '' },
      { key: 'businessAddress', value: '' },
    ])
    .execute();
}
