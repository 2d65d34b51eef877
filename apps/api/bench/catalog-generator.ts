import type { Db } from '../src/db/database.ts';
import { nowIso } from '../src/db/database.ts';
import { foldText, sortKey } from '../src/lib/text.ts';
import { insertProductCompanions } from '../src/domain/products/products-repository.ts';

const NOUNS = [
  'Arroz',
  'Feijão',
  'Açúcar',
  'Café',
  'Óleo',
  'Farinha',
  'Macarrão',
  'Sabão',
  'Detergente',
  'Papel',
  'Caneta',
  'Leite',
  'Suco',
  'Biscoito',
  'Sal',
  'Vinagre',
  'Molho',
  'Shampoo',
  'Sabonete',
  'Esponja',
];
const ADJECTIVES = [
  'Tipo 1',
  'Integral',
  'Premium',
  'Tradicional',
  'Orgânico',
  'Light',
  'Extra',
  'Especial',
  'Neutro',
  'Refinado',
];
const SIZES = ['200 g', '500 g', '1 kg', '2 kg', '5 kg', '500 ml', '1 L', '2 L', 'pct 10 un', 'cx 12 un'];

/**
 * Inserts `count` products (each with its default package and an empty balance) in batches, as the app would
 * leave them. Deterministic: product i always gets the same SKU and name.
 */
export async function generateCatalog(
  db: Db,
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const categories = await db.selectFrom('categories').select('id').execute();
  const un = await db.selectFrom('unities').select('id').where('code', '=', 'UN').executeTakeFirstOrThrow();
  const batch = await db
    .selectFrom('unity_batches')
    .select('id')
    .where('code', '=', 'AVULSA')
    .executeTakeFirstOrThrow();
  const start = (
    await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  const offset = Number(start);
  const chunk = 500;
  for (let from = 0; from < count; from += chunk) {
    const now = nowIso();
    const rows = Array.from({ length: Math.min(chunk, count - from) }, (_, k) => {
      const i = offset + from + k + 1;
      const sku = `GEN-${String(i).padStart(7, '0')}`;
      const name = `${NOUNS[i % NOUNS.length]} ${ADJECTIVES[Math.floor(i / 20) % ADJECTIVES.length]} ${SIZES[Math.floor(i / 200) % SIZES.length]} ${i}`;
      return {
        sku,
        name,
        description: null,
        category_id: categories[i % categories.length]?.id ?? 1,
        base_unity_id: un.id,
        min_stock: String((i % 50) * 1000),
        barcode: null,
        status: i % 17 === 0 ? ('inactive' as const) : ('active' as const),
        search_text: foldText(sku, name),
        name_sort: sortKey(name),
        created_at: now,
        updated_at: now,
      };
    });
    await db.transaction().execute(async (tx) => {
      const inserted = await tx.insertInto('products').values(rows).returning('id').execute();
      await insertProductCompanions(
        tx,
        inserted.map(({ id }) => id),
        { unityBatchId: batch.id, quantity: 1000n },
      );
    });
    onProgress?.(from + rows.length);
  }
}
