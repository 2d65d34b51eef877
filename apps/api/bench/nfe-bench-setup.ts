import type { DatabaseHandle } from '../src/db/database.ts';
import { setBusiness } from '../test/nfe-upload.ts';
import { buildNfe, manyItems } from '../../../test-support/nfe-builder.ts';
import type { App } from '../src/app.ts';
import { benchCookie } from './bench-database.ts';
import { generateCatalog } from './catalog-generator.ts';

/**
 * A business ready to import notes of `items` items: an admin's cookie, the business the builder's notes are for
 * (DESIGN.md §6.2), `items` active products, the choice of each item's product and package, and note number n.
 */
export async function nfeBench(handle: DatabaseHandle, app: App, items: number) {
  const cookie = await benchCookie(app);
  await setBusiness(app, cookie);
  await generateCatalog(handle.db, items);
  await handle.db.updateTable('products').set({ status: 'active' }).execute();
  const units = await handle.db
    .selectFrom('product_unities')
    .select(['id', 'product_id'])
    .where('is_default', '=', 1)
    .orderBy('product_id')
    .execute();
  const emitter = { cnpj: '11444777000161', name: 'Distribuidora Bench Ltda' };
  const note = (n: number) => buildNfe({ items: manyItems(items), emitter, number: String(n) }).xml;
  const choices = units.map((u, i) => ({ item: i + 1, productId: u.product_id, productUnityId: u.id }));
  return { cookie, note, choices, firstProductId: units[0]!.product_id };
}
