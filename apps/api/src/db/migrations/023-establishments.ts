import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

/**
 * More than one place (DESIGN.md §6.3, decision 0067): the business's establishments and their stock locations.
 * Today's business becomes the first establishment, "Matriz" (its CNPJ, IE and address from settings), with one
 * location, "Principal", its default. Nothing else moves: every figure stays as it was.
 */
export function establishments(dialect: Dialect) {
  const t = columnTypes(dialect);
  const status = (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo('active')
      .check(sql`status in ('active', 'inactive')`);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable('establishments'), dialect)
        .addColumn('name', 'varchar(200)', notNull)
        // null while the business has not informed its CNPJ (only the first establishment)
        .addColumn('document', 'varchar(14)', (col) => col.unique())
        .addColumn('state_registration', 'varchar(20)')
        .addColumn('street', 'varchar(200)')
        .addColumn('street_number', 'varchar(20)')
        .addColumn('district', 'varchar(100)')
        .addColumn('city', 'varchar(100)')
        .addColumn('state', 'varchar(2)')
        .addColumn('zip', 'varchar(8)')
        .addColumn('default_location_id', 'integer')
        .addColumn('status', 'varchar(10)', status)
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('updated_at', t.timestamp, notNull)
        .execute();
      await withId(db.schema.createTable('locations'), dialect)
        .addColumn('establishment_id', 'integer', (col) => col.notNull().references('establishments.id'))
        .addColumn('name', 'varchar(200)', notNull)
        .addColumn('status', 'varchar(10)', status)
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('updated_at', t.timestamp, notNull)
        .addUniqueConstraint('locations_name_once', ['establishment_id', 'name'])
        .execute();
      await seedMatriz(db);
    },
  };
}

async function seedMatriz(db: MigrationDb) {
  const { rows } = await sql<{ key: string; value: string }>`select key, value from settings`.execute(db);
  const settings = new Map(rows.map((row) => [row.key, row.value]));
  const now = new Date().toISOString();
  const document = settings.get('businessDocument') || null;
  await sql`insert into establishments (name, document, state_registration, street, status, created_at, updated_at)
    values ('Matriz', ${document}, ${settings.get('businessStateRegistration') || null},
      ${(settings.get('businessAddress') || '').slice(0, 200) || null}, 'active', ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into locations (establishment_id, name, status, created_at, updated_at)
    select id, 'Principal', 'active', ${now}, ${now} from establishments`.execute(db);
  await sql`update establishments set default_location_id = (select min(id) from locations)`.execute(db);
}
